/** Where a page leaves a one-time notice for the next page (the app's frame and the dashboard read it). */
export const PAGE_NOTICE_KEY = 'rp.pageNotice';
