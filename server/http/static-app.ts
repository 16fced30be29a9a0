import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { contract } from './contract';
import type { AppEnv } from './env';
import { getCookie } from 'hono/cookie';
import {
  appShell,
  checkoutShell,
  pageTexts,
  pageTopShell,
  sellPageAtRestShell,
  shellPageFor,
  type ShellPage,
} from './app-shell';
import { drawnCheckoutFor } from './drawn-checkout';
import { drawnPageTopFor } from './drawn-page-top';
import { drawnSellPageFor, guessDevice, type DrawnSellPage } from './drawn-sell-page';
import { createReadCache } from './read-cache';
import { SESSION_COOKIE } from './session';
import { languagesOf, pagePreloads } from './page-preloads';
import {
  AFTER_FIRST_PAINT_ID,
  type Culture,
  type DrawnCheckout,
  type DrawnPageTopView,
  drawnCheckoutScript,
  drawnPageTopScript,
  drawnSellTopScript,
  findRoute,
  screenViewedEvent,
  sellPageAtRestScript,
  supportedCulture,
  visitorCulture,
} from '../../src/server-drawn';
import { EMPTY_GUID } from '../../src/api/schemas/common';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.json', '.svg', '.txt']);
type Encoding = 'br' | 'gzip';

/** The best encoding the browser accepts: brotli, then gzip, else none. */
function encodingFor(acceptEncoding: string | undefined): Encoding | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function compress(body: Buffer, encoding: Encoding, effort: 'best' | 'fast'): Buffer {
  const best = effort === 'best';
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: best ? 9 : 6 });
}

/**
 * The address a page is known by: its route's own path under the app's base. Pages drawn alike
 * for every guest are compressed once, whatever spelling of their path was asked for (case,
 * trailing slashes), so what they say of their address must not depend on that spelling.
 */
const routePathOf = (pathname: string, appBase: string): string => {
  const route = findRoute(pathname);
  return route ? `${appBase}/${route.path}` : pathname;
};

/**
 * Compressed once per key and encoding, then served from memory. An asset's compressed copy is
 * the one the build wrote beside it (scripts/precompress.ts), read as it is; an asset without one
 * (a build made another way) is compressed quickly, and a page the server fills in (small, and
 * kept) at the best quality.
 */
const compressedCache = new Map<string, Buffer>();
function compressed(
  key: string,
  body: Buffer,
  encoding: Encoding,
  builtCopy: { path: string; notOlderThan: number } | null,
): Buffer {
  const cacheKey = `${encoding}:${key}`;
  let result = compressedCache.get(cacheKey);
  if (!result) {
    const copy = builtCopy && `${builtCopy.path}.${encoding === 'br' ? 'br' : 'gz'}`;
    if (copy && existsSync(copy) && statSync(copy).mtimeMs >= builtCopy.notOlderThan) result = readFileSync(copy);
    else result = compress(body, encoding, builtCopy ? 'fast' : 'best');
    compressedCache.set(cacheKey, result);
  }
  return result;
}

/** How long the sell page at rest drawn for a first visit is kept (see staticApp). */
const FIRST_VISIT_KEPT_MS = 30_000;

interface AtRestDrawing {
  /** The page's frame with the whole sell page, as it goes into the root element. */
  root: string;
  randoms: DrawnSellPage['randoms'];
}

/** The page's frame: its links lead into the app under its base. */
type ShellConfig = { dashboardUrl: string; appBase: string };

/** What the server draws into a page's root element: one of four kinds. */
type PageDrawing =
  | { kind: 'checkout'; checkout: DrawnCheckout }
  | { kind: 'pageTop'; top: DrawnPageTopView }
  | { kind: 'atRest'; atRest: AtRestDrawing }
  | { kind: 'frame'; shellPage: ShellPage };

/**
 * A drawing's markup for the root element, and the data the app reads back from the page to take
 * that drawing over (none for a bare frame; a guest's sell page names the address whose top it
 * drew).
 */
function rootAndDataOf(
  drawing: PageDrawing,
  culture: Culture,
  shellConfig: ShellConfig,
  path: string,
): { root: string; data: string } {
  switch (drawing.kind) {
    case 'checkout':
      return {
        root: checkoutShell(culture, shellConfig, drawing.checkout),
        data: drawnCheckoutScript(drawing.checkout),
      };
    case 'pageTop':
      return { root: pageTopShell(culture, shellConfig, drawing.top), data: drawnPageTopScript(drawing.top) };
    case 'atRest':
      return {
        root: drawing.atRest.root,
        data: sellPageAtRestScript({
          href: path,
          randoms: drawing.atRest.randoms,
          view: screenViewedEvent(EMPTY_GUID, path),
        }),
      };
    case 'frame':
      return {
        root: appShell(culture, shellConfig, drawing.shellPage),
        data:
          drawing.shellPage === 'sellIntro' ? drawnSellTopScript({ href: routePathOf(path, shellConfig.appBase) }) : '',
      };
  }
}

