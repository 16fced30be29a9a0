import { DRAWN_PAGE_TOP_ID, drawnPageTop } from './drawn-page-top-data';
import { drawnInPage } from './drawn-in-page';

/** The page top the server drew into this page (drawn-page-top-data.ts), as the app reads it. */
const pageTop = drawnInPage(DRAWN_PAGE_TOP_ID, drawnPageTop);

/** The page top the server drew, while the address is still the one it drew it for. */
export const drawnPageTopAt = pageTop.at;

export const forgetDrawnPageTopUnless = pageTop.forgetUnless;
