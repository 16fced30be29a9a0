import { describe, expect, it } from 'vitest';
import { isWinAnsiText, textToPdf } from '../../server/domain/pdf';

describe('text PDFs in WinAnsi', () => {
  it('knows what the standard fonts can print', () => {
    expect(isWinAnsiText('24,95 € — Zahlungsbeleg für Lena')).toBe(true);
    expect(isWinAnsiText('24,95\u202f€')).toBe(true);
    expect(isWinAnsiText('₹1,499.00')).toBe(false);
  });

  it('writes accents and the euro sign as single WinAnsi bytes, and keeps its byte offsets right', () => {
    const pdf = textToPdf('Reçu', ['Betrag: 24,95 €', 'Prénom : Élodie', 'Rupees: ₹1']);
    const text = pdf.toString('latin1');
    expect(pdf.includes(Buffer.from([0x32, 0x34, 0x2c, 0x39, 0x35, 0x20, 0x80]))).toBe(true);
    expect(text).toContain('Pr\u00e9nom : \u00c9lodie');
    // A character the encoding lacks is dropped, not written as bytes of another.
    expect(text).toContain('(Rupees: 1)');
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    for (const [, offset, n] of [...text.matchAll(/(\d{10}) 00000 n /g)].map((m, i) => [m, Number(m[1]), i + 1] as const)) {
      expect(text.slice(offset, offset + `${n} 0 obj`.length)).toBe(`${n} 0 obj`);
    }
    const [, length, stream] = /\/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text)!;
    expect(Number(length)).toBe(stream!.length);
  });
});
