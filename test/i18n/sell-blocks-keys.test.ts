import { describe, expect, it } from 'vitest';
import { CULTURES } from '../../src/i18n/cultures';
import { createI18n } from '../../src/i18n';
import { LIVE_ACTIVITY_ACTIONS } from '../../src/domain/live-activity';
import { FUNNEL_STEPS } from '../../src/domain/sell-blocks';
import { SOCIAL_PROOF_PERIOD_DAYS, SOCIAL_PROOF_TYPES } from '../../src/domain/social-proof';
import { RATING_BANDS } from '../../src/domain/trust-rating';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('../../src/i18n/locales/*/sell-blocks.json', { eager: true, import: 'default' });
const textsOf = (culture: string) => files[`../../src/i18n/locales/${culture}/sell-blocks.json`]!;
const at = (tree: Tree, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);

/** Keys the blocks build from codes at run time, which a plain key check cannot see. */
const builtKeys = [
  ...RATING_BANDS.map((band) => `trustRating.band.${band}`),
  ...['one', 'other'].map((form) => `trustRating.reviews.${form}`),
  ...SOCIAL_PROOF_TYPES.flatMap((type) =>
    Object.keys(SOCIAL_PROOF_PERIOD_DAYS).flatMap((period) =>
      ['one', 'other'].map((form) => `socialProof.${type}.${period}.${form}`),
    ),
  ),
  ...LIVE_ACTIVITY_ACTIONS.map((action) => `liveActivity.action.${action}`),
  ...FUNNEL_STEPS.map((step) => `breadcrumb.step.${step}`),
  ...['one', 'other'].flatMap((form) => [`moneyBack.heading.${form}`, `moneyBack.text.${form}`]),
];

describe('sell-blocks texts', () => {
  it.each(CULTURES.flatMap((culture) => builtKeys.map((key) => [culture, key] as const)))(
    '%s has %s',
    (culture, key) => {
      expect(typeof at(textsOf(culture), key)).toBe('string');
    },
  );

  it.each(CULTURES.map((c) => [c]))('%s: every social-proof sentence wraps the number in <num> once', (culture) => {
    for (const key of builtKeys.filter((k) => k.startsWith('socialProof.'))) {
      const text = at(textsOf(culture), key) as string;
      expect(text.match(/<num>\{\{number\}\}<\/num>/g), `${culture} ${key}`).toHaveLength(1);
    }
  });

  it.each([
    ['de-DE', 'Lebenslauf'],
    ['fr-FR', 'CV'],
    ['es-ES', 'currículum'],
    ['en-GB', 'CV'],
  ])('%s speaks of the document as %s', (culture, word) => {
    expect(at(textsOf(culture), 'thumbnail.yourResume')).toContain(word);
  });

  it('the namespace loads lazily and interpolates in German', async () => {
    const i18n = await createI18n('de-DE');
    await i18n.loadNamespaces('sell-blocks');
    expect(i18n.t('moneyBack.heading.other', { ns: 'sell-blocks', days: 14 })).toBe('14 Tage Geld-zurück-Garantie');
    expect(i18n.t('liveActivity.action.printedResume', { ns: 'sell-blocks', location: 'Köln' })).toBe(
      'Jemand aus Köln hat den Lebenslauf ausgedruckt',
    );
  });
});
