import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { Button } from '../ui/Button';
import { clampZoom, fitOf, graphKeyAction, scrollKeeping, ZOOM_STEP, zoomText, type Size } from './zoom';

interface GraphViewportProps {
  /** The graph's SVG markup, drawn at its natural size `size`. */
  svg: string;
  size: Size;
  label: string;
}

interface Fit {
  zoom: number;
  boxHeight: number;
}

/** A zoom request: the new zoom and the point of the box that stays still (its centre for the buttons and keys). */
interface Pending {
  zoom: number;
  anchor: { x: number; y: number };
  announce: string;
}

/**
 * A graph larger than the page, shown whole on open (fit to the box), then zoomed with the
 * buttons, Ctrl or ⌘ + wheel, a pinch, or + − 0 on the focused box, and moved by dragging,
 * scrolling or the arrow keys. Each zoom is said in a status line, for screen readers too.
 */
export function GraphViewport({ svg, size, label }: GraphViewportProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [fit, setFit] = useState<Fit | null>(null);
  const [zoom, setZoom] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const pending = useRef<{ from: number; to: number; anchor: { x: number; y: number } } | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{
    scrollLeft: number;
    scrollTop: number;
    x: number;
    y: number;
    distance: number | null;
    zoom: number;
  } | null>(null);
  const zoomRef = useRef<number | null>(null);
  zoomRef.current = zoom;

  const measure = useCallback((): Fit | null => {
    const box = boxRef.current;
    if (!box) return null;
    const style = getComputedStyle(box);
    const inner = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return fitOf(size, Math.max(1, inner), window.innerHeight);
  }, [size]);

  // Fit before the first paint, so the graph never shows at its natural width (its left third).
  useLayoutEffect(() => {
    const first = measure();
    if (!first) return;
    setFit(first);
    setZoom(first.zoom);
    setStatus(`Fitted to the screen: ${zoomText(first.zoom)}`);
  }, [measure]);

  // A new window size fits again only a graph that was fitted: a zoom someone chose stays.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const observer = new ResizeObserver(() => {
      const next = measure();
      if (!next) return;
      setFit((before) => {
        if (before && zoomRef.current === before.zoom) setZoom(next.zoom);
        return before && before.zoom === next.zoom && before.boxHeight === next.boxHeight ? before : next;
      });
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [measure]);

  const request = useCallback(
    ({ zoom: wanted, anchor, announce }: Pending) => {
      const current = zoomRef.current;
      if (current === null || !fit) return;
      const next = clampZoom(wanted, fit.zoom);
      if (next !== current) {
        pending.current = { from: current, to: next, anchor };
        setZoom(next);
      }
      setStatus(`${announce}: ${zoomText(next)}`);
    },
    [fit],
  );

  // After a zoom is drawn, the point it was asked at is put back under the pointer (or the centre).
  useLayoutEffect(() => {
    const box = boxRef.current;
    const move = pending.current;
    if (!box || !move || zoom !== move.to) return;
    pending.current = null;
    box.scrollLeft = scrollKeeping(box.scrollLeft, move.anchor.x, move.from, move.to);
    box.scrollTop = scrollKeeping(box.scrollTop, move.anchor.y, move.from, move.to);
  }, [zoom]);

  const centre = () => {
    const box = boxRef.current;
    return { x: (box?.clientWidth ?? 0) / 2, y: (box?.clientHeight ?? 0) / 2 };
  };
  const zoomIn = () => zoom !== null && request({ zoom: zoom * ZOOM_STEP, anchor: centre(), announce: 'Zoomed in' });
  const zoomOut = () => zoom !== null && request({ zoom: zoom / ZOOM_STEP, anchor: centre(), announce: 'Zoomed out' });
  const fitToScreen = () => {
    if (!fit) return;
    request({ zoom: fit.zoom, anchor: { x: 0, y: 0 }, announce: 'Fitted to the screen' });
    boxRef.current?.scrollTo({ left: 0, top: 0 });
  };

  // Ctrl (or ⌘) + wheel, which a trackpad's pinch also sends, zooms at the pointer; a plain wheel
  // scrolls as everywhere else. React's wheel handler is passive, so the page would zoom too.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const current = zoomRef.current;
      if (current === null) return;
      const rect = box.getBoundingClientRect();
      const factor = Math.exp(-event.deltaY * 0.002);
      request({
        zoom: current * factor,
        anchor: { x: event.clientX - rect.left, y: event.clientY - rect.top },
        announce: factor > 1 ? 'Zoomed in' : 'Zoomed out',
      });
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  }, [request]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = graphKeyAction(event.key, event.shiftKey);
    if (!action) return;
    event.preventDefault();
    if ('pan' in action) boxRef.current?.scrollBy({ left: action.pan.dx, top: action.pan.dy });
    else if (action.zoom === 'in') zoomIn();
    else if (action.zoom === 'out') zoomOut();
    else fitToScreen();
  };

  // Dragging moves the graph; two fingers pinch it. The box takes every touch (touch-action: none).
  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : null;
  };
  const midpoint = () => {
    const points = [...pointers.current.values()];
    return {
      x: points.reduce((s, p) => s + p.x, 0) / points.length,
      y: points.reduce((s, p) => s + p.y, 0) / points.length,
    };
  };
  const startGesture = () => {
    const box = boxRef.current;
    if (!box || zoomRef.current === null) return;
    const mid = midpoint();
    gesture.current = {
      scrollLeft: box.scrollLeft,
      scrollTop: box.scrollTop,
      x: mid.x,
      y: mid.y,
      distance: distance(),
      zoom: zoomRef.current,
    };
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    // A press on the box's own scroll bars is theirs.
    const box = event.currentTarget;
    const rect = box.getBoundingClientRect();
    if (
      event.clientX - rect.left - box.clientLeft >= box.clientWidth ||
      event.clientY - rect.top - box.clientTop >= box.clientHeight
    )
      return;
    box.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    startGesture();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const box = boxRef.current;
    const start = gesture.current;
    if (!box || !start || !pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const mid = midpoint();
    const apart = distance();
    if (start.distance && apart) {
      const rect = box.getBoundingClientRect();
      request({
        zoom: (start.zoom * apart) / start.distance,
        anchor: { x: mid.x - rect.left, y: mid.y - rect.top },
        announce: apart > start.distance ? 'Zoomed in' : 'Zoomed out',
      });
      return;
    }
    box.scrollLeft = start.scrollLeft - (mid.x - start.x);
    box.scrollTop = start.scrollTop - (mid.y - start.y);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    if (pointers.current.size) startGesture();
    else gesture.current = null;
  };

  const shown = zoom ?? 1;
  return (
    <>
      <div className="flows-zoom actions" role="group" aria-label={`Zoom of the graph of ${label}`}>
        <Button
          variant="secondary"
          onPress={zoomOut}
          isDisabled={!fit || zoom === null || zoom <= clampZoom(0, fit.zoom)}
          data-testid="graph-zoom-out"
        >
          Zoom out
        </Button>
        <Button
          variant="secondary"
          onPress={zoomIn}
          isDisabled={!fit || zoom === null || zoom >= clampZoom(Infinity, fit.zoom)}
          data-testid="graph-zoom-in"
        >
          Zoom in
        </Button>
        <Button variant="secondary" onPress={fitToScreen} isDisabled={!fit} data-testid="graph-zoom-fit">
          Fit to the screen
        </Button>
        <p role="status" className="flows-zoom__status" data-testid="graph-zoom-status">
          {status}
        </p>
      </div>
      <p id={hintId} className="flows-hint">
        Drag, scroll or use the arrow keys to move the graph; zoom with the buttons, + and −, Ctrl + wheel or a pinch; 0
        fits it again.
      </p>
      {/* The SVG names itself (role img, title and description); the tables below carry the same counts. */}
      <div
        ref={boxRef}
        className="flows-graph"
        data-testid="flow-graph"
        data-zoom={zoom ?? undefined}
        tabIndex={0}
        role="region"
        aria-label={`Graph of ${label}`}
        aria-describedby={hintId}
        aria-keyshortcuts="+ - 0 ArrowLeft ArrowRight ArrowUp ArrowDown"
        style={fit ? { height: `${fit.boxHeight}px` } : undefined}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <div
          className="flows-graph__canvas"
          style={{
            width: `${size.width * shown}px`,
            height: `${size.height * shown}px`,
            visibility: zoom === null ? 'hidden' : undefined,
          }}
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      </div>
    </>
  );
}
