import { describe, expect, it } from 'vitest';
import { LOW_INTENT_OFFERS } from '../../machines/low-intent-offer.rules';
import { CULTURES } from '../../src/i18n/cultures';

type Texts = {
  offers: Record<string, { name: string; description: string }>;
  regularPrice: string;
  choose: string;
  claimed: string;
};
const files = import.meta.glob<Texts>('../../src/i18n/locales/*/low-intent.json', { eager: true, import: 'default' });
const textsOf = (culture: string) => files[`../../src/i18n/locales/${culture}/low-intent.json`]!;

describe('low-intent texts', () => {
  it.each(CULTURES)('%s names and describes every offer the machine knows, and nothing else', (culture) => {
    const texts = textsOf(culture);
    expect(Object.keys(texts.offers).sort()).toEqual([...LOW_INTENT_OFFERS].sort());
  });

  it('British and Indian English say CV, American and Canadian English say resume', () => {
    for (const culture of ['en-GB', 'en-IN']) expect(textsOf(culture).offers.CVReview!.name).toMatch(/\bCV\b/);
    for (const culture of ['en-US', 'en-CA']) expect(textsOf(culture).offers.CVReview!.name).toMatch(/\bresume\b/i);
  });

  it.each(['de-DE', 'fr-FR', 'es-ES'])('%s is translated, not an English copy', (culture) => {
    const own = textsOf(culture);
    const english = textsOf('en-US');
    for (const offer of LOW_INTENT_OFFERS)
      expect(own.offers[offer]!.description).not.toBe(english.offers[offer]!.description);
    expect(own.choose).not.toBe(english.choose);
  });
});
