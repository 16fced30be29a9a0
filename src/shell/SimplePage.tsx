import type { ReactNode } from 'react';
import { usePageHeading } from '../ui/use-page-heading';

/** A page with one heading that takes focus on arrival, so screen readers announce the new page. */
export function SimplePage({ title, testId, children }: { title: string; testId?: string; children?: ReactNode }) {
  const heading = usePageHeading(title);
  return (
    <section className="simple-page" data-testid={testId}>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}
