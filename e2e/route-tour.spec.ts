/**
 * Every route of the app, looked at as a person would: on a desktop and (in the mobile project)
 * on a phone, in en-US and de-DE, each as a visitor who may open it. On each page:
 * - nothing overflows sideways, in the page or in any frame (the card frame included);
 * - every visible control lies inside the screen, or inside the frame that holds it;
 * - no visible text is an internal code (a product id, SKU type, payment method, status…);
 * - a German page names no product with its English catalogue name.
 *
 * `VISITS` must name a visit for every route in both cultures, so a new route is looked at too.
 */
import { expect, test, type BrowserContext, type Frame, type Page } from '@playwright/test';
import { ROUTES, type RouteId } from '../src/routing/route-table';
import { buildSkus } from '../server/db/seed/catalog';
import { api, signInAs, signInAsFresh, type PersonaId } from './support';

type Culture = 'en-US' | 'de-DE';
type Visitor = 'guest' | PersonaId;

/** A visit: who opens which address (`{order}` is replaced by the visitor's latest order). */
interface Visit {
  who: Visitor;
  path: string;
  /** Where the page may land when it is not (only) the address itself. */
  lands?: string | readonly string[];
  /** Visit as a fresh copy of the persona: the page depends on state other specs change on the shared one. */
  fresh?: boolean;
}

/** The visitor of each culture's signed-in pages; a guest reads German through a German slug or `cultureslug`. */
const MEMBER: Record<Culture, PersonaId> = { 'en-US': 'active-us', 'de-DE': 'active-de' };
const BUYER: Record<Culture, PersonaId> = { 'en-US': 'new-us', 'de-DE': 'active-de' };
const PLAN_SKU: Record<Culture, number> = { 'en-US': 102, 'de-DE': 302 };

const member =
  (path: string) =>
  (c: Culture): Visit => ({ who: MEMBER[c], path });
const buyer =
  (path: string) =>
  (c: Culture): Visit => ({ who: BUYER[c], path });
const order = (path: string) => member(`${path}?orderid={order}`);
/** An add-on offer: a phone is passed on to the offer's phone page, where it has one. */
const offer =
  (path: string, phonePath?: string) =>
  (c: Culture): Visit => ({ who: MEMBER[c], path, lands: phonePath ? [path, phonePath] : path });

