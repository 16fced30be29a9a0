import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsDetails } from '../../api/schemas/pages';
import { useServices } from '../../app/services';

/**
 * The fixed text a suspended person sees at checkout: the plan renews by itself and can be
 * cancelled by e-mail or phone, with the market's contact details when they can be read.
 */
export function SuspendedNotice({ countryCd }: { countryCd: string }) {
  const { t } = useTranslation('funnel');
  const { api } = useServices();
  const [support, setSupport] = useState<CsDetails | null>(null);
  useEffect(() => {
    let current = true;
    api.config
      .supportDetails(countryCd)
      .then((answer) => current && setSupport(answer))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [api, countryCd]);
  return (
    <p className="notice suspended-notice" data-testid="suspended-cancel-text">
      {t('checkout.suspended')}
      {support ? ` ${t('checkout.suspendedContact', { email: support.email, phone: support.address.formatted_contact_number })}` : null}
    </p>
  );
}
