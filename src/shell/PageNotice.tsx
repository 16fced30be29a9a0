import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { takePageNotice } from '../app/page-notice';
import { isStorageAvailable } from '../domain/storage';

const sessionStorageOrNull = () => (isStorageAvailable(() => window.sessionStorage) ? window.sessionStorage : null);

/**
 * The notice a page left for the next one (src/app/page-notice.ts), shown above it until the
 * address changes again. The live region is always there, so a screen reader announces the text
 * when it arrives; it is a polite region without the status role, so a page's own status line
 * stays the one status of the page.
 */
export function PageNotice() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    setText(takePageNotice(sessionStorageOrNull()));
  }, [pathname]);
  return (
    <div className="page-notice" aria-live="polite" aria-atomic="true" data-testid="page-notice">
      {text ? <p className="notice notice--success">{text}</p> : null}
    </div>
  );
}