const VISITS: Record<RouteId, (culture: Culture) => Visit> = {
  pricing: buyer('/payment/pricing'),
  pricingV2: buyer('/payment/pricingv2'),
  index: buyer('/payment/index'),
  plans: buyer('/payment/plans'),
  mobilePlans: buyer('/payment/mobile/plans'),
  abandonCart: (c) => ({ who: BUYER[c], path: c === 'de-DE' ? '/payment/warenkorb' : '/payment/abandon-cart' }),
  checkout: (c) => ({ who: BUYER[c], path: `/payment/checkout?skuid=${PLAN_SKU[c]}` }),
  mobileCheckout: (c) => ({ who: BUYER[c], path: `/payment/mobile/checkout?skuid=${PLAN_SKU[c]}` }),
  // Processing passes a member whose plan no longer renews on to the sell page: look as the persona is seeded.
  processing: (c) => ({ who: MEMBER[c], path: '/payment/processing', fresh: true }),
  problem: (c) =>
    c === 'en-US' ? { who: 'suspended-us', path: '/payment/problem' } : { who: 'active-de', path: '/payment/problem' },
  subscriptionError: (c) => ({
    who: c === 'en-US' ? 'suspended-us' : 'active-de',
    path: '/payment/subscription-error',
  }),
  orderConfirmation: order('/payment/orderconfirmation'),
  mobileOrderConfirmation: order('/payment/mobile/orderconfirmation'),
  offerOrderConfirmation: order('/payment/offer/orderconfirmation'),
  orderPopup: order('/payment/orderpopup'),
  confirmation: order('/payment/confirmation'),
  confirmationDetail: order('/payment/confirmation/detail'),
  purchaseConfirmation: (c) => order(c === 'de-DE' ? '/payment/kaufbestaetigung' : '/payment/purchase-confirmation')(c),
  mobilePurchaseConfirmation: order('/payment/mobile/purchase-confirmation'),
  bigInterviewOrderConfirmation: order('/payment/big-interview/orderconfirmation'),
  changePaymentMethod: (c) =>
    member(c === 'de-DE' ? '/payment/zahlungsmethode-aendern' : '/payment/change-payment-method')(c),
  resumeReview: member('/payment/resume-review'),
  resumeWriting: member('/payment/resume-writing'),
  coverLetterWriting: member('/payment/cover-letter-writing'),
  resumeTuneup: member('/payment/resume-tuneup'),
  coverLetterAddon: offer('/payment/cover-letter-addon', '/payment/mobile/cover-letter-addon'),
  mobileCoverLetterAddon: offer('/payment/mobile/cover-letter-addon'),
  upsellResumeReview: offer('/payment/upsell/resume-review', '/payment/mobile/upsell/resume-review'),
  mobileUpsellResumeReview: offer('/payment/mobile/upsell/resume-review'),
  // Resume writing is not offered on a phone (upsell-sequence.rules.ts): a phone is passed on to the sequence's end, the dashboard.
  upsellResume: (c) => ({
    who: MEMBER[c],
    path: '/payment/upsell/resume',
    lands: ['/payment/upsell/resume', '/dashboard'],
  }),
  upsellBoldPro: offer('/payment/upsell/bold-pro'),
  upsellSocialCard: offer('/payment/upsell/social-card'),
  upsellCalm: offer('/payment/upsell/calm'),
  mobileUpsellMultipleOffers: offer('/payment/mobile/upsell/multiple-offers'),
  upsellOffers: offer('/payment/upsell/offers', '/payment/mobile/upsell/multiple-offers'),
  upsellOffersSurvey: member('/payment/upsell/offers/survey'),
  // The feedback tool is bought from the dashboard; its page sends a member who owns it there.
  feedbackTool: (c) => ({ who: MEMBER[c], path: '/payment/feedback-tool', lands: '/dashboard' }),
  aiTool: member('/payment/ai-tool'),
  availResumeReview: member('/payment/avail-resume-review'),
  offers: member('/payment/offers'),
  bigInterviewOffers: member('/payment/big-interview/offers'),
  transactions: member('/payment/transactions'),
  transactionDetail: member('/payment/transactions/{transaction}/detail'),
  winback: (c) => ({ who: c === 'en-US' ? 'expired-us' : 'active-de', path: '/payment/winback' }),
  payPerPopup: member('/payment/payperpopup'),
  mySettings: member('/payment/mysettings'),
  subscriptionDetails: member('/payment/subscription-details'),
  cancellationPre: member('/payment/cancellation/pre'),
  cancellationPreWithDetails: member('/payment/cancellation/pre/subscription-details'),
  cancellationPreSurvey: member('/payment/cancellation/pre/survey'),
  cancellationPreOffers: member('/payment/cancellation/pre/offers'),
  cancellationFinalOffer: member('/payment/cancellation/final-offer'),
  cancellationSurvey: member('/payment/cancellation/survey'),
  cancellationRating: member('/payment/cancellation/rating'),
  // The free review is offered where the market has it; elsewhere the page passes on to the last offer.
  cancellationReview: (c) => ({
    who: MEMBER[c],
    path: '/payment/cancellation/review',
    lands: c === 'de-DE' ? '/payment/cancellation/final-offer' : undefined,
  }),
  cancellationConfirm: member('/payment/cancellation/confirm'),
  cancellationManage: member('/payment/cancellation/manage'),
  cancellationRequest: (c) => ({
    who: 'guest',
    path: c === 'de-DE' ? '/payment/cancellation/abo-kuendigen' : '/payment/cancellation/request',
  }),
  cancellationReceived: (c) => ({
    who: 'guest',
    path: c === 'de-DE' ? '/payment/cancellation/eingegangen' : '/payment/cancellation/received',
  }),
  timeout: (c) => ({ who: 'guest', path: c === 'de-DE' ? '/payment/timeout?cultureslug=de-DE' : '/payment/timeout' }),
  employerSurvey: (c) => ({
    who: 'employer',
    path: `/payment/employer-survey${c === 'de-DE' ? '?cultureslug=de-DE' : ''}`,
  }),
};

