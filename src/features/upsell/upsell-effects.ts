/**
 * The upsell sequence with the app's effects: what it loads (the add-ons on sale after the
 * purchase, from `skus/{id}/upsell` and the market's catalogue; what the person owns; the review
 * CTA strategy from configuration; the feature-text variation), the one-click charge, where each
 * offer is shown, the answers kept for a reload, the purchase event, and the end, which the
 * post-payment destination rules name.
 */
import { fromPromise } from 'xstate';
import {
  upsellOffersMachine,
  type StoredSurveyAnswer,
  type SurveyAnswerInput,
} from '../../../machines/upsell-offers.machine';
import {
  upsellSequenceMachine,
  type ChargeAddOnInput,
  type UpsellSequenceOutput,
} from '../../../machines/upsell-sequence.machine';
import {
  isAccessPlanProduct,
  OFFER_PRODUCTS,
  offerOfProduct,
  reviewCtaStrategyOf,
  type AddedAddOn,
  type AddOnCharge,
  type OfferDecision,
  type OfferPagePath,
  type OfferSku,
  type PurchasedOrder,
  type SequenceData,
  type UpsellPurchase,
} from '../../../machines/upsell-sequence.rules';
import type { Api } from '../../api';
import type { Transaction } from '../../api/schemas/payments';
import type { Sku } from '../../api/schemas/skus';
import type { Analytics } from '../../app/analytics';
import type { AppNavigation } from '../../app/navigation';
import type { AppServices } from '../../app/services';
import { signedInPersonOf } from '../../app/signed-in-person';
import { readExperimentAssignments } from '../../domain/experiments';
import { FROM_UPSELLS, postPaymentDestination } from '../../domain/post-payment-destination';
import type { KeyValueStorage } from '../../domain/storage';
import { dropPageNotice, leavePageNotice } from '../../app/page-notice';
import { formatMoney } from '../../domain/money';
import type { TFunction } from 'i18next';
import type { OffersPagePath } from '../../../machines/upsell-offers.rules';
import { APP_BASE } from '../../routing/route-table';
import { hrefOf, hrefOfDestination, type Destination } from '../../routing/route-target';

/** The configuration module and feature read for the review offer's CTA strategy (Data.strategy). */
export const UPSELL_CONFIG_MODULE = 'Upsell';
export const REVIEW_CTA_FEATURE = 'resumeReviewCta';
/** The experiment whose variation (3 to 8) picks the profile-website offer's feature texts. */
export const FEATURE_TEXT_EXPERIMENT = 'e1000000-0000-4000-8000-000000000031';

const MAX_UPSELL_HOPS = 4;

export function offerSkuOf(sku: Sku): OfferSku | null {
  const offer = sku.UpsellCD ? offerOfProduct(sku.ProductID) : null;
  if (!offer) return null;
  return {
    offer,
    skuId: sku.SkuID,
    label: sku.Label,
    price: sku.UnitPrice,
    formattedPrice: sku.FormattedUnitPrice,
    currencyCD: sku.CurrencyCD,
    skuTypeCD: sku.SkuTypeCD,
  };
}

/** The add-ons on sale: first those the purchase's upsell chain names, then the rest of the market's add-ons. */
export function availableOffers(chain: readonly Sku[], catalogue: readonly Sku[]): OfferSku[] {
  const found = new Map<string, OfferSku>();
  for (const sku of [...chain, ...catalogue]) {
    const offer = offerSkuOf(sku);
    if (offer && !found.has(offer.offer)) found.set(offer.offer, offer);
  }
  return [...found.values()];
}

// ---------------------------------------------------------------------------------------
// The answers kept for a reload: one record per order, in session storage.

export interface SequenceRecord {
  sequenceId: string;
  decided: OfferDecision[];
}

const recordKey = (id: string) => `upsell.sequence.${id}`;

/** Which record a sequence keeps its answers in: its order's, or, for an offer opened on its own, that offer's. */
export const recordIdOf = (purchase: Pick<UpsellPurchase, 'orderId' | 'only'>): string =>
  purchase.orderId !== null ? String(purchase.orderId) : `only-${purchase.only ?? 'all'}`;

