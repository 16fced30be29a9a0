import { timeZoneCookie } from '../domain/time-zone';

interface PageLife {
  document: Pick<Document, 'visibilityState' | 'addEventListener'> & { cookie: string };
  window: Pick<Window, 'addEventListener'>;
  /** The zone this browser is in (asking for it loads the browser's date data). */
  zone: () => string;
}

/**
 * Keeps the browser's time zone in its cookie for the server's next drawing of a page. Only a later
 * page load reads that cookie, and finding the zone costs tens of milliseconds on a slow phone (the
 * browser loads its date data for it), so it is written whenever the page is hidden or left, not
 * while the app starts.
 */
export function keepTimeZoneCookie({ document, window, zone }: PageLife): void {
  const write = () => {
    try {
      document.cookie = timeZoneCookie(zone());
    } catch {
      // A browser that cannot tell its zone: the server draws nothing that depends on the visitor's day.
    }
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') write();
  });
  window.addEventListener('pagehide', write);
}

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
