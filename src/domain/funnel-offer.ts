import {
  DELAYED_NOTICE_MS,
  isSuspendedAccount,
  opensCoverLetterAfterPayment,
  sellablePlans,
  serviceSkus,
  type FunnelOffer,
  type PaymentMethodCode,
} from '../../machines/purchase-funnel.rules';
import { isSignedInUser } from '../../machines/startup-access.rules';
import type { ConfigFeatures, PaymentPage } from '../api/schemas/pages';
import type { AlreadySubscribed } from '../api/schemas/payments';
import type { Sku, SkuList } from '../api/schemas/skus';
import type { Claims } from '../api/schemas/users';
import type { WinbackFacts } from '../api/schemas/winback';
import { checkoutMigrationExperiments, isCheckoutMigrated, readExperimentAssignments } from './experiments';

/** The offer as the app loads it: the funnel's part plus what only the pages need. */
export interface AppOffer extends FunnelOffer<Sku> {
  services: Sku[];
  claims: Claims | null;
  checkoutMigrated: boolean;
  /** Suspended people see the fixed auto-renewal text at checkout. */
  suspended: boolean;
  countryCd: string;
  /** The sell page's remote configuration (its blocks and experiments); empty when it could not be read, so the page still sells. */
  sellConfig: ConfigFeatures;
}

/**
 * The reads the funnel's offer is made of, shaped as the app's API client has them (`Api`
 * passes as it is); the flow simulator answers them from the server in process.
 */
export interface FunnelReads {
  skus: { list(query: Record<string, string | number | boolean>): Promise<SkuList> };
  config: { features(moduleName?: string): Promise<ConfigFeatures> };
  pages: { payment(query: { userUID: string; visitorPortalID: number }): Promise<PaymentPage> };
  payments: { alreadySubscribed(): Promise<AlreadySubscribed> };
  winback: { facts(userUid: string): Promise<WinbackFacts> };
}

export interface FunnelOfferFacts {
  claims: Claims | null;
  /** The visitor's market when not signed in (culture or a test override). */
  guestCountry: string;
  doctype: string | null;
  /** A winback checkout sells the person's welcome-back offers instead of the plans. */
  winback: boolean;
  /** The cookies: the experiment assignments that may move checkout to its migrated address. */
  cookieHeader: string;
  /** The plan left in the cart at an earlier checkout (kept in the browser), if any. */
  savedCartSkuId: (userUid: string) => number | null;
}

const NO_CONFIG: ConfigFeatures = { Flags: [], Features: [], Experiments: [] };

const KNOWN_METHODS: PaymentMethodCode[] = ['CRCD', 'PYPL', 'DUPI'];
const isMethod = (code: string): code is PaymentMethodCode => (KNOWN_METHODS as string[]).includes(code);
const numberIn = (data: unknown, key: string): number | null => {
  const value = data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
};

/** The welcome-back offers the server invites this person to, asked for with their audience and days since leaving; none for anyone else. */
async function winbackOffersOf(reads: FunnelReads, userUid: string): Promise<{ Skus: Sku[] }> {
  const facts = await reads.winback.facts(userUid);
  if (facts.Standing !== 'eligible' || facts.Audience === null || facts.CancellationDays === null) return { Skus: [] };
  return reads.skus.list({ userUID: userUid, userType: facts.Audience, cancellationDays: facts.CancellationDays });
}

/** What the purchase funnel offers this person: the plans, the services, the payment methods and the sell page's configuration. */
export async function loadFunnelOffer(reads: FunnelReads, facts: FunnelOfferFacts): Promise<AppOffer> {
  const { claims } = facts;
  const signedIn = claims != null && isSignedInUser(claims);
  const countryCd = signedIn ? claims!.CountryCD : facts.guestCountry;
  const [skuList, allSkus, checkoutConfig, sellConfig, paymentPage, subscribed] = await Promise.all([
    signedIn && facts.winback
      ? winbackOffersOf(reads, claims!.UserUID)
      : reads.skus.list(
          signedIn ? { userUID: claims!.UserUID, sellPageOnly: true } : { countryCD: countryCd, sellPageOnly: true },
        ),
    // The services checkout sells too; the plans still sell when they cannot be read.
    reads.skus
      .list(signedIn ? { userUID: claims!.UserUID } : { countryCD: countryCd })
      .catch(() => ({ Skus: [] as Sku[] })),
    reads.config.features('Checkout').catch(() => NO_CONFIG),
    reads.config.features('SellPage').catch(() => NO_CONFIG),
    signedIn
      ? reads.pages.payment({ userUID: claims!.UserUID, visitorPortalID: claims!.PortalID })
      : Promise.resolve(null),
    signedIn ? reads.payments.alreadySubscribed() : Promise.resolve(null),
  ]);
  const flag = (code: string) => checkoutConfig.Flags.some((f) => f.FeatureCD === code && f.IsActive);
  const block = (code: string) => checkoutConfig.Features.find((f) => f.FeatureCD === code)?.Config;
  const methods = (paymentPage?.PaymentMethods ?? [{ Code: 'CRCD' }]).map((m) => m.Code).filter(isMethod);
  const processing = block('processing')?.Data;
  return {
    skus: sellablePlans(skuList.Skus),
    services: serviceSkus(allSkus.Skus),
    signedIn,
    paymentMethods: methods.length > 0 ? methods : ['CRCD'],
    alreadySubscribed: subscribed?.IsAlreadySubscribed ?? false,
    savedCartSkuId: signedIn ? facts.savedCartSkuId(claims!.UserUID) : null,
    commonPostPaymentUrl: flag('CPPU'),
    coverLetterDoctype: opensCoverLetterAfterPayment(flag('CLFL'), facts.doctype),
    processingLogThresholdMs: numberIn(processing, 'logThresholdMs') ?? 60_000,
    delayedNoticeMs: numberIn(processing, 'delayedNoticeMs') ?? DELAYED_NOTICE_MS,
    claims,
    checkoutMigrated: isCheckoutMigrated({
      configSettingMatches: block('checkoutMigration')?.Show === true,
      assignments: readExperimentAssignments(facts.cookieHeader, claims?.PortalCD ?? ''),
      migrationExperimentGUIDs: checkoutMigrationExperiments(checkoutConfig.Experiments),
    }),
    suspended: isSuspendedAccount(claims?.UserType),
    countryCd,
    sellConfig,
  };
}
