import { useTranslation } from 'react-i18next';
import { offerTerms, type OfferTermsKind, type RenewalFacts } from '../domain/offer-terms';

/**
 * What an offer costs and when, from the plan's real renewal, in the page's culture; nothing
 * when the renewal is unknown (no amount is promised that the plan does not have).
 */
export function OfferTermsLine({
  offer,
  renewal,
  id,
  testId = 'offer-terms',
}: {
  offer: OfferTermsKind;
  renewal: RenewalFacts | null;
  id?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('common');
  const terms = offerTerms(offer, renewal, i18n.language);
  if (!terms) return null;
  return (
    <p className="offer-terms" id={id} data-testid={testId}>
      {t(terms.key, terms.values)}
    </p>
  );
}
