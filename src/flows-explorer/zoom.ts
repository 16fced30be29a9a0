/**
 * The graph viewport's arithmetic, pure: the zoom that fits a graph in its box, the box's height,
 * each zoom step, and the scroll that keeps one point of the graph still while zooming.
 */

export interface Size {
  width: number;
  height: number;
}

/** The most a graph is enlarged: at 1 its text is the diagrams' own size; 3 shows a crowded corner. */
export const MAX_ZOOM = 3;
/** One press of zoom in (or out, its inverse). */
export const ZOOM_STEP = 1.25;
/** A short graph's box is still this tall, so zooming in has room to show more. */
const MIN_BOX_HEIGHT = 360;
/** The box takes at most this share of the window's height, so the page around it stays in view. */
const MAX_BOX_SHARE = 0.7;

/** The box a graph is shown in (its width given by the page) and the zoom at which all of it shows. */
export function fitOf(graph: Size, boxWidth: number, windowHeight: number): { zoom: number; boxHeight: number } {
  const maxHeight = Math.max(160, Math.floor(windowHeight * MAX_BOX_SHARE));
  const zoom = Math.min(1, boxWidth / graph.width, maxHeight / graph.height);
  const boxHeight = Math.ceil(
    Math.min(maxHeight, Math.max(graph.height * zoom, Math.min(graph.height, MIN_BOX_HEIGHT))),
  );
  return { zoom, boxHeight };
}

/** A zoom kept between the fit (nothing is gained below it) and MAX_ZOOM. */
export function clampZoom(zoom: number, fit: number): number {
  const min = Math.min(fit, 1);
  return Math.min(Math.max(zoom, min), Math.max(MAX_ZOOM, min));
}

/** The scroll offset that keeps the graph point under `anchor` (a point of the box) still from `from` to `to`. */
export function scrollKeeping(scroll: number, anchor: number, from: number, to: number): number {
  return Math.max(0, ((scroll + anchor) * to) / from - anchor);
}

/** The zoom as people read it: "34 %". */
export const zoomText = (zoom: number): string => `${Math.round(zoom * 100)} %`;

/** What a key pressed on the focused graph asks for, or null for a key it leaves alone. */
export type GraphKeyAction = { zoom: 'in' | 'out' | 'fit' } | { pan: { dx: number; dy: number } };

const PAN_STEP = 40;
const BIG_PAN_STEP = 200;

export function graphKeyAction(key: string, shift: boolean): GraphKeyAction | null {
  const step = shift ? BIG_PAN_STEP : PAN_STEP;
  switch (key) {
    case '+':
    case '=':
      return { zoom: 'in' };
    case '-':
    case '_':
      return { zoom: 'out' };
    case '0':
      return { zoom: 'fit' };
    case 'ArrowLeft':
      return { pan: { dx: -step, dy: 0 } };
    case 'ArrowRight':
      return { pan: { dx: step, dy: 0 } };
    case 'ArrowUp':
      return { pan: { dx: 0, dy: -step } };
    case 'ArrowDown':
      return { pan: { dx: 0, dy: step } };
    default:
      return null;
  }
}
