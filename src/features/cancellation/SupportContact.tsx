import { use } from 'react';
import { useServices } from '../../app/services';

/** Support's telephone and e-mail for the market; nothing while they load or if they cannot be read (wrap in Suspense). */
export function SupportContact({ countryCd, className }: { countryCd: string; className?: string }) {
  const { api, reads } = useServices();
  const support = use(reads.read(`support:${countryCd}`, () => api.config.supportDetails(countryCd).catch(() => null)));
  if (!support) return null;
  return (
    <p className={className} data-testid="support-contact">
      <a href={`tel:${support.address.formatted_contact_number.replace(/[^\d+]/g, '')}`}>{support.address.formatted_contact_number}</a>
      {' · '}
      <a href={`mailto:${support.email}`}>{support.email}</a>
    </p>
  );
}
