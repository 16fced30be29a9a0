/**
 * The low-intent offer's wiring: what the machine is told about the visitor (read once per
 * sell-page visit) and the app's real effects behind the machine's placeholders.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { lowIntentOfferMachine, type LowIntentOfferActor, type LowIntentOfferInput } from '../../../../machines/low-intent-offer.machine';
import {
  LOW_INTENT_PREFERENCE_CODE,
  SKIP_OFFER,
  VISITED_SECOND_TIME_CONDITION,
  offersFromConfig,
  type LowIntentChoice,
} from '../../../../machines/low-intent-offer.rules';
import { isSignedInUser, type AccessClaims } from '../../../../machines/startup-access.rules';
import type { ConfigBlock, FeatureRule } from '../../../api/schemas/pages';
import type { Preferences } from '../../../api/schemas/users';
import { useServices } from '../../../app/services';
import { resolveConfigBlock, type VisitorContext } from '../../../domain/eligibility';
import { lowIntentStrikePrice, type StrikePrice } from '../../../domain/low-intent-price';
import { readClaimedOffer, readLowIntentFlag, recordSellPageVisit, writeClaimedOffer } from '../../../domain/low-intent-storage';
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

const browserStorage = () => pickStorage(() => window.localStorage, () => window.sessionStorage);

/** The claims start-up holds carry more than the access rules read: the session id among them. */
type SessionClaims = AccessClaims & { SessionID?: string };

function preferenceOf(answer: Preferences | null, code: string): string | null {
  const wanted = code.toLowerCase();
  return answer?.Preferences.find((p) => p.code.trim().toLowerCase() === wanted)?.value ?? null;
}

interface VisitFacts {
  userId: string;
  localFlag: boolean;
  claimed: LowIntentChoice | null;
  visitedSecondTime: boolean;
  preferences: Preferences | null;
}

/**
 * Reads, once per visit of a signed-in user, the local flag, a claimed offer, whether this is
 * a second sell-page visit (counting this one) and the account's preferences; then resolves
 * the config block with them. Null while reading, and for visitors who are not signed in.
 */
export function useLowIntentOfferSetup({ feature, visitor, currency }: LowIntentOfferFacts): LowIntentOfferSetup | null {
  const { api, startup } = useServices();
  const claims = useSelector(startup, (s) => s.context.claims as SessionClaims | null);
  const userId = claims && isSignedInUser(claims) ? claims.UserUID : null;
  const sessionId = claims?.SessionID ?? null;
  const [facts, setFacts] = useState<VisitFacts | null>(null);

  useEffect(() => {
    if (!userId) return;
    let current = true;
    const storage = browserStorage();
    const local = { userId, localFlag: readLowIntentFlag(storage), claimed: readClaimedOffer(storage), visitedSecondTime: recordSellPageVisit(storage, sessionId) };
    api.users
      .preferences(userId)
      // Unreadable preferences count as unset: the local flag can still make a low-intent visitor.
      .catch(() => null)
      .then((preferences) => {
        if (current) setFacts({ ...local, preferences });
      });
    return () => {
      current = false;
    };
  }, [api, userId, sessionId]);

  // The page may rebuild the visitor object on every render; its values are what count.
  const visitorKey = JSON.stringify(visitor);
  const sameVisitor = useMemo(() => JSON.parse(visitorKey) as typeof visitor, [visitorKey]);
  return useMemo(() => {
    if (!facts || facts.userId !== userId) return null;
    const preference = preferenceOf(facts.preferences, LOW_INTENT_PREFERENCE_CODE);
    const stored = Object.fromEntries((facts.preferences?.Preferences ?? []).map((p) => [p.code, p.value]));
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
  }, [facts, userId, feature, currency, sameVisitor]);
}

/** The popup's machine with the app's effects: the account's preference, local storage, analytics. */
export function useLowIntentOfferActor(setup: LowIntentOfferSetup): LowIntentOfferActor {
  const { api, analytics } = useServices();
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
            writeClaimedOffer(browserStorage(), { offer, price: offer === SKIP_OFFER ? null : setup.price, now: new Date() });
          },
          trackEvent: (_, { name, props }) => {
            void analytics?.track(name, { ...props, currency: setup.price.currency });
          },
        },
      }),
    [api, analytics, setup],
  );
  return useActorRef(machine, { input: setup.input });
}
