import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Breadcrumb } from './blocks/Breadcrumb';

export interface SellIntroProps {
  step: number;
  showBreadcrumb: boolean;
  loading: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The top of the sell page: the funnel steps, the heading and the lead, and the loading notice
 * while the plans are on their way. The server draws it too, for guests, so it shows before the
 * app's code has arrived (server/http/app-shell.ts).
 */
export function SellIntro({ step, showBreadcrumb, loading, headingRef }: SellIntroProps) {
  const { t } = useTranslation('funnel');
  return (
    <>
      {showBreadcrumb ? <Breadcrumb currentStep={step} /> : null}
      <h1 id="sell-heading" ref={headingRef} tabIndex={-1}>
        {t('sell.title')}
      </h1>
      <p className="lead">{t('sell.lead')}</p>
      {loading ? <p role="status">{t('sell.loading')}</p> : null}
    </>
  );
}

/** The sell page's landmark, named by its heading; busy while the plans or configuration load. */
export function SellPageSection({ busy, testId, children }: { busy: boolean; testId?: string; children?: ReactNode }) {
  return (
    <section className="sell-page" data-testid={testId} aria-labelledby="sell-heading" aria-busy={busy}>
      {children}
    </section>
  );
}
