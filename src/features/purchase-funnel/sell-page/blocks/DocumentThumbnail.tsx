import { useTranslation } from 'react-i18next';
import { thumbnailView, type ThumbnailDocument, type ThumbnailTemplate } from '../../../../domain/document-thumbnail';
import { SELL_BLOCKS_NAMESPACE } from './namespace';
import './blocks.css';

export interface DocumentThumbnailProps {
  /** The user's latest document (see `useLatestDocument`), or null/undefined when there is none. */
  document: ThumbnailDocument | null | undefined;
  /** While the document is being looked up: the same box, marked busy. */
  loading?: boolean;
}

/** A4 proportions: the box is the same size whatever ends up in it. */
const W = 210;
const H = 297;

const lines = (x: number, y: number, widths: number[], gap = 12, className = 'sb-doc-thumb__line') =>
  widths.map((w, i) => (
    <rect key={`${x}-${y}-${i}`} x={x} y={y + i * gap} width={w} height={5} rx={2.5} className={className} />
  ));

function NameText({ name, x, y, width, fill }: { name: string; x: number; y: number; width: number; fill: string }) {
  const size = 15;
  const squeeze = name.length * size * 0.56 > width;
  return (
    <text
      x={x}
      y={y}
      fontSize={size}
      fontWeight={700}
      fill={fill}
      fontFamily="system-ui, sans-serif"
      textLength={squeeze ? width : undefined}
      lengthAdjust={squeeze ? 'spacingAndGlyphs' : undefined}
    >
      {name}
    </text>
  );
}

/** A drawing of the template's layout with the document's own name on it. */
function TemplateDrawing({ template, name }: { template: ThumbnailTemplate; name: string }) {
  const accent = template.accent;
  switch (template.layout) {
    case 'sidebar':
      return (
        <>
          <rect x={0} y={0} width={64} height={H} fill={accent} />
          {lines(12, 40, [40, 32, 36, 28], 14, 'sb-doc-thumb__line sb-doc-thumb__line--on-accent')}
          <NameText name={name} x={76} y={36} width={W - 88} fill={accent} />
          {lines(76, 56, [110, 96, 120, 84, 112, 100, 90, 118, 104, 72])}
        </>
      );
    case 'banner':
      return (
        <>
          <rect x={0} y={0} width={W} height={62} fill={accent} />
          <NameText name={name} x={18} y={38} width={W - 36} fill="#ffffff" />
          {lines(18, 84, [170, 150, 164, 120, 172, 158, 140, 166, 110, 150, 130])}
        </>
      );
    case 'letter':
      return (
        <>
          <NameText name={name} x={18} y={36} width={W - 36} fill={accent} />
          <rect x={18} y={46} width={W - 36} height={2} fill={accent} />
          {lines(18, 68, [60, 80])}
          {lines(18, 112, [174, 168, 172, 150, 174, 160, 120])}
          {lines(18, 212, [170, 164, 90])}
        </>
      );
    case 'classic':
      return (
        <>
          <NameText name={name} x={18} y={36} width={W - 36} fill={accent} />
          {lines(18, 48, [120])}
          <rect x={18} y={64} width={W - 36} height={2} fill={accent} />
          {lines(18, 80, [174, 160, 168, 120])}
          <rect x={18} y={136} width={60} height={6} fill={accent} rx={3} />
          {lines(18, 152, [174, 150, 170, 140, 162, 100, 168, 130])}
        </>
      );
  }
}

function Placeholder() {
  return (
    <>
      <path d="M150 20 L190 60 L150 60 Z" className="sb-doc-thumb__fold" />
      {lines(28, 90, [120, 150, 140, 154, 110, 146, 132, 100], 16)}
    </>
  );
}

/**
 * The user's own document: its preview image, else a drawing of its template, else a neutral
 * placeholder page. The box keeps A4 proportions at a fixed width, so nothing moves when it fills in.
 */
export function DocumentThumbnail({ document, loading = false }: DocumentThumbnailProps) {
  const { t } = useTranslation(SELL_BLOCKS_NAMESPACE);
  if (loading) {
    return (
      <figure className="sb-block sb-doc-thumb" data-testid="document-thumbnail" data-kind="loading" aria-busy="true">
        <div className="sb-doc-thumb__page">
          <svg className="sb-doc-thumb__svg" viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false" />
        </div>
        <figcaption className="sb-doc-thumb__caption">{t('thumbnail.loading')}</figcaption>
      </figure>
    );
  }
  const view = thumbnailView(document);
  const name =
    view.kind === 'placeholder'
      ? null
      : (view.name ?? t(view.docType === 'LETR' ? 'thumbnail.yourLetter' : 'thumbnail.yourResume'));
  const alt = name ? t('thumbnail.alt', { name }) : t('thumbnail.placeholderAlt');
  return (
    <figure className="sb-block sb-doc-thumb" data-testid="document-thumbnail" data-kind={view.kind}>
      <div className="sb-doc-thumb__page">
        {view.kind === 'image' ? (
          <img className="sb-doc-thumb__image" src={view.src} alt={alt} width={W} height={H} decoding="async" />
        ) : (
          <svg className="sb-doc-thumb__svg" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={alt}>
            {view.kind === 'template' && name ? (
              <TemplateDrawing template={view.template} name={name} />
            ) : (
              <Placeholder />
            )}
          </svg>
        )}
      </div>
      <figcaption className="sb-doc-thumb__caption">{name ?? t('thumbnail.none')}</figcaption>
    </figure>
  );
}
