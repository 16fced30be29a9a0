import { lazy, Suspense, useRef, useState } from 'react';
import { mergeProps } from 'react-aria/mergeProps';
import { useTooltipTrigger } from 'react-aria/useTooltipTrigger';
import { useTooltipTriggerState } from 'react-stately/useTooltipTriggerState';

// The hint's overlay (positioning, portal, animation) is most of a tooltip's code, and most
// visitors never ask for a hint: it loads when the pointer or the focus first reaches the button,
// while the opening delay runs.
const TooltipOverlay = lazy(() => import('./TooltipOverlay'));

const OPEN_DELAY_MS = 200;

/** A small "?" button that shows a hint on hover or keyboard focus. */
export function InfoTooltip({ label, text }: { label: string; text: string }) {
  const state = useTooltipTriggerState({ delay: OPEN_DELAY_MS });
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { triggerProps, tooltipProps } = useTooltipTrigger({ delay: OPEN_DELAY_MS }, state, triggerRef);
  const [overlayWanted, setOverlayWanted] = useState(false);
  const want = () => setOverlayWanted(true);
  return (
    <>
      <button
        type="button"
        ref={triggerRef}
        className="info-tooltip__trigger"
        aria-label={label}
        {...mergeProps(triggerProps, { onPointerEnter: want, onFocus: want })}
      >
        ?
      </button>
      {overlayWanted ? (
        <Suspense fallback={null}>
          <TooltipOverlay state={state} triggerRef={triggerRef} tooltipProps={tooltipProps} text={text} />
        </Suspense>
      ) : null}
    </>
  );
}
