/** Nothing to use: the anchor of the chunk of react-aria and its helpers (see libraries.ts). */
export const ARIA_LIBRARIES_READY = true;
