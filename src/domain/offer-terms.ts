/**
 * What a save offer costs the person and when (issue 51, "offers with their money"): the
 * sentence beside every save offer, built from the subscription's real renewal price and date,
 * in the person's currency and culture. Pure: the text key and its formatted values; the page
 * only translates them.
 */
import type { RenewalFacts } from '../../machines/save-offers.machine';
import type { Subscription } from '../api/schemas/subscriptions';
import { formatCustomerDate } from './customer-dates';
import { formatMoney } from './money';
import { addMonths, discountedPrice } from './save-offers';

export type { RenewalFacts };

export type RenewalPlan = Pick<
  Subscription,
  'NextBillingDate' | 'EndDate' | 'UnitPrice' | 'NextRenewalPrice' | 'CurrencyCD'
>;

/** The renewal facts of a subscription as the subscriptions list answers it. */
export function renewalFactsOf(plan: RenewalPlan): RenewalFacts {
  return {
    nextBillingDate: plan.NextBillingDate,
    endDate: plan.EndDate,
    unitPrice: plan.UnitPrice,
    nextRenewalPrice: plan.NextRenewalPrice,
    currencyCd: plan.CurrencyCD,
  };
}

export type OfferTermsKind =
  | { kind: 'discount'; percent: number }
  | { kind: 'freeMonth'; months: number }
  | { kind: 'pause'; months: number }
  | { kind: 'reminder' };

/** A text key of the common namespace and its values, every amount and date formatted. */
export interface OfferTerms {
  key: 'offerTerms.discount' | 'offerTerms.freeMonth' | 'offerTerms.pause' | 'offerTerms.reminder';
  values: { date: string; price: string; regular?: string; later?: string; count?: number };
}

/** A date as the culture writes a day, month and year, in the person's time zone like every other date of the page. */
export function formatOfferDate(iso: string | Date, culture: string, timeZone?: string): string {
  return formatCustomerDate(iso, culture, { timeZone });
}

/**
 * The sentence's key and values for an offer on this renewal (dates in `timeZone`, else the
 * person's), or null when the plan does not renew (nothing would be charged, so there is no
 * amount to promise).
 * - discount: the next renewal's date, its price with the discount and without it;
 * - free month: nothing on the renewal date, which moves `months` later at the usual price;
 * - pause: nothing for `months` months from the end of the paid period, then the usual price;
 * - reminder: the renewal's date and price, which the reminder comes before.
 */
export function offerTerms(
  offer: OfferTermsKind,
  renewal: RenewalFacts | null,
  culture: string,
  timeZone?: string,
): OfferTerms | null {
  if (!renewal?.nextBillingDate) return null;
  const money = (amount: number) => formatMoney(amount, renewal.currencyCd, culture);
  const date = (iso: string | Date) => formatOfferDate(iso, culture, timeZone);
  const renewsOn = renewal.nextBillingDate;
  switch (offer.kind) {
    case 'discount':
      return {
        key: 'offerTerms.discount',
        values: {
          date: date(renewsOn),
          price: money(discountedPrice(renewal.unitPrice, offer.percent)),
          regular: money(renewal.nextRenewalPrice),
        },
      };
    case 'freeMonth':
      return {
        key: 'offerTerms.freeMonth',
        values: {
          date: date(renewsOn),
          later: date(addMonths(new Date(renewsOn), offer.months)),
          price: money(renewal.nextRenewalPrice),
          count: offer.months,
        },
      };
    case 'pause':
      return {
        key: 'offerTerms.pause',
        values: {
          date: date(addMonths(new Date(renewal.endDate), offer.months)),
          price: money(renewal.nextRenewalPrice),
          count: offer.months,
        },
      };
    case 'reminder':
      return { key: 'offerTerms.reminder', values: { date: date(renewsOn), price: money(renewal.nextRenewalPrice) } };
  }
}
