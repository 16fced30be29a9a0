import { Hono } from 'hono';
import { contract } from '../http/contract';
import type { AppEnv } from '../http/env';
import { requireSelf } from '../http/session';
import { wantsFreshRead } from '../http/read-cache';
import type { Queryable } from '../db/database';
import { listSubscriptions } from '../repositories/subscriptions';
import { loadFeatures } from '../repositories/remote-config';
import { canPause, canTakeSaveOffer, listRedemptions, pauseKeepsAccess } from '../services/save-offers';
import { PAUSE_MONTHS, SAVE_OFFERS, SAVE_OFFER_IDS } from '../../src/api/schemas/subscriptions';
import {
  cancelPage,
  cancelPageQuery,
  pageData,
  pageDataQuery,
  pageDataV2,
  pageFeatures,
  paymentPage,
  paymentPageQuery,
  userStageSession,
  userStageSessionQuery,
  visitorQuery,
  type CancelPage,
  type PageData,
  type PageDataV2,
  type PageFeatures,
  type PaymentMethodEntry,
  type PaymentPage,
} from '../../src/api/schemas/pages';

async function buildPageData(
  db: Queryable,
  userUid: string,
  docGuid: string | undefined,
  docTypeCd: string | undefined,
): Promise<PageData> {
  const [user] = await db.query<{ user_type: string; first_name: string }>(
    'select user_type, first_name from users where user_uid = $1',
    [userUid],
  );
  const [current] = await listSubscriptions(db, userUid, false);
  const [doc] = await db.query<{
    skin_cd: string;
    culture_cd: string;
    job_title: string | null;
    doc_type_cd: string;
    body: string;
  }>(
    `select skin_cd, culture_cd, job_title, doc_type_cd, body from documents
     where user_uid = $1 and ($2::uuid is null or document_id = $2::uuid) and ($3::text is null or doc_type_cd = $3)
     order by modified_on desc limit 1`,
    [userUid, docGuid ?? null, docTypeCd ?? null],
  );
  const [freeOrder] = await db.query('select 1 from review_orders where user_uid = $1 and is_free limit 1', [userUid]);
  const [lastPayment] = await db.query<{ status_cd: string }>(
    `select status_cd from transactions where user_uid = $1 and transaction_type = 'SALE' order by created_at desc limit 1`,
    [userUid],
  );
  // A resume opens with the name and "title · location"; a letter is signed with the name on its last line.
  const lines =
    doc?.body
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean) ?? [];
  const nameLine = doc?.doc_type_cd === 'LETR' ? lines.at(-1) : lines[0];
  return {
    UserType: user?.user_type ?? 'NEW',
    CurrentSubscriptionStatusCD: current?.status_cd ?? null,
    ShowFOMO: (user?.user_type ?? 'NEW') === 'NEW',
    IsCoverLetter: doc?.doc_type_cd === 'LETR',
    PaymentStatus: lastPayment?.status_cd ?? null,
    SubscriptionStatus: current?.subscription_type_cd ?? null,
    LatestJobTitle: doc?.job_title ?? null,
    LatestJobLocation: doc?.doc_type_cd === 'RSME' ? (lines[1]?.split(' · ')[1] ?? null) : null,
    ResumeCreatedForDifferentReason: false,
    ResumeCreatedReason: null,
    HasAnyFreeResumeReviewOrder: Boolean(freeOrder),
    DocumentSkinCD: doc?.skin_cd ?? null,
    DocumentCultureCD: doc?.culture_cd ?? null,
    first_name_in_doc: nameLine?.split(' ')[0] ?? user?.first_name ?? null,
  };
}

const PAYMENT_METHODS: Record<string, PaymentMethodEntry> = {
  CRCD: { Code: 'CRCD', IsAPM: false, Name: 'Credit card', UIName: 'payment.method.card' },
  PYPL: { Code: 'PYPL', IsAPM: true, Name: 'PayPal', UIName: 'payment.method.paypal' },
  DUPI: { Code: 'DUPI', IsAPM: true, Name: 'UPI', UIName: 'payment.method.upi' },
};

/** The ways a person pays at checkout: the card, and PayPal, or UPI in India. */
export const paymentMethodsOf = (user: { country_cd: string }): PaymentMethodEntry[] => [
  PAYMENT_METHODS.CRCD!,
  user.country_cd === 'IN' ? PAYMENT_METHODS.DUPI! : PAYMENT_METHODS.PYPL!,
];

