/** Nothing to use: the anchor of the chunk of i18next and XState (see libraries.ts). */
export const STATE_LIBRARIES_READY = true;
