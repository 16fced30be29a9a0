import type { DrawnPageTopView } from '../app/drawn-page-top-data';

/**
 * The top of a page as the page itself first draws it (same elements, classes and ids), from what
 * the server drew: so the server's drawing, the app's waiting page and the page that follows put
 * the heading and the line under it in the same place.
 */
export function DrawnPageTop({ view }: { view: DrawnPageTopView }) {
  switch (view.page) {
    case 'billingHistory':
      return (
        <section className="simple-page billing" aria-labelledby="billing-heading" aria-busy data-testid="drawn-page-top">
          <h1 id="billing-heading" tabIndex={-1}>
            {view.heading}
          </h1>
          <p className="lead">{view.line}</p>
        </section>
      );
    case 'cancellationSurvey':
      return (
        <section className="simple-page cancel-survey" aria-labelledby="cancel-survey-heading" aria-busy data-testid="drawn-page-top">
          <h1 id="cancel-survey-heading" tabIndex={-1}>
            {view.heading}
          </h1>
          <p role="status" className="cancel-survey__status">
            {view.line}
          </p>
        </section>
      );
  }
}
