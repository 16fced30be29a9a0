/**
 * The document thumbnail on the sell page (spec §2, §3 "thumbnail", §9 "11 document-thumbnail
 * template codes").
 *
 * What to show for the user's own latest document:
 * - an image, when a preview image address is known and safe to load;
 * - else a drawing of the document's template, when its skin code is one of the 11 template
 *   codes we can draw (eight resume skins, three letter skins);
 * - else, or without a document, a neutral placeholder figure.
 */

export type ThumbnailLayout = 'classic' | 'sidebar' | 'banner' | 'letter';

export interface ThumbnailTemplate {
  code: string;
  docType: 'RSME' | 'LETR';
  layout: ThumbnailLayout;
  /** The template's accent colour, as the builder shows it. */
  accent: string;
}

export const THUMBNAIL_TEMPLATES: readonly ThumbnailTemplate[] = [
  { code: 'SRZ1', docType: 'RSME', layout: 'classic', accent: '#0b57d0' },
  { code: 'SRZ2', docType: 'RSME', layout: 'sidebar', accent: '#1f3a5f' },
  { code: 'SRZ3', docType: 'RSME', layout: 'banner', accent: '#00695c' },
  { code: 'SRZ4', docType: 'RSME', layout: 'classic', accent: '#6a1b9a' },
  { code: 'SRZ5', docType: 'RSME', layout: 'sidebar', accent: '#9a3412' },
  { code: 'SRZ6', docType: 'RSME', layout: 'banner', accent: '#334155' },
  { code: 'SRZ7', docType: 'RSME', layout: 'classic', accent: '#b3261e' },
  { code: 'SRZ8', docType: 'RSME', layout: 'sidebar', accent: '#146c2e' },
  { code: 'LTR1', docType: 'LETR', layout: 'letter', accent: '#0b57d0' },
  { code: 'LTR2', docType: 'LETR', layout: 'letter', accent: '#1f3a5f' },
  { code: 'LTR3', docType: 'LETR', layout: 'letter', accent: '#00695c' },
];

export const THUMBNAIL_TEMPLATE_CODES: readonly string[] = THUMBNAIL_TEMPLATES.map((t) => t.code);

export function thumbnailTemplate(skinCd: string | null | undefined): ThumbnailTemplate | null {
  const code = skinCd?.trim().toUpperCase();
  return THUMBNAIL_TEMPLATES.find((t) => t.code === code) ?? null;
}

/** An image address we may put in an <img>: http(s), same-site paths, blob: or a raster/SVG data URL. */
export function safeImageUrl(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value) || /^blob:/i.test(value)) return value;
  if (/^\/(?![/\\])/.test(value)) return value;
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(value)) return value;
  return null;
}

export interface ThumbnailDocument {
  name: string | null | undefined;
  skinCd?: string | null;
  docTypeCd?: string | null;
  jobTitle?: string | null;
  imageUrl?: string | null;
}

export type ThumbnailView =
  | { kind: 'image'; src: string; name: string | null; docType: 'RSME' | 'LETR' }
  | {
      kind: 'template';
      template: ThumbnailTemplate;
      name: string | null;
      jobTitle: string | null;
      docType: 'RSME' | 'LETR';
    }
  | { kind: 'placeholder' };

const docTypeOf = (document: ThumbnailDocument, template: ThumbnailTemplate | null): 'RSME' | 'LETR' =>
  document.docTypeCd?.trim().toUpperCase() === 'LETR'
    ? 'LETR'
    : document.docTypeCd
      ? 'RSME'
      : (template?.docType ?? 'RSME');

const clean = (text: string | null | undefined) => (text && text.trim() !== '' ? text.trim() : null);

export function thumbnailView(document: ThumbnailDocument | null | undefined): ThumbnailView {
  if (!document) return { kind: 'placeholder' };
  const template = thumbnailTemplate(document.skinCd);
  const name = clean(document.name);
  const docType = docTypeOf(document, template);
  const src = safeImageUrl(document.imageUrl);
  if (src) return { kind: 'image', src, name, docType };
  if (template) return { kind: 'template', template, name, jobTitle: clean(document.jobTitle), docType };
  return { kind: 'placeholder' };
}
