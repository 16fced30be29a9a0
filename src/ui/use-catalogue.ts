import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CATALOGUE_NAMESPACE,
  productName,
  renewalSentence,
  type ProductIdentity,
  type RenewalTerms,
} from '../domain/catalogue';

/** The product catalogue in the page's culture (src/domain/catalogue.ts): how a page names a product and states its renewal. */
export function useCatalogue() {
  const { t, i18n } = useTranslation(CATALOGUE_NAMESPACE);
  const culture = i18n.language;
  return useMemo(
    () => ({
      t,
      nameOf: (identity: ProductIdentity) => productName(t, identity),
      renewalOf: (terms: RenewalTerms) => renewalSentence(t, terms, culture),
    }),
    [t, culture],
  );
}
