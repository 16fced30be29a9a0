/**
 * The id of the template in the page's head that lists what to fetch once the page has painted:
 * the server fills it, main.tsx inserts it. This file imports nothing: main.tsx must not pull the
 * app's code in before that paint.
 */
export const AFTER_FIRST_PAINT_ID = 'after-first-paint';