export function pageRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/',
    contract({
      summary: 'What the pages need to know about a user and their latest document',
      auth: 'user',
      query: pageDataQuery,
      responses: { 200: pageData },
      errors: [403],
    }),
    async (c) => {
      const query = c.req.valid('query');
      requireSelf(c, query.userUID);
      return c.json(await buildPageData(c.get('db'), query.userUID, query.docGuid, query.docTypeCD));
    },
  );

  app.get(
    '/features',
    contract({
      summary: 'The features configured for the pages',
      auth: 'user',
      query: visitorQuery,
      responses: { 200: pageFeatures },
      errors: [403],
    }),
    async (c) => {
      const query = c.req.valid('query');
      requireSelf(c, query.userUID);
      const answer: PageFeatures = {
        Preview: query.preview?.toUpperCase() === 'TRUE',
        Device: query.device ?? null,
        Features: await c
          .get('cache')
          .read('pages/features', () => loadFeatures(c.get('db')), { fresh: wantsFreshRead(c) }),
      };
      return c.json(answer);
    },
  );

  app.get(
    '/cancel',
    contract({
      summary: "The cancellation page's content and the plan it would cancel",
      auth: 'user',
      query: cancelPageQuery,
      responses: { 200: cancelPage },
      errors: [403],
    }),
    async (c) => {
      const query = c.req.valid('query');
      const user = requireSelf(c, query.userUID);
      const country = query.countryCD ?? user.country_cd;
      const [content] = await c
        .get('db')
        .query<{ content: CancelPage['Content'] }>(
          `select content from cancellation_page_content where country_cd = $1 union all select content from cancellation_page_content where country_cd = 'US' limit 1`,
          [country],
        );
      const [current] = await listSubscriptions(c.get('db'), user.user_uid, true);
      const redeemable = current
        ? canTakeSaveOffer(current, await listRedemptions(c.get('db'), current.subscription_id), new Date())
        : false;
      const answer: CancelPage = {
        Content: content!.content,
        CancellationData: current
          ? {
              SubscriptionID: Number(current.subscription_id),
              SkuID: current.sku_id,
              SkuLabel: current.label,
              PaymentStatus: 'SUCC',
              SubscriptionStatus: current.status_cd,
            }
          : null,
        SaveOffers: current
          ? SAVE_OFFER_IDS.map((id) => {
              const offer = SAVE_OFFERS[id];
              return {
                OfferID: id,
                Kind: offer.kind,
                DiscountPercent: offer.discountPercent,
                FreeMonths: offer.freeMonths,
                Redeemable: redeemable,
              };
            })
          : [],
        Pause: {
          Months: [...PAUSE_MONTHS],
          Available: current ? canPause(current) : false,
          KeepsAccess: await pauseKeepsAccess(c.get('db')),
        },
      };
      return c.json(answer);
    },
  );

  app.get(
    '/userstagesession',
    contract({
      summary: 'The stage a user last reached, and in which session',
      auth: 'user',
      query: userStageSessionQuery,
      responses: { 200: userStageSession },
      errors: [403],
    }),
    async (c) => {
      const query = c.req.valid('query');
      requireSelf(c, query.userUid);
      const [row] = await c
        .get('db')
        .query<{ user_stage_id: number; session_id: string }>(
          'select user_stage_id, session_id from user_stages where user_uid = $1 order by created_at desc, id desc limit 1',
          [query.userUid],
        );
      return c.json({
        UserUID: query.userUid,
        PageID: query.pageId,
        UserStageID: row?.user_stage_id ?? null,
        SessionID: row?.session_id ?? null,
      });
    },
  );

  app.get(
    '/payment',
    contract({
      summary: "The checkout page's payment methods and billing details",
      auth: 'user',
      query: paymentPageQuery,
      responses: { 200: paymentPage },
      errors: [403],
    }),
    async (c) => {
      const query = c.req.valid('query');
      const user = requireSelf(c, query.userUID);
      const [billing] = await c
        .get('db')
        .query<{ first_name: string; last_name: string; zip_code: string | null; country_cd: string }>(
          'select first_name, last_name, zip_code, country_cd from billing_users where user_uid = $1',
          [user.user_uid],
        );
      const methods = paymentMethodsOf(user);
      const answer: PaymentPage = {
        PaymentMethods: methods,
        BillingUser: billing
          ? {
              FirstName: billing.first_name,
              LastName: billing.last_name,
              ZipCode: billing.zip_code,
              CountryCD: billing.country_cd,
            }
          : null,
        EmailMatches:
          query.email === undefined ? null : query.email.trim().toLowerCase() === user.email_address.toLowerCase(),
      };
      return c.json(answer);
    },
  );

  return app;
}

export function pageV2Routes() {
  const app = new Hono<AppEnv>();
  app.get(
    '/',
    contract({
      summary: "A user's type and current subscription status",
      auth: 'user',
      query: pageDataQuery,
      responses: { 200: pageDataV2 },
      errors: [403],
    }),
    async (c) => {
      const query = c.req.valid('query');
      requireSelf(c, query.userUID);
      const full = await buildPageData(c.get('db'), query.userUID, query.docGuid, query.docTypeCD);
      const answer: PageDataV2 = {
        user_type: full.UserType,
        current_subscription_statuscd: full.CurrentSubscriptionStatusCD,
      };
      return c.json(answer);
    },
  );
  return app;
}
