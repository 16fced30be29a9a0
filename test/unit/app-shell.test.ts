import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mountStaticApp } from '../support/static-app';
import deDE from '../../src/i18n/locales/de-DE/common.json';
import enUS from '../../src/i18n/locales/en-US/common.json';
import frFR from '../../src/i18n/locales/fr-FR/common.json';
import deFunnel from '../../src/i18n/locales/de-DE/funnel.json';
import deSellBlocks from '../../src/i18n/locales/de-DE/sell-blocks.json';
import frCommon from '../../src/i18n/locales/fr-FR/common.json';

/** Every page arrives with its frame already drawn, in the visitor's language. */
describe('app shell in the page', () => {
  const dist = mkdtempSync(join(tmpdir(), 'rp-shell-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta name="app-config" content="__APP_CONFIG__"></head><body><div id="root"></div></body></html>',
  );
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const app = mountStaticApp(dist, { apiBase: '/api', appBase: '/payment', dashboardUrl: '/dashboard?a=1&b="2"' });
  const page = async (path: string, acceptLanguage?: string, cookie?: string) =>
    (
      await app.request(`http://localhost${path}`, {
        headers: { ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}), ...(cookie ? { cookie } : {}) },
      })
    ).text();
  // As React writes text into markup.
  const html = (text: string) =>
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#x27;');
  const root = (page: string) => page.slice(page.indexOf('<div id="root">'), page.indexOf('</body>'));

  it('draws the skip link, the header and an empty main area in the browser language', async () => {
    const html = await page('/payment/mysettings', 'de-DE,de;q=0.9');
    expect(html).toContain('<html lang="de-DE"');
    expect(root(html)).toContain(`<a class="skip-link" href="#main">${deDE.app.skipToContent}</a>`);
    expect(root(html)).toContain(`<svg class="brand-mark"`);
    expect(root(html)).toContain(`<span class="site-header__name">${deDE.app.name}</span></a></header>`);
    expect(root(html)).toContain(
      `<main id="main" class="site-main"><noscript><p class="notice notice--warning">${deDE.app.needsJavaScript}</p></noscript></main>`,
    );
  });

  it("a guest's sell page also has its top: the steps with the current one marked, the heading, the lead and the loading notice", async () => {
    const main = root(await page('/payment/pricing', 'de-DE'));
    expect(main).toContain('<section class="sell-page" aria-labelledby="sell-heading" aria-busy="true">');
    expect(main).toContain(`aria-label="${deSellBlocks.breadcrumb.label}"`);
    expect(main).toMatch(/<li class="sb-steps__step sb-steps__step--current" aria-current="step" data-step="1">/);
    expect(main).toContain(
      `<h1 id="sell-heading" tabindex="-1">${deFunnel.sell.title}</h1><p class="lead">${deFunnel.sell.lead}</p><p role="status">${deFunnel.sell.loading}</p>`,
    );
  });

  it("a guest's sell page says, after the root, for which path its top was drawn: the route's own path, whatever the query or spelling", async () => {
    const marker = '<script type="application/json" id="drawn-sell-top">{"href":"/payment/pricing"}</script>';
    expect(await page('/payment/pricing?utm_source=mail&skuid=102', 'en-US')).toContain(`</div>${marker}</body>`);
    // Another spelling of the path is the same page, compressed once: it names the route's own path.
    expect(await page('/payment/Pricing//', 'en-US')).toContain(marker);
    expect(await page('/payment/pricing', 'en-US', 'rp_session=abc'), 'signed in: no top is drawn').not.toContain(
      'drawn-sell-top',
    );
    expect(await page('/payment/cancellation/request', 'en-US')).not.toContain('drawn-sell-top');
  });

  it("a guest's cancellation form also has its top: heading, what it does, the way to sign in instead, and the loading notice", async () => {
    const main = root(await page('/payment/cancellation/demande-de-resiliation', 'en-US'));
    expect(main).toContain(
      '<section class="page cancellation-request" aria-labelledby="cancellation-request-heading">',
    );
    expect(main).toContain(
      `<h1 id="cancellation-request-heading" tabindex="-1">${html(frCommon.cancellationRequest.title)}</h1><p class="lead">${html(frCommon.cancellationRequest.intro)}</p>`,
    );
    expect(main).toContain(
      `href="/dashboard?a=1&amp;b=&quot;2&quot;?next=%2Fpayment%2Fmysettings">${html(frCommon.cancellationRequest.signInButton)}</a></aside><div class="page-card"><p role="status">${html(frCommon.app.loading)}</p></div>`,
    );
    expect(
      root(await page('/payment/cancellation/request', 'en-US', 'rp_session=abc')),
      'signed in: start-up sends them to my settings',
    ).toContain('</noscript></main>');
  });

  it('a signed-in visitor, and sell pages closed to guests, get the empty main area: start-up decides what they see', async () => {
    expect(root(await page('/payment/pricing', 'en-US', 'rp_session=abc'))).toContain('</noscript></main>');
    expect(root(await page('/payment/plans', 'en-US'))).toContain('</noscript></main>');
  });

  it("a signed-in visitor's own pages get a skeleton of their shape, busy and saying it loads, as the app's waiting page renders it", async () => {
    const settings = root(await page('/payment/mysettings', 'de-DE', 'rp_session=abc'));
    expect(settings).toContain(
      '<section class="page-skeleton" aria-busy="true" data-testid="page-skeleton"><p class="visually-hidden" role="status">' +
        deDE.app.loading +
        '</p>',
    );
    expect(settings).toContain('<div class="skeleton skeleton--list" aria-hidden="true" data-testid="skeleton">');
    expect(root(await page('/payment/transactions', 'en-US', 'rp_session=abc'))).toContain(
      '<section class="page-skeleton page--wide" aria-busy="true"',
    );
    expect(root(await page('/payment/winback', 'en-US', 'rp_session=abc'))).toContain('skeleton--offers');
  });

  it('a localized path wins over the browser language, and the fallback is en-US', async () => {
    expect(root(await page('/payment/cancellation/demande-de-resiliation', 'en-US'))).toContain(
      `>${frFR.app.name}</span></a>`,
    );
    const fallback = await page('/payment/pricing', 'ja-JP');
    expect(fallback).toContain('<html lang="en-US"');
    expect(root(fallback)).toContain(`>${enUS.app.name}</span></a>`);
  });

  it('escapes the configured home address', async () => {
    expect(root(await page('/payment/pricing'))).toContain('href="/dashboard?a=1&amp;b=&quot;2&quot;"');
  });
});

describe('the server reads its texts in one place', () => {
  it('only server/domain/culture-texts.ts makes i18next instances or reads locale files; the shell uses it', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const serverDir = new URL('../../server/', import.meta.url).pathname;
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) =>
        statSync(join(dir, name)).isDirectory()
          ? files(join(dir, name))
          : name.endsWith('.ts')
            ? [join(dir, name)]
            : [],
      );
    const readers = files(serverDir)
      .filter((path) => /createInstance\(|i18n\/locales\//.test(readFileSync(path, 'utf8')))
      .map((path) => path.slice(serverDir.length));
    expect(readers).toEqual(['domain/culture-texts.ts']);
    const { pageTexts } = await import('../../server/http/app-shell');
    expect(pageTexts('de-DE', 'funnel')('retry')).toBe(deFunnel.retry);
  });
});
