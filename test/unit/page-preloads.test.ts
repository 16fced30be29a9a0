import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { languagesOf, pagePreloads } from '../../server/http/page-preloads';
import { mountStaticApp } from '../support/static-app';

/** Pages name their texts and first reads in the head, money pages also their code, so the browser fetches them at once. */
describe('page preloads', () => {
  const dist = mkdtempSync(join(tmpdir(), 'rp-preloads-'));
  mkdirSync(join(dist, '.vite'), { recursive: true });
  const manifest = {
    'index.html': {
      file: 'assets/index-1.js',
      isEntry: true,
      imports: ['_preload-1.js'],
      dynamicImports: ['src/start/libraries.ts', 'src/boot.tsx'],
    },
    'src/start/libraries.ts': { file: 'assets/libraries-1.js', imports: ['_vendor-1.js'] },
    '_preload-1.js': { file: 'assets/preload-1.js' },
    'src/boot.tsx': {
      file: 'assets/boot-1.js',
      isEntry: true,
      imports: ['_vendor-1.js', '_preload-1.js'],
      css: ['assets/app-1.css'],
    },
    '_vendor-1.js': { file: 'assets/vendor-1.js' },
    '_money-1.js': { file: 'assets/money-1.js', imports: ['_vendor-1.js'] },
    'src/features/purchase-funnel/sell-page/SellPage.tsx': {
      file: 'assets/SellPage-1.js',
      imports: ['_vendor-1.js', '_money-1.js'],
      css: ['assets/SellPage-1.css'],
    },
    'src/features/purchase-funnel/checkout/CheckoutPage.tsx': {
      file: 'assets/CheckoutPage-1.js',
      imports: ['_money-1.js'],
    },
    'src/features/cancellation/SurveyPage.tsx': {
      file: 'assets/SurveyPage-1.js',
      imports: ['_vendor-1.js', '_radio-1.js'],
      css: ['assets/survey-1.css'],
    },
    '_radio-1.js': { file: 'assets/radio-1.js' },
    // The schemas of start-up's reads, which the app imports when it makes them.
    'src/api/schemas/users.ts': { file: 'assets/users-1.js', imports: ['_vendor-1.js'] },
    'src/api/schemas/pages.ts': { file: 'assets/pages-1.js', imports: ['_vendor-1.js'] },
    'src/api/schemas/payments.ts': { file: 'assets/payments-1.js', imports: ['_vendor-1.js'] },
    // Two packs of texts per culture: the core the funnel's pages draw from, and the rest (en-US's common ships with the app).
    'src/i18n/culture-texts/en-US.core.ts': { file: 'assets/en-US.core-1.js' },
    'src/i18n/culture-texts/en-US.more.ts': { file: 'assets/en-US.more-1.js' },
    'src/i18n/culture-texts/de-DE.core.ts': { file: 'assets/de-DE.core-1.js' },
    'src/i18n/culture-texts/de-DE.more.ts': { file: 'assets/de-DE.more-1.js' },
    'src/i18n/locales/en-US/common.json': { file: 'assets/preload-1.js' },
  };
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="app-config" content="__APP_CONFIG__"></head><body></body></html>',
  );
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const STARTUP_SCHEMA_FILES = ['/payment/assets/pages-1.js', '/payment/assets/users-1.js'];
  const app = mountStaticApp(dist, { apiBase: '/api', appBase: '/payment' });
  const page = async (path: string, acceptLanguage = 'en-US,en;q=0.9') => {
    const response = await app.request(`http://localhost${path}`, { headers: { 'accept-language': acceptLanguage } });
    const html = await response.text();
    const wholeHead = html.slice(0, html.indexOf('</head>'));
    // What main.tsx fetches once the page has painted sits in a template; the rest is fetched at once.
    const afterPaint = wholeHead.match(/<template id="after-first-paint">(.*)<\/template>/)?.[1] ?? '';
    const head = wholeHead.replace(/<template id="after-first-paint">.*<\/template>/, '');
    const hrefs = (within: string, pattern: RegExp) => [...within.matchAll(pattern)].map((m) => m[1]);
    return {
      response,
      modules: hrefs(afterPaint, /<link rel="modulepreload" crossorigin href="([^"]+)"/g),
      modulesBeforePaint: hrefs(head, /<link rel="modulepreload"[^>]*href="([^"]+)"/g),
      styles: hrefs(head, /<link rel="stylesheet" crossorigin href="([^"]+)"/g),
      styleLoads: hrefs(afterPaint, /<link rel="preload" as="style" crossorigin href="([^"]+)"/g),
      reads: hrefs(head, /<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)"/g),
    };
  };

  it("the sell page names the app's code and its own, links its styles, and names the core texts of the visitor's culture, but not what the entry already brings", async () => {
    const { modules, modulesBeforePaint, styles, styleLoads, response } = await page(
      '/payment/pricing',
      'de-DE,de;q=0.9,en;q=0.5',
    );
    expect(modulesBeforePaint, 'code waits for the first paint').toEqual([]);
    expect(modules.sort()).toEqual([
      '/payment/assets/SellPage-1.js',
      '/payment/assets/boot-1.js',
      '/payment/assets/de-DE.core-1.js',
      '/payment/assets/libraries-1.js',
      '/payment/assets/money-1.js',
      ...STARTUP_SCHEMA_FILES,
      '/payment/assets/vendor-1.js',
    ]);
    expect(styles, 'linked: the drawn frame is styled at the first paint').toEqual(['/payment/assets/SellPage-1.css']);
    expect(styleLoads, "fetched early, applied when the app's code takes them").toEqual(['/payment/assets/app-1.css']);
    // A guest's sell page may be drawn for the device the server guessed (drawn-sell-page.ts).
    expect(response.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie, Sec-CH-UA-Mobile, User-Agent');
  });

  it("where the server drew checkout's top, checkout's own code is asked for at once; its texts and the app's code still wait for the paint", () => {
    const modulesOf = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    const preloads = pagePreloads(dist, '/payment', '/api');
    const drawn = preloads('/payment/checkout', '?skuid=102', 'en-US', { pageDrawn: true });
    expect(modulesOf(drawn.head).sort()).toEqual(['/payment/assets/CheckoutPage-1.js', '/payment/assets/money-1.js']);
    expect(modulesOf(drawn.afterPaint).sort()).toEqual([
      '/payment/assets/boot-1.js',
      '/payment/assets/en-US.core-1.js',
      '/payment/assets/libraries-1.js',
      ...STARTUP_SCHEMA_FILES,
      '/payment/assets/vendor-1.js',
    ]);
    const notDrawn = preloads('/payment/checkout', '?skuid=102', 'en-US');
    expect(modulesOf(notDrawn.head)).toEqual([]);
    expect(modulesOf(notDrawn.afterPaint)).toContain('/payment/assets/CheckoutPage-1.js');
  });

  it("where the server drew another page's top (the survey), that page's styles are linked for the first paint and its code asked for at once", () => {
    const linked = (html: string) =>
      [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    const styleLoads = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="style" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    const modulesOf = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    const preloads = pagePreloads(dist, '/payment', '/api');
    const drawn = preloads('/payment/cancellation/survey', '', 'en-US', { pageDrawn: true });
    expect(linked(drawn.head)).toEqual(['/payment/assets/survey-1.css']);
    expect(styleLoads(drawn.afterPaint)).toEqual(['/payment/assets/app-1.css']);
    expect(modulesOf(drawn.head).sort()).toEqual(['/payment/assets/SurveyPage-1.js', '/payment/assets/radio-1.js']);
    const notDrawn = preloads('/payment/cancellation/survey', '', 'en-US');
    expect(linked(notDrawn.head)).toEqual([]);
    expect(styleLoads(notDrawn.afterPaint).sort()).toEqual([
      '/payment/assets/app-1.css',
      '/payment/assets/survey-1.css',
    ]);
  });

  it('names what main.tsx imports one by one after the paint, in its order, ahead of the app (else each is a round trip after the last)', async () => {
    const { modules } = await page('/payment/mysettings');
    const libraries = modules.indexOf('/payment/assets/libraries-1.js');
    expect(libraries).toBeGreaterThanOrEqual(0);
    expect(libraries).toBeLessThan(modules.indexOf('/payment/assets/boot-1.js'));
  });

  it("for a signed-in person it also names their preferences (start-up's next read) and the texts of their account's culture", () => {
    const preloads = pagePreloads(dist, '/payment', '/api');
    const readsOf = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)"/g)].map((m) => m[1]);
    const modulesOf = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    const signedIn = preloads('/payment/mysettings', '', 'en-US', {
      signedIn: { userUid: '5eed0000-0000-4000-8000-000000000003', culture: 'de-DE' },
    });
    expect(readsOf(signedIn.head)).toEqual([
      '/api/users/claims',
      '/api/config/features?moduleName=Shell',
      '/api/users/5eed0000-0000-4000-8000-000000000003/preferences',
    ]);
    expect(modulesOf(signedIn.afterPaint)).toEqual(
      expect.arrayContaining([
        '/payment/assets/en-US.core-1.js',
        '/payment/assets/en-US.more-1.js',
        '/payment/assets/de-DE.core-1.js',
        '/payment/assets/de-DE.more-1.js',
      ]),
    );
    const guest = preloads('/payment/mysettings', '', 'en-US');
    expect(readsOf(guest.head)).toEqual(['/api/users/claims', '/api/config/features?moduleName=Shell']);
    expect(modulesOf(guest.afterPaint)).not.toContain('/payment/assets/de-DE.core-1.js');
  });

  it("the sell page names start-up's reads and its own configuration reads", async () => {
    const { reads } = await page('/payment/pricing');
    expect(reads).toEqual([
      '/api/users/claims',
      '/api/config/features?moduleName=Shell',
      '/api/config/features?moduleName=SellPage',
      '/api/config/features?moduleName=Checkout',
    ]);
  });

  it('checkout and its mobile and legacy paths name the checkout code', async () => {
    for (const path of ['/payment/checkout', '/payment/mobile/checkout', '/payment/secure/checkout']) {
      const { modules } = await page(path);
      expect(modules.sort(), path).toEqual([
        '/payment/assets/CheckoutPage-1.js',
        '/payment/assets/boot-1.js',
        '/payment/assets/en-US.core-1.js',
        '/payment/assets/libraries-1.js',
        '/payment/assets/money-1.js',
        ...STARTUP_SCHEMA_FILES,
        '/payment/assets/vendor-1.js',
      ]);
    }
  });

  it("the funnel's pages and the logged-out cancellation form name only the core texts; every other page both packs", async () => {
    const texts = (modules: (string | undefined)[]) => modules.filter((m) => m?.includes('en-US.')).sort();
    for (const path of [
      '/payment/pricing',
      '/payment/checkout',
      '/payment/processing',
      '/payment/cancellation/request',
    ]) {
      expect(texts((await page(path)).modules), path).toEqual(['/payment/assets/en-US.core-1.js']);
    }
    // The receipt's address also shows a signed-in person's cancellation, drawn from the rest.
    for (const path of [
      '/payment/cancellation/received',
      '/payment/transactions',
      '/payment/orderconfirmation',
      '/payment/cancellation/pre',
    ]) {
      expect(texts((await page(path)).modules), path).toEqual([
        '/payment/assets/en-US.core-1.js',
        '/payment/assets/en-US.more-1.js',
      ]);
    }
  });

  it("other pages name the app's code, both packs of the culture's texts, start-up's reads and their schemas only", async () => {
    const { modules, reads, styles } = await page('/payment/mysettings', 'de-DE');
    expect(modules.sort()).toEqual([
      '/payment/assets/boot-1.js',
      '/payment/assets/de-DE.core-1.js',
      '/payment/assets/de-DE.more-1.js',
      '/payment/assets/libraries-1.js',
      ...STARTUP_SCHEMA_FILES,
      '/payment/assets/vendor-1.js',
    ]);
    expect(modules, "another page's schemas wait for their read").not.toContain('/payment/assets/payments-1.js');
    expect(styles).toEqual([]);
    expect(reads).toEqual(['/api/users/claims', '/api/config/features?moduleName=Shell']);
    expect((await page('/payment/mysettings', 'en-US')).modules.sort(), 'en-US common ships with the entry').toEqual([
      '/payment/assets/boot-1.js',
      '/payment/assets/en-US.core-1.js',
      '/payment/assets/en-US.more-1.js',
      '/payment/assets/libraries-1.js',
      ...STARTUP_SCHEMA_FILES,
      '/payment/assets/vendor-1.js',
    ]);
  });

  it("a page that is not drawn by the server names its code with the app's, and fetches its styles early without holding the first paint", async () => {
    const { modules, modulesBeforePaint, styles, styleLoads, reads } = await page('/payment/cancellation/survey');
    expect(modulesBeforePaint).toEqual([]);
    expect(modules.sort()).toEqual([
      '/payment/assets/SurveyPage-1.js',
      '/payment/assets/boot-1.js',
      '/payment/assets/en-US.core-1.js',
      '/payment/assets/en-US.more-1.js',
      '/payment/assets/libraries-1.js',
      '/payment/assets/pages-1.js',
      '/payment/assets/radio-1.js',
      '/payment/assets/users-1.js',
      '/payment/assets/vendor-1.js',
    ]);
    expect(styles).toEqual([]);
    expect(styleLoads.sort()).toEqual(['/payment/assets/app-1.css', '/payment/assets/survey-1.css']);
    expect(reads).toEqual(['/api/users/claims', '/api/config/features?moduleName=Shell']);
  });

  it('with fromcache=FALSE the reads carry that too, so none is named (they would not match)', async () => {
    const { modules, reads } = await page('/payment/pricing?fromcache=FALSE');
    expect(modules).toContain('/payment/assets/SellPage-1.js');
    expect(reads).toEqual([]);
  });

  it('reads Accept-Language by weight, as the browser orders its languages', () => {
    expect(languagesOf('en;q=0.5, fr-FR, de-DE;q=0.8, *;q=0.1, es;q=0')).toEqual(['fr-FR', 'de-DE', 'en']);
    expect(languagesOf(undefined)).toEqual([]);
  });
});
