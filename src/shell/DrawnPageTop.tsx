import type { DrawnPageTopView } from '../app/drawn-page-top-data';

/** Each page's top as the page itself first draws it: its section's classes, its heading's id and the line under the heading. */
const TOPS: Record<
  DrawnPageTopView['page'],
  { className: string; headingId: string; line: { role?: 'status'; className: string } }
> = {
  billingHistory: {
    className: 'simple-page page page--wide billing',
    headingId: 'billing-heading',
    line: { className: 'lead' },
  },
  // The survey's line is its status, which says it is loading.
  cancellationSurvey: {
    className: 'simple-page page cancel-survey',
    headingId: 'cancel-survey-heading',
    line: { role: 'status', className: 'cancel-survey__status' },
  },
};

/**
 * The top of a page as the page itself first draws it (same elements, classes and ids), from what
 * the server drew: so the server's drawing, the app's waiting page and the page that follows put
 * the heading and the line under it in the same place.
 */
export function DrawnPageTop({ view }: { view: DrawnPageTopView }) {
  const top = TOPS[view.page];
  return (
    <section className={top.className} aria-labelledby={top.headingId} aria-busy data-testid="drawn-page-top">
      <h1 id={top.headingId} tabIndex={-1}>
        {view.heading}
      </h1>
      <p {...top.line}>{view.line}</p>
    </section>
  );
}
