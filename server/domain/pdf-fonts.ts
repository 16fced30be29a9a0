/**
 * The fonts of the PDFs the server writes (receipts, documents): DejaVu Sans, regular and bold
 * (the npm package dejavu-fonts-ttf, under the Bitstream Vera licence). It has every letter of
 * the seven cultures and the €, £ and ₹ signs, which the PDF standard fonts lack. Read once per
 * process; a layout measures with the same files the PDF embeds, so what it aligns is what prints.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit, { type Font } from '@pdf-lib/fontkit';

export type FontName = 'regular' | 'bold';

const require = createRequire(import.meta.url);
const FILES: Record<FontName, string> = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
};

let bytes: Record<FontName, Uint8Array> | undefined;
export const fontBytes = (): Record<FontName, Uint8Array> =>
  (bytes ??= {
    regular: readFileSync(require.resolve(FILES.regular)),
    bold: readFileSync(require.resolve(FILES.bold)),
  });

let parsed: Record<FontName, Font> | undefined;
const fonts = () =>
  (parsed ??= { regular: fontkit.create(fontBytes().regular), bold: fontkit.create(fontBytes().bold) });

/** A text's width in points at a size, as the embedded font sets it. */
export type Measure = (text: string, size: number, font: FontName) => number;

const advances: Record<FontName, Map<number, number>> = { regular: new Map(), bold: new Map() };

/**
 * Sums the glyphs' advance widths, as a PDF viewer sets the text (the PDF carries no kerning), and
 * without shaping the whole text, which costs far more than the page's few dozen look-ups.
 */
export const measureText: Measure = (text, size, font) => {
  const face = fonts()[font];
  const known = advances[font];
  let units = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    let advance = known.get(code);
    if (advance === undefined) {
      advance = face.glyphForCodePoint(code).advanceWidth;
      known.set(code, advance);
    }
    units += advance;
  }
  return (units * size) / face.unitsPerEm;
};
