import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { FailureNotice } from '../../ui/FailureNotice';
import { usePageHeading } from '../../ui/use-page-heading';
import { PageCard } from '../../shell/PageCard';

export interface UpsellPageFrameProps {
  /** The page's i18n namespace: it holds `loadFailed.body`, `retry` and `toDashboard`. */
  namespace: string;
  /** The page's test name and the prefix of its controls' test names. */
  testId: string;
  /** The prefix of the retry, failure and dashboard controls' test names. */
  controlPrefix: string;
  headingId: string;
  className: string;
  title: string;
  /** What the page is doing, announced politely; empty when idle. */
  status: string;
  busy: boolean;
  /** The load failed: the notice, with a retry when the machine allows one. */
  loadFailed: { retry: (() => void) | null } | null;
  /** The way out to the dashboard, when the machine allows it. */
  leave: (() => void) | null;
  /** Drawn above the heading (the progress bar). */
  top?: ReactNode;
  children: ReactNode;
  dataOffer?: string;
}

/** What every upsell page shares: heading, status line, load failure with retry, content, and the way to the dashboard. */
export function UpsellPageFrame({
  namespace,
  testId,
  controlPrefix,
  headingId,
  className,
  title,
  status,
  busy,
  loadFailed,
  leave,
  top,
  children,
  dataOffer,
}: UpsellPageFrameProps) {
  const { t } = useTranslation(namespace);
  const heading = usePageHeading(title);
  return (
    <section
      className={`simple-page page upsell ${className}`.trim()}
      data-testid={testId}
      data-offer={dataOffer}
      aria-labelledby={headingId}
      aria-busy={busy}
    >
      {top}
      <h1 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p role="status" className="upsell__status">
        {status}
      </p>
      {loadFailed ? (
        <FailureNotice
          message={t('loadFailed.body')}
          retry={
            loadFailed.retry ? { label: t('retry'), onPress: loadFailed.retry, testId: `${controlPrefix}-retry` } : null
          }
          testId={`${controlPrefix}-load-failed`}
        />
      ) : null}
      <PageCard className="upsell__body">{children}</PageCard>
      {leave ? (
        <p className="upsell__dashboard">
          <Button variant="link" onPress={leave} data-testid={`${controlPrefix}-dashboard`}>
            {t('toDashboard')}
          </Button>
        </p>
      ) : null}
    </section>
  );
}
