import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteHeader } from '../../src/features/shell/SiteHeader';
import { CULTURES, type Culture } from '../../src/i18n/cultures';

interface ShellTexts {
  app: { name: string; skipToContent: string };
}

const textsByCulture = new Map<Culture, ShellTexts>();
function textsOf(culture: Culture): ShellTexts {
  let texts = textsByCulture.get(culture);
  if (!texts) {
    texts = JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${culture}/common.json`, import.meta.url), 'utf8')) as ShellTexts;
    textsByCulture.set(culture, texts);
  }
  return texts;
}

/**
 * The page's frame as the app first draws it (skip link, header bar and an empty main area that
 * fills the first screen), in the visitor's language, to go inside the root element. The app
 * replaces it with the same frame and the page, so nothing on screen moves.
 */
export function appShell(culture: Culture, homeUrl: string): string {
  const texts = textsOf(CULTURES.includes(culture) ? culture : 'en-US');
  const header = renderToStaticMarkup(createElement(SiteHeader, { brand: texts.app.name, skipToContent: texts.app.skipToContent, homeUrl }));
  return `${header}<main id="main" class="site-main"></main>`;
}