/** A page drawn for one person is compressed for that answer alone, quickly rather than smallest. */
const compressedOnce = (body: Buffer, encoding: Encoding) => compress(body, encoding, 'fast');

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * The links every page's head carries to the favicon under the app's base: the files the build
 * copies from public/ (scripts/favicon.ts renders the ICO and PNG from the SVG). A page without them
 * makes the browser ask for /favicon.ico, which faviconRoutes answers as well.
 */
export const faviconLinks = (appBase: string): string =>
  `<link rel="icon" href="${appBase}/favicon.ico" sizes="48x48"><link rel="icon" href="${appBase}/favicon.svg" type="image/svg+xml"><link rel="apple-touch-icon" href="${appBase}/apple-touch-icon.png">`;

/**
 * /favicon.ico at the site's root, where browsers look when a page names no icon (the explorer's,
 * an error page, a PDF opened in a tab): the same file the app's pages link to, so none of them logs a 404.
 */
export function faviconRoutes(distDir: string) {
  const app = new Hono<AppEnv>();
  let icon: Buffer | null = null;
  app.get(
    '/favicon.ico',
    contract({
      summary: "The site's icon",
      tags: ['app'],
      auth: 'guest',
      responses: { 200: { description: 'The icon', content: { 'image/x-icon': null } } },
      errors: [404],
    }),
    (c) => {
      const file = join(distDir, 'favicon.ico');
      if (icon === null && existsSync(file)) icon = readFileSync(file);
      if (icon === null) return c.notFound();
      return c.body(new Uint8Array(icon), 200, {
        'Content-Type': TYPES['.ico']!,
        'Cache-Control': 'public, max-age=86400',
      });
    },
  );
  return app;
}

/**
 * Serves the built single-page app under its base path. Hashed assets are cached for a
 * year; any other path gets index.html so the client router can take over.
 */
