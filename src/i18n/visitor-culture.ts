import { CULTURES, DEFAULT_CULTURE, supportedCulture, type Culture } from './cultures';

/** Localized slugs name their language: a German path is read in German whatever the browser says. */
const SLUG_CULTURES: [RegExp, Culture][] = [
  [/\/(abo-kuendigen|eingegangen|kaufbestaetigung|warenkorb|zahlungsmethode-aendern)(\/|$)/i, 'de-DE'],
  [/\/(demande-de-resiliation|recue)(\/|$)/i, 'fr-FR'],
  [/\/(solicitud-de-baja|recibida)(\/|$)/i, 'es-ES'],
];

/**
 * The culture for a visitor before any claims are known: the `cultureslug` query value, then a
 * localized path, then the browser's preferred languages.
 */
export function visitorCulture(pathname: string, search: string, languages: readonly string[]): Culture {
  const slug = new URLSearchParams(search).get('cultureslug');
  if (slug && CULTURES.some((c) => c.toLowerCase() === slug.toLowerCase())) return supportedCulture(slug);
  const fromPath = SLUG_CULTURES.find(([pattern]) => pattern.test(pathname));
  if (fromPath) return fromPath[1];
  for (const language of languages) {
    const exact = CULTURES.find((c) => c.toLowerCase() === language.toLowerCase());
    if (exact) return exact;
  }
  return languages[0] ? supportedCulture(languages[0]) : DEFAULT_CULTURE;
}
