/** The characters WinAnsiEncoding (the PDF standard fonts' Western encoding) has above ASCII, outside Latin-1. */
const WIN_ANSI_EXTRAS: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89, 'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e,
  '\u2018': 0x91, '\u2019': 0x92, '\u201c': 0x93, '\u201d': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};
/** Spaces Intl writes (narrow no-break, thin) that the encoding lacks: printed as a no-break space. */
const SPACES = /[\u2009\u202f]/g;

const winAnsiCode = (ch: string): number | null => {
  const code = ch.codePointAt(0)!;
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code;
  return WIN_ANSI_EXTRAS[ch] ?? null;
};

/** True when every character of the text can be printed by the PDFs this module writes. */
export function isWinAnsiText(text: string): boolean {
  return [...text.replace(SPACES, '\u00a0')].every((ch) => winAnsiCode(ch) !== null);
}

/** The text as WinAnsi bytes (one char per byte, for a latin1 Buffer); a character it lacks loses its accents, or is dropped. */
function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.replace(SPACES, '\u00a0')) {
    const code = winAnsiCode(ch);
    if (code !== null) out += String.fromCharCode(code);
    else for (const part of ch.normalize('NFKD')) if (winAnsiCode(part) !== null && part.charCodeAt(0) < 0x7f) out += part;
  }
  return out;
}

/** A one-font, text-only PDF in WinAnsiEncoding: enough to hand a user their document as a real, openable file. */
export function textToPdf(title: string, lines: string[]): Buffer {
  const escape = (s: string) => toWinAnsi(s).replace(/([\\()])/g, '\\$1');
  const pageLines = 50;
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(lines.length, 1); i += pageLines) pages.push(lines.slice(i, i + pageLines));

  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1; // object numbers start at 1
  const catalog = add('');
  const pagesObj = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const info = add(`<< /Title (${escape(title)}) /Producer (resume-payments) >>`);
  const kids: number[] = [];
  for (const page of pages) {
    const text = page.map((line, i) => `BT /F1 11 Tf 56 ${780 - i * 14} Td (${escape(line)}) Tj ET`).join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 612 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`));
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
