/**
 * Skeletons: grey bars in the shape of what is loading, so a signed-in page shows its shape at once
 * instead of an empty frame. The bars are hidden from assistive technology; a page skeleton says
 * "Loading" to screen readers and marks itself busy.
 */

/** The shapes of the signed-in pages: a list of facts and links, a table, or offers side by side. */
export type SkeletonShape = 'list' | 'table' | 'offers';

/** Boxes standing for a block that is loading: rows of a table, or cards of offers. */
export function SkeletonBlock({ shape, count = 3 }: { shape: SkeletonShape; count?: number }) {
  return (
    <div className={`skeleton skeleton--${shape}`} aria-hidden="true" data-testid="skeleton">
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="skeleton__box" />
      ))}
    </div>
  );
}

/** A whole page while its code and data load: the heading, the line under it and the page's shape. */
export function PageSkeleton({ shape, label }: { shape: SkeletonShape; label: string }) {
  return (
    <section
      className={`page-skeleton${shape === 'table' ? ' page--wide' : ''}`}
      aria-busy="true"
      data-testid="page-skeleton"
    >
      <p className="visually-hidden" role="status">
        {label}
      </p>
      <div aria-hidden="true">
        <span className="skeleton__bar skeleton__bar--heading" />
        <span className="skeleton__bar skeleton__bar--lead" />
      </div>
      <SkeletonBlock shape={shape} count={shape === 'offers' ? 2 : shape === 'table' ? 5 : 3} />
    </section>
  );
}