/** Codes the data carries that a person must never read: product ids, SKU kinds, payment methods, statuses, portals. */
const INTERNAL_CODES = [
  ...new Set(
    buildSkus().flatMap((sku) => [sku.product_id, sku.sku_type_cd, sku.subscription_type_cd, sku.schedule_type_cd]),
  ),
  'ADFE',
  'CRCD',
  'PYPL',
  'DUPI',
  'TRST',
  'SFRT',
  'IDEL',
  'DPTM',
  'BTGP',
  'BTAP',
  'DLIR',
  'GCSH',
  'DPIX',
  'ACTV',
  'EXPD',
  'SUSP',
  'CNCL',
  'SUCC',
  'RFND',
  'RNUS',
  'RNDE',
  'RNUK',
].filter((code) => /^[A-Z]{4,}$/.test(code));
const INTERNAL_CODE = new RegExp(`\\b(${INTERNAL_CODES.join('|')})\\b`);

/** The English names the catalogue gives products; a German page names them in German. */
const ENGLISH_NAMES = [
  ...new Set(
    buildSkus()
      .filter((sku) => sku.currency_cd === 'USD')
      .map((sku) => sku.label),
  ),
];

/** Parts of a page that are not the product: the tester's own panel. */
const NOT_THE_PRODUCT = '.tester-panel, .tester-panel-widget, [data-tester-panel]';

interface Finding {
  overflow: { scrollWidth: number; clientWidth: number } | null;
  outside: string[];
  text: string;
}

/** What a frame shows: its sideways overflow, the visible controls outside it, and its visible text. */
function inspect(frame: Frame, skip: string): Promise<Finding> {
  return frame.evaluate((skip) => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    const overflow = root.scrollWidth > width + 1 ? { scrollWidth: root.scrollWidth, clientWidth: width } : null;
    const shown = (el: Element) =>
      el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && !el.closest(skip);
    const outside: string[] = [];
    for (const el of document.querySelectorAll(
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=radio], [role=checkbox], [role=link], [role=tab]',
    )) {
      if (!shown(el)) continue;
      const box = el.getBoundingClientRect();
      // A visually hidden control (a native radio under its drawn label) has no size to misplace.
      if (box.width <= 2 || box.height <= 2) continue;
      // Wholly to the left of the screen is the skip link's way of hiding until focused; past the right edge is clipped.
      if (box.right <= 0) continue;
      if (box.left < -1 || box.right > width + 1) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? el.tagName)
          .trim()
          .slice(0, 40);
        outside.push(
          `${el.tagName.toLowerCase()} "${name}" at ${Math.round(box.left)}–${Math.round(box.right)} of ${width}`,
        );
      }
    }
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || parent.closest('script, style, noscript') || !shown(parent)) continue;
      parts.push(node.textContent.trim());
    }
    return { overflow, outside, text: parts.join(' \u2022 ') };
  }, skip);
}

async function latestIds(page: Page): Promise<{ order: string; transaction: string }> {
  const me = await api(page).claims();
  const [latest] = (await api(page).transactions(me.UserUID, { transactionTypes: 'SALE' })).items;
  if (!latest) throw new Error(`${me.EmailAddress} has no sale to open`);
  return { order: String(latest.transaction_id), transaction: String(latest.transaction_id) };
}

/** Waits for the app's page to show: its loader gone, a first heading, nothing busy. */
async function settle(page: Page) {
  if (!new URL(page.url()).pathname.startsWith('/payment/')) return;
  await expect(page.locator('.full-page-loader')).toHaveCount(0);
  // A popup page (pay-per prices) puts its heading in a dialog above main.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('load');
}

