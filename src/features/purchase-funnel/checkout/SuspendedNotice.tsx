import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../app/services';
import { readSupportContact } from '../../../app/support-contact';

/**
 * The fixed text a suspended person sees at checkout: the plan renews by itself and can be
 * cancelled by e-mail or phone, with the market's contact details when they can be read.
 */
export function SuspendedNotice({ countryCd }: { countryCd: string }) {
  const { t } = useTranslation('funnel');
  return (
    <p className="notice suspended-notice" data-testid="suspended-cancel-text">
      {t('checkout.suspended')}
      <Suspense fallback={null}>
        <SupportContact countryCd={countryCd} />
      </Suspense>
    </p>
  );
}

function SupportContact({ countryCd }: { countryCd: string }) {
  const { t } = useTranslation('funnel');
  const { api, reads } = useServices();
  const support = use(readSupportContact(api, reads, countryCd));
  return support
    ? ` ${t('checkout.suspendedContact', { email: support.email, phone: support.address.formatted_contact_number })}`
    : null;
}
