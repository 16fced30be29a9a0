import { AFTER_FIRST_PAINT_ID } from './after-first-paint';
import './styles.css';

/**
 * The server sends each page with its frame drawn (and a guest's sell page with its top): the
 * browser paints that first, then the app's code runs and takes over. Where frames do not come
 * (a tab opened in the background) the app starts after 100 ms all the same. This file imports
 * nothing else statically, so nothing runs before that paint.
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
// Now the app's code and texts, which the server listed for after the paint.
const afterPaint = document.getElementById(AFTER_FIRST_PAINT_ID);
if (afterPaint instanceof HTMLTemplateElement) document.head.append(afterPaint.content.cloneNode(true));
// Setting up the libraries and then the app are two separate pieces of work, with a pause
// between them in which the browser can answer the visitor.
await import('react-dom/client');
await new Promise((resolve) => setTimeout(resolve, 0));
await import('./boot');
