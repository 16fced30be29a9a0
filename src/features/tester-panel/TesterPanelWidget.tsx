import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { readItem, readJson, removeItem, writeJson } from '../../domain/storage';
import {
  clampPosition,
  defaultPosition,
  keyboardMove,
  movedBy,
  positionSchema,
  STORAGE_KEYS,
  type PanelPosition,
} from './tester-panel';
import { panelSessionStore, panelStorage } from './panel-storage';
import { useThemeOverride, type ThemeOverride } from './useThemeOverride';
import { PHONE_QUERY } from './tester-panel';
import './tester-sheet.css';

/** What the open panel holds (selects, fields, lists): loaded when it is first opened, or about to be. */
const loadContent = () => import('./TesterPanelContent');
const TesterPanelContent = lazy(loadContent);
/** The phone's open sheet (a react-aria dialog), loaded like the content: when it is first opened, or about to be. */
const loadSheet = () => import('./TesterSheet');
const TesterSheet = lazy(loadSheet);

function viewport() {
  return { width: document.documentElement.clientWidth || window.innerWidth, height: window.innerHeight };
}

/**
 * The tester panel, loaded lazily by TesterPanel. Collapsed it is a small button at the
 * panel's top-right corner; open, the panel grows from there, with a handle to move it.
 */
export default function TesterPanelWidget({ demoLogin }: { demoLogin: boolean }) {
  const theme = useThemeOverride();
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  return phone ? (
    <PhoneSheet demoLogin={demoLogin} theme={theme} />
  ) : (
    <FloatingPanel demoLogin={demoLogin} theme={theme} />
  );
}

const subscribePhone = (onChange: () => void) => {
  const media = window.matchMedia(PHONE_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

/** Whether the panel opens at once: the panel itself reloaded the page (then it says so once). */
function useReopen(): [boolean, (open: boolean | ((was: boolean) => boolean)) => void] {
  const [open, setOpen] = useState(() => readItem(panelSessionStore(), STORAGE_KEYS.reopen) === 'true');
  useEffect(() => {
    removeItem(panelSessionStore(), STORAGE_KEYS.reopen);
  }, []);
  return [open, setOpen];
}

interface PanelProps {
  demoLogin: boolean;
  theme: ThemeOverride;
}

/** On a desktop: a small toggle at the panel's top-right corner; open, the panel grows from there, with a handle to move it. */
function FloatingPanel({ demoLogin, theme }: PanelProps) {
  const { t } = useTranslation();
  const ids = useId();
  const contentId = `${ids}-content`;
  const titleId = `${ids}-title`;
  const moveHintId = `${ids}-move-hint`;
  const closeHintId = `${ids}-close-hint`;
  const panelRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [position, setPosition] = useState<PanelPosition>(
    () => readJson(panelStorage(), STORAGE_KEYS.position, positionSchema) ?? defaultPosition(window.innerWidth),
  );
  const [expanded, setExpanded] = useReopen();
  const drag = useRef<{ pointerId: number; x: number; y: number; from: PanelPosition } | null>(null);

  const sizeOf = useCallback(() => {
    const box = panelRef.current?.getBoundingClientRect();
    return { width: box?.width ?? 0, height: Math.min(box?.height ?? 0, 48) };
  }, []);

  const place = useCallback(
    (next: PanelPosition, save: boolean) => {
      const clamped = clampPosition(next, viewport(), sizeOf());
      setPosition(clamped);
      if (save) writeJson(panelStorage(), STORAGE_KEYS.position, clamped);
      return clamped;
    },
    [sizeOf],
  );

  // A stored position from a larger window is brought back on screen. The first check waits for the
  // browser's own layout of the panel (a ResizeObserver reports after it) instead of forcing a
  // layout of the whole page in the middle of its start.
  useEffect(() => {
    const onResize = () => setPosition((current) => clampPosition(current, viewport(), sizeOf()));
    const firstLayout = new ResizeObserver(() => {
      firstLayout.disconnect();
      onResize();
    });
    if (panelRef.current) firstLayout.observe(panelRef.current);
    window.addEventListener('resize', onResize);
    return () => {
      firstLayout.disconnect();
      window.removeEventListener('resize', onResize);
    };
  }, [sizeOf]);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, from: position };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    place(movedBy(start.from, event.clientX - start.x, event.clientY - start.y), false);
  };
  const onPointerEnd = (event: PointerEvent<HTMLButtonElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    drag.current = null;
    place(movedBy(start.from, event.clientX - start.x, event.clientY - start.y), true);
  };
  const onHandleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const move = keyboardMove(event.key, event.shiftKey);
    if (!move) return;
    event.preventDefault();
    place(movedBy(position, move.dx, move.dy), true);
  };

  // A select's own popup takes Escape first and marks it handled; only a free Escape closes the panel.
  const onPanelKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !expanded || event.defaultPrevented) return;
    event.preventDefault();
    setExpanded(false);
    toggleRef.current?.focus();
  };

  return (
    <aside
      ref={panelRef}
      className={expanded ? 'tester-panel tester-panel--open' : 'tester-panel'}
      data-testid="tester-panel"
      aria-label={t('testerPanel.landmark')}
      style={{ top: `${position.top}px`, right: `${position.right}px` }}
      onKeyDown={onPanelKeyDown}
    >
      <div className="tester-panel__bar">
        {expanded ? (
          <>
            <button
              type="button"
              className="tester-panel__handle"
              data-testid="tester-panel-handle"
              aria-label={t('testerPanel.move')}
              aria-describedby={moveHintId}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerEnd}
              onPointerCancel={onPointerEnd}
              onKeyDown={onHandleKeyDown}
            >
              <span aria-hidden="true">⠿</span>
            </button>
            <span id={moveHintId} className="tester-panel__hint">
              {t('testerPanel.moveHint')}
            </span>
            <span id={titleId} className="tester-panel__title">
              {t('testerPanel.title')}
            </span>
            <span id={closeHintId} className="tester-panel__hint">
              {t('testerPanel.closeHint')}
            </span>
          </>
        ) : null}
        <button
          ref={toggleRef}
          type="button"
          className="tester-panel__toggle"
          data-testid="tester-panel-toggle"
          aria-label={expanded ? t('testerPanel.close') : t('testerPanel.open')}
          aria-expanded={expanded}
          aria-controls={contentId}
          aria-describedby={expanded ? closeHintId : undefined}
          title={expanded ? undefined : t('testerPanel.open')}
          onClick={() => setExpanded((open) => !open)}
          onPointerEnter={() => void loadContent()}
          onFocus={() => void loadContent()}
        >
          <span aria-hidden="true">{expanded ? '✕' : '⚙'}</span>
        </button>
      </div>
      <div id={contentId} role="region" aria-labelledby={titleId} className="tester-panel__content" hidden={!expanded}>
        {expanded ? (
          <Suspense fallback={<p className="tester-panel__note">{t('app.loading')}</p>}>
            <TesterPanelContent theme={theme} demoLogin={demoLogin} />
          </Suspense>
        ) : null}
      </div>
    </aside>
  );
}

