/**
 * The low-intent offer's wiring: what the machine is told about the visitor (read once per
 * sell-page visit) and the app's real effects behind the machine's placeholders.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import {
  lowIntentOfferMachine,
  type LowIntentOfferActor,
  type LowIntentOfferInput,
} from '../../../../machines/low-intent-offer.machine';
import {
  LOW_INTENT_PREFERENCE_CODE,
  SKIP_OFFER,
  VISITED_SECOND_TIME_CONDITION,
  offersFromConfig,
  type LowIntentChoice,
} from '../../../../machines/low-intent-offer.rules';
import type { AccountPreference } from '../../../../machines/startup-access.machine';
import { isSignedInUser } from '../../../../machines/startup-access.rules';
import type { ConfigBlock, FeatureRule } from '../../../api/schemas/pages';
import { useServices } from '../../../app/services';
import { resolveConfigBlock, type VisitorContext } from '../../../domain/eligibility';
import { lowIntentStrikePrice, type StrikePrice } from '../../../domain/low-intent-price';
import {
  readClaimedOffer,
  readLowIntentFlag,
  recordSellPageVisit,
  writeClaimedOffer,
} from '../../../domain/low-intent-storage';
import { pickStorage } from '../../../domain/storage';

/** The `lowIntentOffer` entry of the SellPage module, as the config API serves it. */
export interface LowIntentFeature {
  Rule?: FeatureRule | null;
  Config?: ConfigBlock | null;
}

export interface LowIntentOfferFacts {
  feature: LowIntentFeature | null | undefined;
  /** The visitor as the sell page resolves its blocks; preferences and low-intent flags are read here. */
  visitor: Omit<VisitorContext, 'preferences' | 'lowIntent'>;
  /** The currency the sell page prices its plans in. */
  currency: string;
}

export interface LowIntentOfferSetup {
  input: LowIntentOfferInput;
  price: StrikePrice;
  userId: string;
}

const browserStorage = () =>
  pickStorage(
    () => window.localStorage,
    () => window.sessionStorage,
  );

function preferenceOf(preferences: readonly AccountPreference[], code: string): string | null {
  const wanted = code.toLowerCase();
  return preferences.find((p) => p.code.trim().toLowerCase() === wanted)?.value ?? null;
}

interface VisitFacts {
  userId: string;
  localFlag: boolean;
  claimed: LowIntentChoice | null;
  visitedSecondTime: boolean;
}

/**
 * Reads, once per visit of a signed-in user, the local flag, a claimed offer and whether this
 * is a second sell-page visit (counting this one); with the account's preferences, which
 * start-up loaded with the account, it resolves the config block. Null until the visit is
 * recorded, and for visitors who are not signed in.
 */
export function useLowIntentOfferSetup({
  feature,
  visitor,
  currency,
}: LowIntentOfferFacts): LowIntentOfferSetup | null {
  const { startup } = useServices();
  const claims = useSelector(startup, (s) => s.context.claims);
  const accountPreferences = useSelector(startup, (s) => s.context.preferences);
  const userId = claims && isSignedInUser(claims) ? claims.UserUID : null;
  const sessionId = claims?.SessionID ?? null;
  const [facts, setFacts] = useState<VisitFacts | null>(null);

  // Recording the visit writes to storage, so it happens once the page is shown, not while it draws.
  useEffect(() => {
    if (!userId) return;
    const storage = browserStorage();
    setFacts({
      userId,
      localFlag: readLowIntentFlag(storage),
      claimed: readClaimedOffer(storage),
      visitedSecondTime: recordSellPageVisit(storage, sessionId),
    });
  }, [userId, sessionId]);

  // The page may rebuild the visitor object on every render; its values are what count.
  const visitorKey = JSON.stringify(visitor);
  const sameVisitor = useMemo(() => JSON.parse(visitorKey) as typeof visitor, [visitorKey]);
  return useMemo(() => {
    if (!facts || facts.userId !== userId) return null;
    const saved = accountPreferences ?? [];
    const preference = preferenceOf(saved, LOW_INTENT_PREFERENCE_CODE);
    const stored = Object.fromEntries(saved.map((p) => [p.code, p.value]));
    // The local flag is saved as the preference on the way in; the rule sees it already.
    const preferences = facts.localFlag ? { ...stored, [LOW_INTENT_PREFERENCE_CODE]: 'true' } : stored;
    const resolved = resolveConfigBlock(feature?.Config, feature?.Rule, {
      ...sameVisitor,
      preferences,
      lowIntent: { [VISITED_SECOND_TIME_CONDITION]: facts.visitedSecondTime },
    });
    return {
      userId: facts.userId,
      price: lowIntentStrikePrice(currency, feature?.Config?.Data),
      input: {
        block: { shown: resolved.shown, offers: resolved.shown ? offersFromConfig(resolved.data) : [] },
        localFlag: facts.localFlag,
        preference,
        signedIn: true,
        claimed: facts.claimed,
        visitedSecondTime: facts.visitedSecondTime,
      },
    };
  }, [facts, userId, accountPreferences, feature, currency, sameVisitor]);
}

/** The popup's machine with the app's effects: the account's preference, local storage, analytics. */
export function useLowIntentOfferActor(setup: LowIntentOfferSetup): LowIntentOfferActor {
  const { api, analytics, recordFlows } = useServices();
  const machine = useMemo(
    () =>
      lowIntentOfferMachine.provide({
        actions: {
          saveLowIntentPreference: () => {
            api.users.savePreference(setup.userId, { code: LOW_INTENT_PREFERENCE_CODE, value: 'true' }).catch(() => {
              /* best effort: the local flag still marks the visitor here, and the next visit tries again */
            });
          },
          recordClaimedOffer: (_, { offer }) => {
            writeClaimedOffer(browserStorage(), {
              offer,
              price: offer === SKIP_OFFER ? null : setup.price,
              now: new Date(),
            });
          },
          trackEvent: (_, { name, props }) => {
            void analytics?.track(name, { ...props, currency: setup.price.currency });
          },
        },
      }),
    [api, analytics, setup],
  );
  return useActorRef(machine, { inspect: recordFlows, input: setup.input });
}