export function readSequenceRecord(
  storage: KeyValueStorage | null,
  orderId: string,
  newId: () => string,
): SequenceRecord {
  try {
    const raw = storage?.getItem(recordKey(orderId));
    const parsed = raw ? (JSON.parse(raw) as Partial<SequenceRecord>) : null;
    if (parsed && typeof parsed.sequenceId === 'string' && Array.isArray(parsed.decided))
      return { sequenceId: parsed.sequenceId, decided: parsed.decided };
  } catch {
    // A record that cannot be read starts a new sequence; the server still refuses a second charge of an owned add-on.
  }
  const fresh = { sequenceId: newId(), decided: [] };
  writeSequenceRecord(storage, orderId, fresh);
  return fresh;
}

function writeSequenceRecord(storage: KeyValueStorage | null, orderId: string, record: SequenceRecord) {
  try {
    storage?.setItem(recordKey(orderId), JSON.stringify(record));
  } catch {
    // Storage full or refused: the sequence goes on without it.
  }
}

// ---------------------------------------------------------------------------------------

export interface EndSettings {
  dashboardUrl: string;
}

/**
 * Where the sequence ends: the post-payment destination of the first add-on taken (the review
 * intake, the profile editor, a service's order confirmation), else the dashboard (mobile on mobile).
 */