async function lookAt(page: Page, visit: Visit, culture: Culture) {
  const ids = visit.path.includes('{') ? await latestIds(page) : { order: '', transaction: '' };
  const path = visit.path.replace('{order}', ids.order).replace('{transaction}', ids.transaction);
  await page.goto(path);
  const allowed = [visit.lands ?? new URL(path, 'http://x').pathname].flat();
  await expect(page).toHaveURL((url) => allowed.includes(url.pathname));
  await settle(page);
  // A page may pass the visitor on once its data has loaded: look where it settled.
  const landed = new URL(page.url()).pathname;
  expect(allowed, `${path} landed on ${landed}`).toContain(landed);
  // Outside the app (the dashboard stand-in) is not the product's page.
  if (!landed.startsWith('/payment/')) return;
  let problems: string[];
  try {
    problems = await problemsOf(page, culture);
  } catch (error) {
    // Passed on while being looked at (an offer already answered leads to the dashboard): where to, then?
    if (!String(error).includes('Execution context was destroyed')) throw error;
    await page.waitForLoadState('load');
    const after = new URL(page.url()).pathname;
    expect(allowed, `${path} passed on to ${after}`).toContain(after);
    if (!after.startsWith('/payment/')) return;
    await settle(page);
    problems = await problemsOf(page, culture);
  }
  expect(problems, `${path} in ${culture}`).toEqual([]);
}

/** What is wrong with the page as shown, in it and in each of its same-origin frames. */
async function problemsOf(page: Page, culture: Culture): Promise<string[]> {
  const problems: string[] = [];
  for (const frame of page.frames()) {
    if (frame.isDetached() || !frame.url().startsWith(new URL(page.url()).origin)) continue;
    const where = frame === page.mainFrame() ? 'the page' : `frame ${new URL(frame.url()).pathname}`;
    const found = await inspect(frame, NOT_THE_PRODUCT);
    if (found.overflow)
      problems.push(
        `${where} scrolls sideways: ${found.overflow.scrollWidth} px of content in ${found.overflow.clientWidth}`,
      );
    for (const control of found.outside) problems.push(`${where}: ${control}`);
    const code = INTERNAL_CODE.exec(found.text);
    if (code)
      problems.push(
        `${where} shows the internal code ${code[1]}: "…${found.text.slice(Math.max(0, code.index - 40), code.index + 40)}…"`,
      );
    if (culture === 'de-DE') {
      for (const name of ENGLISH_NAMES)
        if (found.text.includes(name)) problems.push(`${where} names "${name}" in English on a German page`);
    }
  }
  return problems;
}

test('every route of the table has a visit in each culture', () => {
  expect(ROUTES.map((route) => route.id).filter((id) => !(id in VISITS))).toEqual([]);
});

const CULTURES: Culture[] = ['en-US', 'de-DE'];

for (const culture of CULTURES) {
  const byVisitor = new Map<string, { id: RouteId; visit: Visit }[]>();
  for (const route of ROUTES) {
    const visit = VISITS[route.id](culture);
    const key = visit.fresh ? `a fresh copy of ${visit.who}` : visit.who;
    byVisitor.set(key, [...(byVisitor.get(key) ?? []), { id: route.id, visit }]);
  }
  for (const [visitor, visits] of byVisitor) {
    const { who, fresh } = visits[0]!.visit;
    test.describe(`route tour in ${culture} as ${visitor}`, { tag: '@mobile' }, () => {
      // Parallel: the tour spreads over the workers, each signing in once, and a failing page hides none after it.
      test.describe.configure({ mode: 'parallel' });
      let context: BrowserContext | undefined;
      let page: Page | undefined;
      test.beforeAll(async ({ browser }, testInfo) => {
        const { baseURL, userAgent, isMobile, hasTouch, timezoneId } = testInfo.project.use;
        // The phone of the issue that found the clipped card form: 390 × 844.
        const viewport = isMobile ? { width: 390, height: 844 } : { width: 1366, height: 900 };
        context = await browser.newContext({
          baseURL,
          viewport,
          userAgent,
          isMobile,
          hasTouch,
          timezoneId,
          locale: culture,
          reducedMotion: 'reduce',
        });
        if (who !== 'guest') await (fresh ? signInAsFresh(context, who) : signInAs(context, who));
        page = await context.newPage();
      });
      test.afterAll(async () => {
        await context?.close();
      });
      for (const { id, visit } of visits) {
        test(`${id}: ${visit.path}`, async () => {
          await lookAt(page!, visit, culture);
        });
      }
    });
  }
}
