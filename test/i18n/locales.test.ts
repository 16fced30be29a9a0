import { describe, expect, it } from 'vitest';
import { CULTURES, DEFAULT_CULTURE, RESOURCES, supportedCulture } from '../../src/i18n/cultures';
import { createI18n, namespacesOfPacks } from '../../src/i18n';
import { packOfNamespace, type TextPack } from '../../src/i18n/text-packs';
import { LAZY_NAMESPACES } from '../../src/i18n/namespaces';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const files = import.meta.glob<Tree>('../../src/i18n/locales/*/*.json', { eager: true, import: 'default' });
const textsOf = (culture: string, namespace: string) => files[`../../src/i18n/locales/${culture}/${namespace}.json`];
const namespaces = [
  ...new Set(
    Object.keys(files).map((path) =>
      path
        .split('/')
        .pop()!
        .replace(/\.json$/, ''),
    ),
  ),
].sort();

describe('locale files', () => {
  it('the fallback common is bundled and every other namespace is known to the lazy loader', () => {
    expect(namespaces).toContain('common');
    expect(['common', ...LAZY_NAMESPACES].sort()).toEqual(namespaces);
    expect(RESOURCES['en-US'].common).toEqual(textsOf('en-US', 'common'));
    expect(Object.keys(RESOURCES), 'only the fallback ships with the first download').toEqual(['en-US']);
  });

  const cases = CULTURES.flatMap((culture) => namespaces.map((namespace) => [culture, namespace] as const));
  it.each(cases)('%s %s has every key, no extra key, no empty text and the same placeholders', (culture, namespace) => {
    const reference = flatten(textsOf('en-US', namespace)!);
    const own = textsOf(culture, namespace);
    expect(own, `${culture}/${namespace}.json is missing`).toBeDefined();
    const texts = flatten(own!);
    expect(
      [...reference.keys()].filter((k) => !texts.has(k)),
      'missing keys',
    ).toEqual([]);
    expect(
      [...texts.keys()].filter((k) => !reference.has(k)),
      'keys unknown to en-US',
    ).toEqual([]);
    for (const [key, text] of texts) {
      expect(text.trim(), `${culture} ${key} is empty`).not.toBe('');
      expect(placeholders(text), `${culture} ${key} placeholders`).toEqual(placeholders(reference.get(key)!));
    }
  });

  it('German texts are German', async () => {
    const i18n = await createI18n('de-DE');
    expect(i18n.t('app.footerCancelContracts')).toBe('Verträge hier kündigen');
  });

  const packFiles = import.meta.glob<Record<string, unknown>>('../../src/i18n/culture-texts/*.ts', {
    eager: true,
    import: 'default',
  });
  const namespacesInPack = (culture: string, pack: TextPack) =>
    Object.keys(packFiles[`../../src/i18n/culture-texts/${culture}.${pack}.ts`] ?? {})
      .map((path) =>
        path
          .split('/')
          .pop()!
          .replace(/\.json$/, ''),
      )
      .sort();

  it.each(CULTURES)("%s's two packs hold every namespace once, each in the pack text-packs.ts names", (culture) => {
    const shipped = culture === DEFAULT_CULTURE ? ['common'] : [];
    const wanted = (pack: TextPack) => namespaces.filter((ns) => packOfNamespace(ns) === pack && !shipped.includes(ns));
    expect(namespacesInPack(culture, 'core')).toEqual(wanted('core'));
    expect(namespacesInPack(culture, 'more')).toEqual(wanted('more'));
    expect(wanted('core').length, 'the core pack is not empty').toBeGreaterThan(0);
  });

  it('starting with the core pack loads only its namespaces; a later page loads the rest on demand', async () => {
    const i18n = await createI18n('de-DE', ['core']);
    expect(i18n.hasResourceBundle('de-DE', 'funnel')).toBe(true);
    expect(i18n.hasResourceBundle('de-DE', 'billing')).toBe(false);
    expect(i18n.t('app.footerCancelContracts')).toBe('Verträge hier kündigen');
    await i18n.loadNamespaces(namespacesOfPacks(['core', 'more']));
    expect(i18n.hasResourceBundle('de-DE', 'billing')).toBe(true);
    expect(i18n.t('history.title', { ns: 'billing' })).toBe('Rechnungsverlauf');
  });

  it('an instance that loads other cultures leaves the bundled fallback alone', async () => {
    await createI18n('de-DE');
    const english = await createI18n('en-US');
    expect(Object.keys(RESOURCES)).toEqual(['en-US']);
    expect(english.hasResourceBundle('de-DE', 'common')).toBe(false);
  });

  it.each([
    ['de-DE', 'de-DE'],
    ['DE-de', 'de-DE'],
    ['de-AT', 'de-DE'],
    ['fr-CA', 'fr-FR'],
    ['pt-BR', 'en-US'],
    [null, 'en-US'],
  ])('maps culture %s to %s', (code, expected) => {
    expect(supportedCulture(code)).toBe(expected);
  });
});
