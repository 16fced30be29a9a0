import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** §9: the scarcity offer runs for 15 minutes from the moment the page is shown. */
export const SCARCITY_MINUTES = 15;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * The countdown of the scarcity variant. Its text changes every second, so it is a timer
 * that screen readers do not announce by itself (role=timer is polite-off by default); the
 * sentence around it says what it counts down to.
 */
export function ScarcityCountdown({ now = () => Date.now() }: { now?: () => number }) {
  const { t } = useTranslation('funnel');
  const [endsAt] = useState(() => now() + SCARCITY_MINUTES * 60_000);
  const [left, setLeft] = useState(SCARCITY_MINUTES * 60);
  useEffect(() => {
    const tick = () => setLeft(Math.max(0, Math.round((endsAt - now()) / 1000)));
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt, now]);
  return (
    <p className="scarcity" data-testid="scarcity-countdown">
      {left > 0 ? t('sell.scarcity') : t('sell.scarcityOver')}{' '}
      <span role="timer" aria-label={t('sell.scarcityLeft', { minutes: Math.floor(left / 60), seconds: left % 60 })}>
        {twoDigits(Math.floor(left / 60))}:{twoDigits(left % 60)}
      </span>
    </p>
  );
}
