import { createContext, useContext } from 'react';

/**
 * Set where a page is drawn whole in one go: on the server, for a page the visitor sees at rest
 * before the app's code arrives, and in the app's first drawing when it takes that page over.
 * Parts that would otherwise come in later passes (RevealInTurn, useSecondPass) are then all
 * drawn at once, animations that start from nothing (a counter counting up) start at their end,
 * and `viewportWidth` and `cookieHeader` stand in for the window's width and the document's
 * cookies where there is no window.
 */
export interface WholeDrawing {
  viewportWidth: number | null;
  /** The request's cookies, where there is no document to read them from. */
  cookieHeader: string | null;
}

export const WholeDrawingContext = createContext<WholeDrawing | null>(null);

export const useWholeDrawing = (): WholeDrawing | null => useContext(WholeDrawingContext);
