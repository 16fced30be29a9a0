import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceType } from '../../../../domain/eligibility';
import {
  LIVE_ACTIVITY_ROTATE_MS,
  nextPosition,
  positionCookie,
  resolveLiveActivity,
  type LiveActivityEntry,
  type LiveActivityFeed as Feed,
} from '../../../../domain/live-activity';
import { Button } from '../../../../ui/Button';
import { documentCookies, writeCookies } from './browser-stores';
import { useWholeDrawing } from '../../../../ui/whole-drawing';
import { SELL_BLOCKS_NAMESPACE } from './namespace';
import { useReducedMotion } from './use-reduced-motion';
import './blocks.css';

export interface LiveActivityFeedProps {
  country: string | null | undefined;
  /** Mobile gets 17 entries, other devices 13. */
  device: DeviceType | null | undefined;
  /** Random source for a new list; the browser's by default. */
  random?: () => number;
}

/**
 * One activity entry at a time, moving on every 5 s.
 *
 * Screen readers: while the feed moves by itself its region is aria-live="off", so a reader
 * is not interrupted every few seconds (the carousel rule of the WAI-ARIA practices). It
 * stops while hovered or focused, and the pause button stops it for good (WCAG 2.2.2); once
 * stopped the region is polite, so the entry the visitor asks for with "next" is read once. Reduced motion drops the fade, not the updates, which are not motion.
 */
export function LiveActivityFeed({ country, device, random = Math.random }: LiveActivityFeedProps) {
  const { t } = useTranslation(SELL_BLOCKS_NAMESPACE);
  const headingId = useId();
  const reducedMotion = useReducedMotion();
  const cookieHeader = useWholeDrawing()?.cookieHeader;
  const [feed] = useState<Feed>(() =>
    resolveLiveActivity({ cookieHeader: cookieHeader ?? documentCookies(), device, country, random }),
  );
  const [position, setPosition] = useState(feed.position);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const size = feed.entries.length;
  const rotating = !paused && !hovered && !focused;

  useEffect(() => writeCookies(feed.cookies), [feed]);

  useEffect(() => {
    if (!rotating || size < 2) return;
    const timer = setInterval(() => setPosition((p) => nextPosition(p, size)), LIVE_ACTIVITY_ROTATE_MS);
    return () => clearInterval(timer);
  }, [rotating, size]);

  useEffect(() => writeCookies([positionCookie(position)]), [position]);

  const entry = feed.entries[position];
  if (!entry) return null;
  const text = (e: LiveActivityEntry) => t(`liveActivity.action.${e.action}`, { location: e.location });
  return (
    <section
      className={`sb-block sb-live-activity${reducedMotion ? '' : ' sb-live-activity--animated'}`}
      aria-labelledby={headingId}
      data-testid="live-activity"
      data-size={size}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <p id={headingId} className="sb-live-activity__heading">
        {t('liveActivity.heading')}
      </p>
      {/* Every entry sits, invisible, in the same grid cell as the shown one, so the box is as tall as the longest and never grows. */}
      <div className="sb-live-activity__stage">
        {feed.entries.map((other) => (
          <div key={other.id} className="sb-live-activity__entry sb-live-activity__entry--ghost" aria-hidden="true">
            <span className="sb-live-activity__avatar" />
            <p className="sb-live-activity__text">{text(other)}</p>
          </div>
        ))}
        <div
          className="sb-live-activity__entry"
          aria-live={rotating ? 'off' : 'polite'}
          aria-atomic="true"
          data-testid="live-activity-entry"
          data-entry-id={entry.id}
        >
          <span className={`sb-live-activity__avatar sb-${entry.avatarClass}`} aria-hidden="true" />
          <p key={entry.id} className="sb-live-activity__text">
            {text(entry)}
          </p>
        </div>
      </div>
      <div className="sb-live-activity__controls">
        <Button
          variant="link"
          className="sb-link-button"
          onPress={() => setPaused((p) => !p)}
          data-testid="live-activity-toggle"
        >
          {paused ? t('liveActivity.play') : t('liveActivity.pause')}
        </Button>
        <Button
          variant="link"
          className="sb-link-button"
          onPress={() => {
            setPaused(true);
            setPosition((p) => nextPosition(p, size));
          }}
          data-testid="live-activity-next"
        >
          {t('liveActivity.next')}
        </Button>
      </div>
    </section>
  );
}
