/**
 * The kinds of Intl formatter the app makes as it starts. Making the first of each kind loads the
 * browser's data for it, so the locale-data worker makes them all, and main.tsx makes them again
 * one step at a time, which is then nearly free (or does the loading itself, when the worker could not).
 */
export const localeDataKinds: readonly ((locale: string) => unknown)[] = [
  (locale) => new Intl.Locale(locale).maximize(),
  (locale) => new Intl.PluralRules(locale).select(1),
  (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(1),
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(0),
];
