import { supportedCulture } from '../../src/server-drawn';
import { cultureTexts } from './culture-texts';

export interface CancellationEmailFacts {
  number: string;
  /** The plan's name in the person's culture (productNameFor). */
  plan: string;
  /** ISO instants. */
  declaredAt: string;
  accessEndsOn: string;
}

/**
 * The confirmation e-mail of a signed-in cancellation, every word from the culture's texts
 * (`cancel-confirm` → `email`). An e-mail has no browser time zone, so its dates are in UTC and
 * the declaration's time says so.
 */
export function cancellationEmail(
  culture: string | null | undefined,
  facts: CancellationEmailFacts,
): { subject: string; body: string } {
  const lng = supportedCulture(culture);
  const t = cultureTexts('cancel-confirm', lng);
  const declared = new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(facts.declaredAt),
  );
  const endsOn = new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(facts.accessEndsOn),
  );
  return {
    subject: t('email.subject', { number: facts.number }),
    body: [
      t('email.cancelled', { plan: facts.plan }),
      t('email.number', { number: facts.number }),
      t('email.declaredAt', { date: `${declared} UTC` }),
      t('email.accessEnds', { date: endsOn }),
      t('email.keep'),
    ].join('\n'),
  };
}