/**
 * On a phone: a bottom sheet. Collapsed it is a handle at the bottom edge; opened it is a
 * dialog at the bottom under half the screen, not modal, so the page above it stays usable
 * (a theme picked shows there at once); it can grow to most of the screen, and closes with its
 * close button or Escape, the focus going back to the handle.
 */
function PhoneSheet({ demoLogin, theme }: PanelProps) {
  const { t } = useTranslation();
  const ids = useId();
  const sheetId = `${ids}-sheet`;
  const [open, setOpen] = useReopen();
  const [tall, setTall] = useState(false);
  const handleRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    setTall(false);
    // The handle is drawn again after the sheet goes; the focus goes back to it then.
    requestAnimationFrame(() => handleRef.current?.focus());
  };
  // A select's own popup takes Escape first and marks it handled; only a free Escape closes the sheet.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    close();
  };

  return (
    <aside
      className={
        open ? 'tester-panel tester-panel--phone tester-panel--sheet-open' : 'tester-panel tester-panel--phone'
      }
      data-testid="tester-panel"
      aria-label={t('testerPanel.landmark')}
      onKeyDown={onKeyDown}
    >
      {open ? (
        <Suspense fallback={null}>
          <TesterSheet
            id={sheetId}
            tall={tall}
            onGrow={() => setTall((was) => !was)}
            onClose={close}
            demoLogin={demoLogin}
            theme={theme}
          />
        </Suspense>
      ) : (
        <button
          ref={handleRef}
          type="button"
          className="tester-sheet__handle"
          data-testid="tester-panel-toggle"
          aria-label={t('testerPanel.open')}
          aria-expanded={false}
          onClick={() => setOpen(true)}
          onPointerEnter={() => void loadSheet()}
          onFocus={() => void loadSheet()}
        >
          <span aria-hidden="true" className="tester-sheet__grip" />
          <span aria-hidden="true">⚙</span>
        </button>
      )}
    </aside>
  );
}
