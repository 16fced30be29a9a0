import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { splitTagged } from '../../../../i18n/tagged-text';
import type { Grouping } from '../../../../domain/money';
import { countForm } from '../../../../domain/sell-blocks';
import {
  counterValueAt,
  formatCount,
  parseSocialProofData,
  resolveSocialProof,
  type SocialProofResult,
} from '../../../../domain/social-proof';
import { browserStorage, documentCookies, personalizationAllowed, writeCookies } from './browser-stores';
import { useWholeDrawing } from '../../../../ui/whole-drawing';
import { SELL_BLOCKS_NAMESPACE } from './namespace';
import { useReducedMotion } from './use-reduced-motion';
import './blocks.css';

export interface SocialProofCounterProps {
  /** The social-proof config block's Data: { type?: 'plan' | 'resume', counter, period: 1 | 7 | 'ODAY' | 'OWEEK' }. */
  data: unknown;
  /** The visitor's portal; a count kept for another portal is not reused. */
  portalId: number;
  /** Defaults to the page's language. */
  culture?: string;
  /** Digit grouping forced by config (§9); the culture's own by default. */
  grouping?: Grouping;
  /** Clock and random source; the browser's by default. */
  now?: () => number;
  random?: () => number;
}

/**
 * The counting number over an invisible copy of the final one, in one grid cell: the box is
 * the final width from the start, so the words after it never move. React draws the final
 * number; while it counts, the counter writes each step into `counting` itself.
 */
function CountingNumber({ finalText, counting }: { finalText: string; counting: RefObject<HTMLSpanElement | null> }) {
  return (
    <strong className="sb-social-proof__number">
      <span className="sb-social-proof__final">{finalText}</span>
      <span ref={counting}>{finalText}</span>
    </strong>
  );
}

type Resolved = { key: string | null; result: SocialProofResult | null };

/**
 * "N people chose a plan in the last day (week)". The number counts up over 1200 ms (at once
 * with reduced motion); screen readers get the final sentence only, once.
 */
export function SocialProofCounter({
  data,
  portalId,
  culture,
  grouping,
  now = Date.now,
  random = Math.random,
}: SocialProofCounterProps) {
  const { t, i18n } = useTranslation(SELL_BLOCKS_NAMESPACE);
  const whole = useWholeDrawing();
  // A page drawn whole shows the final number from the start: on screen already, it does not count up again.
  const countsUp = !useReducedMotion() && whole === null;
  const settings = parseSocialProofData(data);
  const key = settings ? `${settings.period}:${settings.counter}:${portalId}` : null;

  const resolve = (): Resolved => ({
    key,
    result: settings
      ? resolveSocialProof({
          period: settings.period,
          counter: settings.counter,
          portalId,
          personalization: personalizationAllowed(),
          now: now(),
          random,
          cookieHeader: whole?.cookieHeader ?? documentCookies(),
          local: browserStorage(),
        })
      : null,
  });
  const [resolved, setResolved] = useState(resolve);
  if (resolved.key !== key) setResolved(resolve());

  const count = resolved.result?.count ?? 0;
  const lang = culture ?? i18n.language;
  const counting = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (resolved.result) writeCookies(resolved.result.cookies);
  }, [resolved]);

  // The count-up writes its steps straight into the number's text, once per frame. Drawing
  // the counter again in React 70 times in 1.2 s cost the sell page about a sixth of its
  // start-up work on the main thread. React draws the final number; the last step restores it.
  useLayoutEffect(() => {
    const node = counting.current;
    if (!node || !countsUp) return;
    // The text node React drew is changed in place, never replaced, so React still owns it.
    const text = node.firstChild;
    if (!(text instanceof Text)) return;
    const finalText = formatCount(count, lang, grouping);
    text.nodeValue = formatCount(0, lang, grouping);
    let frame = 0;
    let start: number | null = null;
    const tick = (time: number) => {
      start ??= time;
      const value = counterValueAt(time - start, count);
      text.nodeValue = formatCount(value, lang, grouping);
      if (value < count) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      text.nodeValue = finalText;
    };
  }, [count, countsUp, lang, grouping]);

  if (!settings || !resolved.result) return null;
  const finalText = formatCount(count, lang, grouping);
  const sentence = splitTagged(
    t(`socialProof.${settings.type}.${settings.period}.${countForm(lang, count)}`, { number: finalText }),
    'num',
  );
  return (
    <p className="sb-block sb-social-proof" data-testid="social-proof" data-count={count} data-period={settings.period}>
      <span aria-hidden="true">
        {sentence.before}
        {sentence.marked ? <CountingNumber finalText={sentence.marked} counting={counting} /> : null}
        {sentence.after}
      </span>
      <span className="sb-visually-hidden" data-testid="social-proof-text">
        {sentence.before}
        {sentence.marked}
        {sentence.after}
      </span>
    </p>
  );
}
