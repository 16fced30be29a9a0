import { Button, OverlayArrow, Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';

/** A small "?" button that shows a hint on hover or keyboard focus. */
export function InfoTooltip({ label, text }: { label: string; text: string }) {
  return (
    <TooltipTrigger delay={200}>
      <Button className="info-tooltip__trigger" aria-label={label}>
        ?
      </Button>
      <AriaTooltip className="info-tooltip" placement="top">
        <OverlayArrow>
          <svg width={8} height={8} viewBox="0 0 8 8" className="info-tooltip__arrow">
            <path d="M0 0 L4 4 L8 0" />
          </svg>
        </OverlayArrow>
        {text}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