export function staticApp(distDir: string, runtimeConfig: Record<string, unknown>) {
  const app = new Hono<AppEnv>();
  const shellConfig: ShellConfig = {
    dashboardUrl: String(runtimeConfig.dashboardUrl ?? '/'),
    appBase: String(runtimeConfig.appBase ?? ''),
  };
  // Drawing the whole sell page costs a page of React on the server (tens of times a drawn top).
  // A first visit (no cookie at all) is drawn alike for every such guest of a culture and device,
  // random draws included: it is kept for a while. A visitor with cookies (experiments, a country,
  // their own feed or count) gets a drawing of their own.
  const firstVisits = createReadCache(FIRST_VISIT_KEPT_MS);
  const sellPageAtRest = (
    request: Parameters<typeof drawnSellPageFor>[0],
    deps: Parameters<typeof drawnSellPageFor>[1],
  ): Promise<AtRestDrawing | null> => {
    const draw = async () => {
      const drawn = await drawnSellPageFor(request, deps);
      return drawn && { root: sellPageAtRestShell(request.culture, shellConfig, drawn.view), randoms: drawn.randoms };
    };
    const firstVisit = request.cookieHeader === '' && request.search === '' && request.user === null;
    return firstVisit ? firstVisits.read(`${request.culture}|${request.device}|${request.pathname}`, draw) : draw();
  };
  const indexFile = join(distDir, 'index.html');
  let indexHtml: string | null = null;
  const preloadsFor = pagePreloads(
    distDir,
    String(runtimeConfig.appBase ?? ''),
    String(runtimeConfig.apiBase ?? '/api'),
  );
  const index = () => {
    if (indexHtml === null && existsSync(indexFile)) {
      const json = JSON.stringify(runtimeConfig).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
      indexHtml = readFileSync(indexFile, 'utf8').replace('__APP_CONFIG__', json);
    }
    return indexHtml;
  };

  app.get(
    '*',
    contract({
      summary: "The app's pages and its built files",
      tags: ['app'],
      auth: 'guest',
      responses: { 200: { description: 'A page or a file', content: { 'text/html': null } } },
      errors: [404],
    }),
    async (c) => {
      const base = c.get('config').appBase;
      const decoded = decodePath(c.req.path.slice(base.length));
      // A malformed escape (%, %zz, or bytes that are not UTF-8) names no file and no page.
      if (decoded === null) return c.notFound();
      const relative = decoded.replace(/^\/+/, '');
      // The flow explorer's page is served at /flows, behind its own access check, not as a file here.
      if (relative === 'flows.html') return c.notFound();
      // The build's own records (its manifests, the modules of each chunk) are for the server and the tests, not for browsers.
      if (relative.startsWith('.vite/')) return c.notFound();
      const file = normalize(join(distDir, relative));
      if (relative && file.startsWith(distDir) && existsSync(file) && statSync(file).isFile()) {
        const immutable = relative.startsWith('assets/');
        const headers: Record<string, string> = {
          'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
          'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        };
        const body = readFileSync(file);
        const encoding =
          COMPRESSIBLE.has(extname(file)) && body.length > 1024 ? encodingFor(c.req.header('accept-encoding')) : null;
        if (!encoding)
          return c.body(body, 200, COMPRESSIBLE.has(extname(file)) ? { ...headers, Vary: 'Accept-Encoding' } : headers);
        const changed = statSync(file).mtimeMs;
        return c.body(
          new Uint8Array(compressed(`${file}:${changed}`, body, encoding, { path: file, notOlderThan: changed })),
          200,
          { ...headers, 'Content-Encoding': encoding, Vary: 'Accept-Encoding' },
        );
      }
      if (extname(relative) && relative.startsWith('assets/')) return c.notFound();
      const template = index();
      if (!template)
        return c.text('The front end is not built. Run `npm run build` (npm start does this for you).', 503);
      const search = new URL(c.req.url).search;
      // A signed-in person on checkout whose start-up and funnel the server could settle gets checkout's top, in their account's language.
      const pageRequest = {
        pathname: c.req.path,
        search,
        cookieHeader: c.req.header('cookie') ?? '',
        user: c.get('user'),
        sessionId: c.get('sessionId'),
      };
      const checkout = await drawnCheckoutFor(pageRequest, { db: c.get('db'), cache: c.get('cache') });
      // Else billing history's or the survey's top, where start-up lets the person stay.
      const pageTop = checkout ? null : await drawnPageTopFor(pageRequest, new Date());
      const user = c.get('user');
      const drawnForUser = (checkout !== null || pageTop !== null) && user !== null;
      const culture = drawnForUser
        ? supportedCulture(user.culture_cd)
        : visitorCulture(c.req.path, search, languagesOf(c.req.header('accept-language')));
      const shellPage = shellPageFor(c.req.path, Boolean(getCookie(c, SESSION_COOKIE)));
      // A guest on the plain sell page gets the whole page, at rest: the app's code comes when they first
      // touch it. Not in demo mode: testers get the app at once, with its tester panel.
      const device = guessDevice({
        mobileHint: c.req.header('sec-ch-ua-mobile'),
        userAgent: c.req.header('user-agent'),
      });
      const atRest =
        shellPage === 'sellIntro' && !c.get('config').demoLogin
          ? await sellPageAtRest({ ...pageRequest, culture, device }, { db: c.get('db'), cache: c.get('cache') })
          : null;
      const preloads = preloadsFor(c.req.path, search, culture, {
        pageDrawn: checkout !== null || pageTop !== null,
        atRest: atRest !== null,
        signedIn: user ? { userUid: user.user_uid, culture: supportedCulture(user.culture_cd) } : undefined,
      });
      const drawing: PageDrawing = checkout
        ? { kind: 'checkout', checkout }
        : pageTop
          ? { kind: 'pageTop', top: pageTop }
          : atRest
            ? { kind: 'atRest', atRest }
            : { kind: 'frame', shellPage };
      const { root, data } = rootAndDataOf(drawing, culture, shellConfig, c.req.path);
      // A page at rest is the page itself: its tab says which, as the app's heading would once it came.
      const titled = atRest
        ? template.replace(
            /<title>[^<]*<\/title>/,
            `<title>${escapeText(pageTexts(culture, 'funnel')('sell.title'))}</title>`,
          )
        : template;
      const html = titled
        .replace(/<html lang="[^"]*"/, `<html lang="${culture}"`)
        .replace(
          '</head>',
          `${preloads.head}<template id="${AFTER_FIRST_PAINT_ID}">${preloads.afterPaint}</template></head>`,
        )
        .replace('<div id="root"></div>', () => `<div id="root">${root}</div>${data}`);
      // A signed-in person's page names their own reads (and a drawn top is theirs): no shared cache keeps it.
      const personal = Boolean(user);
      c.header('Cache-Control', personal ? 'private, no-cache' : 'no-cache');
      // The page differs by language, and by whether a session cookie came (a guest's page has its top drawn, so may a signed-in person's);
      // a guest's sell page also by the device the server guessed.
      c.header(
        'Vary',
        `Accept-Encoding, Accept-Language, Cookie${shellPage === 'sellIntro' ? ', Sec-CH-UA-Mobile, User-Agent' : ''}`,
      );
      const encoding = encodingFor(c.req.header('accept-encoding'));
      if (!encoding) return c.html(html);
      // A page at rest may carry draws of its own: it is compressed for this answer alone.
      const body =
        personal || atRest
          ? compressedOnce(Buffer.from(html), encoding)
          : compressed(
              `index:${culture}:${shellPage}:${preloads.head}${preloads.afterPaint}`,
              Buffer.from(html),
              encoding,
              null,
            );
      return c.body(new Uint8Array(body), 200, { 'Content-Type': TYPES['.html']!, 'Content-Encoding': encoding });
    },
  );
  return app;
}
