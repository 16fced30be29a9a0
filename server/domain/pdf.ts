/**
 * A text document (a resume or letter of the builder stand-in) as a PDF with pdf-lib: its lines in
 * DejaVu Sans, embedded as a subset so every culture's letters and currency signs print, wrapped
 * to the page and continued on new pages, on Letter in the US and Canada and A4 elsewhere.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import { fontBytes, measureText } from './pdf-fonts';
import { PAGE_SIZES } from './receipt-layout';

const SIZE = 11;
const LEADING = 15;
const MARGIN = 56;
const LETTER_CULTURES = ['en-US', 'en-CA'];

/** A line broken at spaces into lines no wider than `max`; a word wider than that stands alone. */
function wrapLine(line: string, max: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (current && measureText(next, SIZE, 'regular') > max) {
      out.push(current);
      current = word;
    } else current = next;
  }
  return [...out, current];
}

export async function textToPdf(title: string, lines: string[], culture: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(title);
  pdf.setLanguage(culture);
  pdf.setProducer('resume-payments (pdf-lib)');
  const font = await pdf.embedFont(fontBytes().regular, { subset: true });
  const [width, height] = PAGE_SIZES[LETTER_CULTURES.includes(culture) ? 'LETTER' : 'A4'];
  const printed = lines.flatMap((line) => wrapLine(line.replace(/\t/g, '    '), width - 2 * MARGIN));
  const perPage = Math.floor((height - 2 * MARGIN) / LEADING);
  for (let first = 0; first === 0 || first < printed.length; first += perPage) {
    const page = pdf.addPage([width, height]);
    printed.slice(first, first + perPage).forEach((line, i) => {
      page.drawText(line, {
        x: MARGIN,
        y: height - MARGIN - SIZE - i * LEADING,
        size: SIZE,
        font,
        color: rgb(0.1, 0.11, 0.14),
      });
    });
  }
  return pdf.save();
}
