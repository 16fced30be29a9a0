import { AFTER_FIRST_PAINT_ID } from './after-first-paint';
import { isPageAtRest, keepPresses, reportViewAtRest, untilFirstInteraction } from './page-at-rest';
import { localeDataKinds } from './start/locale-kinds';
import './styles.css';

const LINKS_AT_ONCE = 8;
/** How long, at most, the app's start waits for the worker that loads the locale data. */
const WAIT_FOR_LOCALE_DATA_MS = 500;
/** The performance mark set when the worker has loaded the locale data. */
const LOCALE_DATA_LOADED_MARK = 'locale-data-loaded';

/**
 * The server sends each page with its frame drawn (and a guest's sell page with its top): the
 * browser paints that first, then the app's code runs and takes over. Where frames do not come
 * (a tab opened in the background) the app starts after 100 ms all the same. A guest's plain sell
 * page comes drawn whole, at rest: the app's code waits for the visitor's first touch
 * (page-at-rest.ts). This file imports nothing else statically but small modules of the 'preload' chunk, so
 * nothing runs before that paint.
 */
await new Promise<void>((resolve) => {
  const fallback = setTimeout(resolve, 100);
  requestAnimationFrame(() =>
    setTimeout(() => {
      clearTimeout(fallback);
      resolve();
    }, 0),
  );
});
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));
// A page the server drew whole (page-at-rest.ts) asks for nothing more until the visitor touches it.
if (isPageAtRest(document)) {
  keepPresses(document);
  reportViewAtRest(document, window);
  await untilFirstInteraction(document);
}
// The browser's locale data is loaded off this thread while the code arrives (the formatters below then find it loaded).
const localeDataLoaded = loadLocaleDataElsewhere();
// Now the app's code and texts, which the server listed for after the paint (the code first). Each
// link starts a download, which costs the page a moment: a few at a time, with a pause between.
const afterPaint = document.getElementById(AFTER_FIRST_PAINT_ID);
if (afterPaint instanceof HTMLTemplateElement) {
  const links = [...afterPaint.content.children];
  for (let start = 0; start < links.length; start += LINKS_AT_ONCE) {
    document.head.append(...links.slice(start, start + LINKS_AT_ONCE).map((link) => link.cloneNode(true)));
    await pause();
  }
}
/**
 * The first use of Intl loads the browser's locale data, and each kind of formatter its own part of
 * it: tens of milliseconds each at a phone's speed. That data is loaded once per browser process, so
 * a worker loads it (locale-data.worker.ts) while the code arrives, and the page's thread only waits
 * for the worker's word, a little while at most. The kinds the first view uses are then made here,
 * one per step, in case the worker could not load them: then no one task holds them all (or
 * react-aria's first call would add them to its task).
 */
function loadLocaleDataElsewhere(): Promise<void> {
  return new Promise<void>((resolve) => {
    try {
      const worker = new Worker(new URL('./start/locale-data.worker.ts', import.meta.url), { type: 'module' });
      // The app stops waiting after a while, but the worker is ended only once it has answered or
      // failed: one ended while its script was still coming leaves that download cut off half-way.
      const stopWaiting = setTimeout(resolve, WAIT_FOR_LOCALE_DATA_MS);
      const end = () => {
        worker.terminate();
        clearTimeout(stopWaiting);
        resolve();
      };
      worker.onmessage = () => {
        performance.mark(LOCALE_DATA_LOADED_MARK);
        end();
      };
      worker.onerror = end;
      worker.postMessage([document.documentElement.lang, navigator.language].filter(Boolean));
    } catch {
      resolve();
    }
  });
}
const loadLocaleData = localeDataKinds.map((make) => () => {
  try {
    make(navigator.language || 'en-US');
  } catch {
    // A tag the browser does not know: react-aria and the app fall back on their own.
  }
});
// The pieces of set-up, each with a pause after it in which the browser can answer the visitor:
// React; the locale data, one kind of formatter at a time; the other libraries in four parts; the
// schemas and the machines the app holds at start, one module at a time; the app's own code in two
// parts, its logic (the API's calls, the domain's rules) and the rest (any module of a part runs the
// whole part); then the app is started.
const steps: (() => unknown)[] = [
  () => import('react-dom/client'),
  () => localeDataLoaded,
  ...loadLocaleData,
  () => import('./start/aria-libraries'),
  () => import('./start/libraries'),
  () => import('./start/routing-libraries'),
  () => import('./start/state-libraries'),
  // The schemas the app holds at start, one module at a time, each after those it builds on.
  () => import('./api/schemas/common'),
  () => import('./api/schemas/blocks'),
  () => import('./api/schemas/skus'),
  () => import('./api/schemas/flows'),
  // The machines the app holds at start, one at a time, as start/startup-machines.ts lists them (the build test
  // checks the two agree): the funnel's after the card frame's, which it holds.
  () => import('../machines/startup-access.machine'),
  () => import('../machines/checkout-frame.machine'),
  () => import('../machines/purchase-funnel.machine'),
  () => import('./api'),
  () => import('./app/startup'),
];
for (const step of steps) {
  await step();
  await pause();
}
await import('./boot');
