/**
 * Reads a PDF back as a reader would: its pages' sizes and text through pdf.js, and its fonts
 * through pdf-lib. The text is what pdf.js extracts from the content streams with the fonts'
 * own character maps, so a string found here is one that really prints.
 */
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfReadBack {
  /** Each page's width and height in points, rounded. */
  pageSizes: [number, number][];
  /** Each text item of the first page, no-break spaces made plain. */
  texts: string[];
  /** The base names of the fonts (a composite font and its descendant each), and whether each has its font file inside. */
  fonts: { baseFont: string; embedded: boolean }[];
}

export async function readPdf(bytes: Uint8Array): Promise<PdfReadBack> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  const pageSizes: [number, number][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const [x0, y0, x1, y1] = (await doc.getPage(n)).view as [number, number, number, number];
    pageSizes.push([Math.round(x1 - x0), Math.round(y1 - y0)]);
  }
  const content = await (await doc.getPage(1)).getTextContent();
  const texts = content.items
    .map((item) => ('str' in item ? item.str.replace(/[\u00a0\u202f]/g, ' ') : ''))
    .filter((s) => s.trim() !== '');
  await doc.destroy();

  const pdf = await PDFDocument.load(bytes);
  const fonts: PdfReadBack['fonts'] = [];
  const get = (dict: PDFDict, key: string) => pdf.context.lookup(dict.get(PDFName.of(key)));
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (
      !(object instanceof PDFDict) ||
      get(object, 'Type') !== PDFName.of('Font') ||
      !object.has(PDFName.of('BaseFont'))
    )
      continue;
    // A composite (Type0) font keeps its file in its descendant's descriptor; a simple font in its own.
    const descendants = get(object, 'DescendantFonts') as { asArray(): unknown[] } | undefined;
    const described = descendants ? (pdf.context.lookup(descendants.asArray()[0] as never) as PDFDict) : object;
    const descriptor = get(described, 'FontDescriptor') as PDFDict | undefined;
    const embedded =
      !!descriptor && ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor.has(PDFName.of(key)));
    fonts.push({ baseFont: (get(object, 'BaseFont') as PDFName).decodeText(), embedded });
  }
  return { pageSizes, texts, fonts };
}
