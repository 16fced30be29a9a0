import type { ReactNode } from 'react';

/** Where a block sits in the page's outline is the page's business: it passes the level. */
export type HeadingLevel = 2 | 3 | 4;

export function BlockHeading({
  level = 2,
  id,
  className,
  children,
}: {
  level?: HeadingLevel;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}
