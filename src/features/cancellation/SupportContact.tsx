import { use } from 'react';
import { useServices } from '../../app/services';
import { readSupportContact } from '../../app/support-contact';

/**
 * Support's telephone and e-mail for the market; nothing while they load or if they cannot be
 * read (wrap in Suspense). The page's loader reads them ahead (app/support-contact.ts).
 */
export function SupportContact({ countryCd, className }: { countryCd: string; className?: string }) {
  const { api, reads } = useServices();
  const support = use(readSupportContact(api, reads, countryCd));
  if (!support) return null;
  return (
    <p className={className} data-testid="support-contact">
      <a href={`tel:${support.address.formatted_contact_number.replace(/[^\d+]/g, '')}`}>
        {support.address.formatted_contact_number}
      </a>
      {' · '}
      <a href={`mailto:${support.email}`}>{support.email}</a>
    </p>
  );
}
