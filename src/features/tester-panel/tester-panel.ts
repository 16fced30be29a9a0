/**
 * The tester panel's pure parts (spec §2 "Loaders and start-up": the tester theme picker;
 * issue 4 item 5): where it sits and what it keeps in local storage. Who sees it is
 * decided in src/domain/tester-panel-visibility.ts.
 */
import * as z from 'zod/mini';
import { TESTER_THEME_KEY } from '../../domain/themes';

export const STORAGE_KEYS = {
  position: 'tp_widget_position',
  /** Session storage: set just before the panel itself reloads the page, so it opens again. */
  reopen: 'tp_widget_reopen',
  theme: TESTER_THEME_KEY,
} as const;

/** The portal code experiments are written for when the current portal is unknown. */
export const DEFAULT_PORTAL_CODE = 'RNUS';

/** Where the panel is a bottom sheet instead of a floating panel: phones, and windows as narrow. */
export const PHONE_QUERY = '(max-width: 600px)';

export interface PanelPosition {
  top: number;
  right: number;
}
/** Spec §2: default top 80 px and a 20 px right margin. */
export const DEFAULT_POSITION: PanelPosition = { top: 80, right: 20 };
/** From this width on, the funnel's content column leaves a right gutter wider than the margin and the handle. */
export const WIDE_VIEWPORT = 1200;

/**
 * Where the panel sits until a tester moves it. On narrower windows only the content card's
 * padding, about 33 px, is free of text at the right edge: the handle fits there only flush.
 */
export function defaultPosition(viewportWidth: number): PanelPosition {
  return viewportWidth >= WIDE_VIEWPORT ? DEFAULT_POSITION : { ...DEFAULT_POSITION, right: 0 };
}
export const KEYBOARD_STEP = 10;
export const KEYBOARD_BIG_STEP = 50;

export const positionSchema = z.object({ top: z.number(), right: z.number() });

/** Keeps the panel on screen: its handle stays reachable whatever the stored position. */
export function clampPosition(
  position: PanelPosition,
  viewport: { width: number; height: number },
  size: { width: number; height: number },
): PanelPosition {
  const maxRight = Math.max(0, viewport.width - size.width);
  const maxTop = Math.max(0, viewport.height - size.height);
  return {
    top: Math.round(Math.min(Math.max(0, position.top), maxTop)),
    right: Math.round(Math.min(Math.max(0, position.right), maxRight)),
  };
}

/** The move an arrow key asks for, or null for any other key. */
export function keyboardMove(key: string, big: boolean): { dx: number; dy: number } | null {
  const step = big ? KEYBOARD_BIG_STEP : KEYBOARD_STEP;
  switch (key) {
    case 'ArrowLeft':
      return { dx: -step, dy: 0 };
    case 'ArrowRight':
      return { dx: step, dy: 0 };
    case 'ArrowUp':
      return { dx: 0, dy: -step };
    case 'ArrowDown':
      return { dx: 0, dy: step };
    default:
      return null;
  }
}

/** Moving right by dx means a smaller right margin. */
export const movedBy = (position: PanelPosition, dx: number, dy: number): PanelPosition => ({
  top: position.top + dy,
  right: position.right - dx,
});
