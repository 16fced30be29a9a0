import type { DOMAttributes, RefObject } from 'react';
import { OverlayArrow, Tooltip, TooltipContext, TooltipTriggerStateContext } from 'react-aria-components';
import type { TooltipTriggerState } from 'react-stately/useTooltipTriggerState';

interface TooltipOverlayProps {
  state: TooltipTriggerState;
  triggerRef: RefObject<HTMLButtonElement | null>;
  tooltipProps: DOMAttributes<HTMLElement>;
  text: string;
}

/** The hint of an InfoTooltip, placed above its button; the button's state opens and closes it. */
export default function TooltipOverlay({ state, triggerRef, tooltipProps, text }: TooltipOverlayProps) {
  return (
    <TooltipTriggerStateContext.Provider value={state}>
      <TooltipContext.Provider value={{ ...tooltipProps, triggerRef }}>
        <Tooltip className="info-tooltip" placement="top">
          <OverlayArrow>
            <svg width={8} height={8} viewBox="0 0 8 8" className="info-tooltip__arrow">
              <path d="M0 0 L4 4 L8 0" />
            </svg>
          </OverlayArrow>
          {text}
        </Tooltip>
      </TooltipContext.Provider>
    </TooltipTriggerStateContext.Provider>
  );
}
