/**
 * The logo mark: a page with a portrait and two lines on a rounded tile. Its colours come from the
 * tokens (--brand, --paper), so a white-label theme recolours it; public/favicon.svg is the same
 * drawing in the default colours. Decorative: the word mark beside it names the site.
 */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="brand-mark" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <rect className="brand-mark__tile" width="64" height="64" rx="14" />
      <path className="brand-mark__page" d="M19 11h19l11 11v29a2 2 0 0 1-2 2H19a2 2 0 0 1-2-2V13a2 2 0 0 1 2-2z" />
      <path className="brand-mark__fold" d="M38 11v9a2 2 0 0 0 2 2h9z" />
      <circle className="brand-mark__ink" cx="27" cy="24" r="5" />
      <rect className="brand-mark__ink" x="23" y="34" width="20" height="4" rx="2" />
      <rect className="brand-mark__ink" x="23" y="42" width="14" height="4" rx="2" />
    </svg>
  );
}
