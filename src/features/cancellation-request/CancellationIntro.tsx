import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { hrefOf } from '../../routing/route-target';

/**
 * The top of the logged-out cancellation request: heading, what the page does, and the way to
 * sign in instead. The server draws it too, for guests, so it shows before the app's code has
 * arrived (server/http/app-shell.ts).
 */
export function CancellationIntro({
  signInUrl,
  headingRef,
}: {
  signInUrl: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h1 id="cancellation-request-heading" ref={headingRef} tabIndex={-1}>
        {t('cancellationRequest.title')}
      </h1>
      <p className="lead">{t('cancellationRequest.intro')}</p>

      <aside className="sign-in-prompt" aria-labelledby="sign-in-prompt-heading">
        <h2 id="sign-in-prompt-heading">{t('cancellationRequest.signInTitle')}</h2>
        <p>{t('cancellationRequest.signInBody')}</p>
        <a className="button button--secondary" href={signInUrl}>
          {t('cancellationRequest.signInButton')}
        </a>
      </aside>
    </>
  );
}

/** The cancellation request's landmark, named by its heading. */
export function CancellationSection({ children }: { children?: ReactNode }) {
  return (
    <section className="page cancellation-request" aria-labelledby="cancellation-request-heading">
      {children}
    </section>
  );
}

/** Signing in leads back to my settings, where a subscriber cancels. */
export const signInUrlFor = (dashboardUrl: string) =>
  `${dashboardUrl}?next=${encodeURIComponent(hrefOf({ to: '/mysettings' }))}`;
