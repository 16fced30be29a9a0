/** Renders a laid-out receipt (receipt-layout.ts) as a one-page PDF with pdf-lib, its fonts embedded as subsets. */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont } from 'pdf-lib';
import { fontBytes, type FontName } from './pdf-fonts';
import type { ReceiptLayout } from './receipt-layout';

const colorOf = (hex: string) => {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return rgb(((n >> 16) & 0xff) / 255, ((n >> 8) & 0xff) / 255, (n & 0xff) / 255);
};

/** The logo's paths are drawn in a 32-unit box. */
const LOGO_BOX = 32;

export async function renderReceiptPdf(layout: ReceiptLayout): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(layout.title);
  pdf.setLanguage(layout.language);
  pdf.setCreator('resume-payments');
  pdf.setProducer('resume-payments (pdf-lib)');
  const files = fontBytes();
  const embedded: Record<FontName, PDFFont> = {
    regular: await pdf.embedFont(files.regular, { subset: true }),
    bold: await pdf.embedFont(files.bold, { subset: true }),
  };
  const page = pdf.addPage([layout.width, layout.height]);

  for (const shape of layout.shapes) {
    if (shape.kind === 'rule') {
      page.drawLine({
        start: { x: shape.x1, y: shape.y },
        end: { x: shape.x2, y: shape.y },
        thickness: shape.thickness,
        color: colorOf(shape.color),
      });
    } else {
      // An SVG path's origin is its top left, with y downwards.
      for (const path of shape.paths)
        page.drawSvgPath(path.d, {
          x: shape.x,
          y: shape.y + shape.size,
          scale: shape.size / LOGO_BOX,
          color: colorOf(path.fill),
        });
    }
  }
  for (const run of layout.runs)
    page.drawText(run.text, {
      x: run.x,
      y: run.y,
      size: run.size,
      font: embedded[run.font],
      color: colorOf(run.color),
    });
  return pdf.save();
}
