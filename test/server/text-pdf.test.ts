import { describe, expect, it } from 'vitest';
import { textToPdf } from '../../server/domain/pdf';
import { readPdf } from '../support/pdf-text';

describe('a text document as a PDF', () => {
  it("prints every culture's letters and currency signs in an embedded font, on the culture's paper", async () => {
    const german = await readPdf(
      await textToPdf('Lebenslauf', ['Prénom : Élodie', 'Gehalt: 24,95 €, £18, ₹1,499'], 'de-DE'),
    );
    expect(german.pageSizes).toEqual([[595, 842]]);
    expect(german.texts).toEqual(['Prénom : Élodie', 'Gehalt: 24,95 €, £18, ₹1,499']);
    expect(german.fonts.length).toBeGreaterThan(0);
    expect(german.fonts.every((font) => font.embedded)).toBe(true);
    expect((await readPdf(await textToPdf('Resume', ['Ava'], 'en-US'))).pageSizes).toEqual([[612, 792]]);
  });

  it('wraps a long line to the page and continues on a new page', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const lines = [long, ...Array.from({ length: 60 }, (_, i) => `Line ${i + 1}`)];
    const read = await readPdf(await textToPdf('Long', lines, 'en-GB'));
    expect(read.pageSizes).toHaveLength(2);
    expect(read.texts[0]!.startsWith('word0 word1')).toBe(true);
    expect(read.texts[0]).not.toContain('word39');
  });
});
