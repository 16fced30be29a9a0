import type { ReactNode } from 'react';

/**
 * One part of a page in the page layout (`simple-page page`): the heading and its lead stay on the
 * background as the page's header, and each part below them is a card (docs/design-system.md).
 */
export function PageCard({
  children,
  className,
  testId,
}: {
  children?: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={className ? `page-card ${className}` : 'page-card'} data-testid={testId}>
      {children}
    </div>
  );
}
