import { useTranslation } from 'react-i18next';
import { funnelStepsShown, stepState } from '../../../../domain/sell-blocks';
import { SELL_BLOCKS_NAMESPACE } from './namespace';

export interface BreadcrumbProps {
  /** 0 Build CV, 1 Choose Access, 2 Payment Details, 3 Finished; anything else reads as 1. */
  currentStep: number;
  /** A returning member (winback): no "Build resume" step, and the choice is of an offer. */
  returning?: boolean;
}

/**
 * The four funnel steps as an ordered list; the current one carries aria-current="step".
 * Its styles (blocks.css) come with the sell page: the server draws this too, and Node reads no CSS.
 */
export function Breadcrumb({ currentStep, returning = false }: BreadcrumbProps) {
  const { t } = useTranslation(SELL_BLOCKS_NAMESPACE);
  return (
    <nav className="sb-block sb-steps" aria-label={t('breadcrumb.label')} data-testid="funnel-breadcrumb">
      <ol className="sb-steps__list">
        {funnelStepsShown(returning).map(({ step, index }, position) => {
          const state = stepState(index, currentStep);
          return (
            <li
              key={step}
              className={`sb-steps__step sb-steps__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
              data-step={index}
            >
              <span className="sb-steps__marker" aria-hidden="true">
                {state === 'complete' ? '✓' : position + 1}
              </span>
              <span className="sb-steps__name">
                {t(returning && step === 'chooseAccess' ? 'breadcrumb.step.chooseOffer' : `breadcrumb.step.${step}`)}
              </span>
              {state === 'complete' ? <span className="sb-visually-hidden">{t('breadcrumb.complete')}</span> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