export function sequenceEnd(
  output: Pick<UpsellSequenceOutput, 'purchase' | 'order' | 'taken'>,
  settings: EndSettings,
): Destination {
  const first = output.taken[0];
  const dashboard = settings.dashboardUrl;
  const withParam = (url: string, name: string, value: string) =>
    `${url}${url.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
  return postPaymentDestination({
    // Nothing taken: the dashboard, whatever the order was (a service's own confirmation leads here too, and must not lead back).
    productId: first ? OFFER_PRODUCTS[first.offer].productId : '',
    isAccessPlan: false,
    device: output.purchase.device,
    commonPostPaymentUrl: false,
    coverLetterDoctype: (output.purchase.docType ?? '').toUpperCase().startsWith('LETR'),
    dashboardUrl: dashboard,
    mobileDashboardUrl: withParam(dashboard, 'device', 'mobile'),
    profileEditorUrl: `${dashboard.replace(/\/$/, '')}/profile/editor`,
    // `from=upsell` tells the intake (directly, or through a service's confirmation) that it ends this sequence.
    orderQuery: first?.transactionId
      ? { orderid: String(first.transactionId), skuid: String(first.skuId), from: FROM_UPSELLS }
      : {},
  }).to;
}

export interface UpsellDeps {
  api: Pick<Api, 'skus' | 'payments' | 'config' | 'upsell'>;
  user: { UserUID: string; PortalCD: string; CountryCD: string };
  analytics?: Pick<Analytics, 'track'>;
  storage: KeyValueStorage | null;
  navigation: AppNavigation;
  cookieHeader: string;
  /** The path the person is on now (the offer is shown there if it is already its page). */
  currentPath: () => string;
  dashboardUrl: string;
  /** The sentence that tells the person an add-on was paid, in their language. */
  describeAdded?: (added: AddedAddOn) => string;
}

/**
 * "<add-on> added to your order — <amount> charged to <brand> •••• <last four>", with as much of
 * the card as is known, the amount in the culture's format.
 */
export function addedSentence(t: TFunction, culture: string, added: AddedAddOn): string {
  const name = t(`names.${added.offer}`);
  const amount = formatMoney(added.amount, added.currencyCD, culture);
  const brand = added.cardType ? t(`brand.${added.cardType}`, { defaultValue: added.cardType }) : null;
  if (brand && added.lastFour) return t('added.card', { name, amount, brand, lastFour: added.lastFour });
  if (brand) return t('added.brand', { name, amount, brand });
  const method = added.paymentMethod !== 'CRCD' ? t(`method.${added.paymentMethod}`, { defaultValue: '' }) : '';
  return method ? t('added.method', { name, amount, method }) : t('added.other', { name, amount });
}

/** The sequence's end leaves the app (the dashboard, the profile editor): no page of the app will show the notice. */
const leavesApp = (href: string): boolean => !href.startsWith(`${APP_BASE}/`);
/** The dashboard shows the app's page notice too, so an add-on taken on the last offer is still announced there. */
const isDashboard = (url: string, dashboardUrl: string): boolean => url.split('?')[0] === dashboardUrl.split('?')[0];

/** The paid plan order the add-ons follow: the one the address names, else the person's latest paid plan. */
function orderOf(
  history: readonly Transaction[],
  catalogue: readonly Sku[],
  orderId: number | null,
): PurchasedOrder | null {
  const paid = history.filter((t) => t.transaction_type === 'SALE' && t.status_cd === 'SUCC');
  const sale =
    orderId === null
      ? paid.find((t) => isAccessPlanProduct(t.sku_detail.product_id))
      : paid.find((t) => t.transaction_id === orderId);
  if (!sale) return null;
  const sku = catalogue.find((s) => s.ProductID === sale.sku_detail.product_id && s.Label === sale.sku_detail.label);
  return sku
    ? {
        orderId: sale.transaction_id,
        skuId: sku.SkuID,
        productId: sku.ProductID,
        skuTypeCD: sale.sku_detail.type_cd,
        planTier: sku.PlanTier ?? null,
        lastFour: sale.payment_method_cd === 'CRCD' ? sale.last_four_digits : null,
      }
    : null;
}

async function loadSequenceData(deps: UpsellDeps, purchase: UpsellPurchase): Promise<SequenceData> {
  const [catalogue, history, config] = await Promise.all([
    deps.api.skus.list({ countryCD: deps.user.CountryCD }),
    deps.api.payments.transactions(deps.user.UserUID, { transactionTypes: ['SALE'], top: 100 }),
    deps.api.config.features(UPSELL_CONFIG_MODULE).catch(() => null),
  ]);
  const order = orderOf(history.items, catalogue.Skus, purchase.orderId);
  const chain: Sku[] = [];
  let next: number | null = order?.skuId ?? null;
  for (let hop = 0; hop < MAX_UPSELL_HOPS && next !== null; hop += 1) {
    const upsell: Sku | undefined = (await deps.api.skus.upsell(next)).Skus[0];
    if (!upsell || chain.some((s) => s.SkuID === upsell.SkuID)) break;
    chain.push(upsell);
    next = upsell.SkuID;
  }
  const strategy = config?.Features.find((f) => f.FeatureCD === REVIEW_CTA_FEATURE && f.Config.Show)?.Config.Data;
  const variation =
    readExperimentAssignments(deps.cookieHeader, deps.user.PortalCD).find(
      (a) => a.ExperimentGUID.toLowerCase() === FEATURE_TEXT_EXPERIMENT,
    )?.VariationIndex ?? null;
  return {
    order,
    available: availableOffers(chain, catalogue.Skus),
    ownedProducts: history.items.filter((t) => t.status_cd === 'SUCC').map((t) => t.sku_detail.product_id),
    reviewCta: reviewCtaStrategyOf((strategy as { strategy?: unknown } | undefined)?.strategy),
    featureTextVariant: variation,
  };
}

/** The one-click charge: the add-on on the order's payment method, one charge per key. */
async function chargeAddOn(deps: UpsellDeps, input: ChargeAddOnInput): Promise<AddOnCharge> {
  const result = await deps.api.upsell.addOn({
    user_uid: deps.user.UserUID,
    order_id: input.orderId,
    sku_id: input.sku.skuId,
    session_guid: input.key,
  });
  return {
    status: result.PaymentStatus,
    transactionId: result.TransactionID,
    paymentMethod: result.PaymentMethodCD,
    cardType: result.CardType,
    failureCode: result.FailureCode,
  };
}

/** Moves to an offer's page unless the person is already there; the address's query goes along. */
function showPath(deps: UpsellDeps, path: OfferPagePath | OffersPagePath) {
  const to = `/${path}` as const;
  if (deps.currentPath() !== hrefOf({ to })) deps.navigation.go({ to, search: true }, { replace: true });
}

/** The offers page (and its survey) with the app's effects: the same load and charge as the sequence, and the survey's answer. */
/** The upsell pages' effects' dependencies from the app's services, for the person signed in, on this window. */
export function upsellDepsOf(
  services: Pick<AppServices, 'api' | 'startup' | 'analytics' | 'navigation' | 'config' | 'i18n'>,
  storage: KeyValueStorage | null,
): UpsellDeps {
  const { claims, user } = signedInPersonOf(services.startup);
  const t = services.i18n.getFixedT(null, 'upsell');
  return {
    describeAdded: (added) => addedSentence(t, services.i18n.language, added),
    api: services.api,
    user: { UserUID: user.UserUID, PortalCD: claims?.PortalCD ?? '', CountryCD: user.CountryCD },
    analytics: services.analytics,
    storage,
    navigation: services.navigation,
    cookieHeader: document.cookie,
    currentPath: () => window.location.pathname,
    dashboardUrl: services.config.dashboardUrl,
  };
}

export function provideUpsellOffers(deps: UpsellDeps) {
  return upsellOffersMachine.provide({
    actors: {
      loadSequence: fromPromise<SequenceData, UpsellPurchase>(({ input }) => loadSequenceData(deps, input)),
      chargeAddOn: fromPromise<AddOnCharge, ChargeAddOnInput>(({ input }) => chargeAddOn(deps, input)),
      saveSurveyAnswer: fromPromise<StoredSurveyAnswer, SurveyAnswerInput>(async ({ input }) => {
        const answer = await deps.api.upsell.surveyAnswer({
          user_uid: deps.user.UserUID,
          order_id: input.orderId,
          reason: input.reason,
          answer_key: input.key,
        });
        return { answerId: answer.AnswerID, reason: answer.Reason };
      }),
    },
    actions: {
      showPage: (_, { path }) => showPath(deps, path),
      announceOffers: (_, { offers }) => {
        offers.forEach(
          (offer, i) =>
            void deps.analytics
              ?.track('offer shown', { offer, position: i + 1, page: 'offers' })
              .catch(() => undefined),
        );
      },
      trackUpsellPurchase: (_, event) => {
        void deps.analytics?.track(event.eventName, event.props).catch(() => undefined);
      },
      leaveSequence: (_, output) => deps.navigation.go(sequenceEnd(output, deps)),
    },
  });
}

export function provideUpsellSequence(deps: UpsellDeps) {
  return upsellSequenceMachine.provide({
    actors: {
      loadSequence: fromPromise<SequenceData, UpsellPurchase>(({ input }) => loadSequenceData(deps, input)),
      chargeAddOn: fromPromise<AddOnCharge, ChargeAddOnInput>(({ input }) => chargeAddOn(deps, input)),
    },
    actions: {
      showOffer: (_, shown) => {
        showPath(deps, shown.path);
        void deps.analytics?.track('offer shown', { offer: shown.offer, step: shown.step }).catch(() => undefined);
      },
      rememberDecision: ({ context }, decision) => {
        writeSequenceRecord(deps.storage, recordIdOf(context.purchase), {
          sequenceId: context.purchase.sequenceId,
          decided: [
            ...context.decided,
            ...context.taken.map((t) => ({ offer: t.offer, state: 'Taken' as const })),
            ...context.skipped.map((offer) => ({ offer, state: 'Skipped' as const })),
            decision,
          ],
        });
      },
      trackUpsellPurchase: (_, event) => {
        void deps.analytics?.track(event.eventName, event.props).catch(() => undefined);
      },
      // Shown (and announced) by the next page: the next offer, or where the sequence ends.
      announceAdded: (_, added) => {
        if (deps.describeAdded) leavePageNotice(deps.storage, deps.describeAdded(added));
      },
      leaveSequence: (_, output) => {
        const destination = sequenceEnd(output, deps);
        const href = hrefOfDestination(destination);
        if (leavesApp(href) && !isDashboard(href, deps.dashboardUrl)) dropPageNotice(deps.storage);
        deps.navigation.go(destination);
      },
    },
  });
}
