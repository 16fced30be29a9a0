import { useEffect, useRef, type ReactNode } from 'react';

/** A page with one heading that takes focus on arrival, so screen readers announce the new page. */
export function SimplePage({ title, testId, children }: { title: string; testId?: string; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = title;
    heading.current?.focus();
  }, [title]);
  return (
    <section className="simple-page" data-testid={testId}>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}
