import type { ReactNode } from 'react';
import { usePageHeading } from '../ui/use-page-heading';
import { PageCard } from './PageCard';

/** A page with one heading that takes focus on arrival, so screen readers announce the new page; its content is a card under the heading. */
export function SimplePage({ title, testId, children }: { title: string; testId?: string; children?: ReactNode }) {
  const heading = usePageHeading(title);
  return (
    <section className="simple-page page" data-testid={testId}>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children ? <PageCard>{children}</PageCard> : null}
    </section>
  );
}
