/**
 * Experiments and feature flags (spec §1, §2 query parameters, §3 "Experiment assignment",
 * "Experiment config entry", "Feature flag"; §8: bad experiment state gives no result).
 *
 * Assignment cookie `ew_exp`: a URL-encoded JSON array of
 *   {"ExperimentGUID":"<guid>","VariationIndex":<int ≥ 1>,"PortalCD":"<portal code>"}
 * Entries of other portals are ignored. A malformed cookie gives no assignments; a
 * malformed entry is skipped. If one experiment appears twice for a portal, the later
 * entry wins.
 *
 * Variation 1 or 2 is control; 3 or higher is a test variant.
 */
import * as z from 'zod/mini';
import type { ExperimentConfigEntry } from '../api/schemas/pages';
import { buildCookie, readCookie, safeDecode, type CookieOptions } from './cookies';
import { includeListAllows, userTypeCode, type DeviceType } from './eligibility';

export type { ExperimentConfigEntry };

export const EXPERIMENT_COOKIE = 'ew_exp';
export const CONTROL_VARIATIONS: readonly number[] = [1, 2];
export const FIRST_TEST_VARIATION = 3;

export interface ExperimentAssignment {
  ExperimentGUID: string;
  VariationIndex: number;
}

export interface PortalAssignment extends ExperimentAssignment {
  PortalCD: string;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GUIDs are compared lower-cased. */
export const guidKey = (guid: string): string => guid.trim().toLowerCase();
const portalKey = (portal: string | number): string => String(portal).trim().toUpperCase();

const cookieEntry = z.object({
  ExperimentGUID: z.pipe(z.string().check(z.trim(), z.regex(GUID)), z.transform(guidKey)),
  VariationIndex: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000)),
  PortalCD: z.pipe(
    z.pipe(z.union([z.string(), z.number()]), z.transform(portalKey)),
    z.string().check(z.minLength(1), z.maxLength(32)),
  ),
});

export const isControlVariation = (variation: number | null | undefined): boolean =>
  variation !== null && variation !== undefined && CONTROL_VARIATIONS.includes(variation);
export const isTestVariation = (variation: number | null | undefined): boolean =>
  variation !== null && variation !== undefined && variation >= FIRST_TEST_VARIATION;

function decodeJson(raw: string): unknown {
  let text = raw.trim();
  // The value may be URL-encoded once or twice (cookie libraries differ); raw JSON is fine too.
  for (let i = 0; i < 2 && !/^[[{]/.test(text); i += 1) {
    const decoded = safeDecode(text);
    if (decoded === null || decoded === text) break;
    text = decoded.trim();
  }
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Every well-formed entry of an `ew_exp` value, of every portal. Never throws. */
export function parseExperimentCookie(value: string | null | undefined): PortalAssignment[] {
  if (!value) return [];
  const parsed = decodeJson(value);
  if (!Array.isArray(parsed)) return [];
  const byKey = new Map<string, PortalAssignment>();
  for (const item of parsed) {
    const entry = cookieEntry.safeParse(item);
    if (!entry.success) continue;
    const key = `${entry.data.PortalCD}|${entry.data.ExperimentGUID}`;
    byKey.delete(key); // keep the order of the last write
    byKey.set(key, entry.data);
  }
  return [...byKey.values()];
}

/** The assignments of one portal. */
export function assignmentsForPortal(
  entries: readonly PortalAssignment[],
  portalCode: string | number,
): ExperimentAssignment[] {
  const portal = portalKey(portalCode);
  return entries
    .filter((e) => e.PortalCD === portal)
    .map(({ ExperimentGUID, VariationIndex }) => ({ ExperimentGUID, VariationIndex }));
}

/** Reads `ew_exp` from a cookie string (`document.cookie` or a Cookie header) for one portal. */
export function readExperimentAssignments(
  cookieHeader: string | null | undefined,
  portalCode: string | number,
): ExperimentAssignment[] {
  return assignmentsForPortal(parseExperimentCookie(readCookie(cookieHeader, EXPERIMENT_COOKIE)), portalCode);
}

/** The cookie value for a set of assignments: URL-encoded JSON. */
export function serializeExperimentCookie(entries: readonly PortalAssignment[]): string {
  return encodeURIComponent(
    JSON.stringify(
      entries.map((e) => ({
        ExperimentGUID: e.ExperimentGUID,
        VariationIndex: e.VariationIndex,
        PortalCD: e.PortalCD,
      })),
    ),
  );
}

/**
 * A `document.cookie` string that sets one portal's assignments and keeps the other
 * portals' entries from `existing` (the current cookie string), for the tester panel.
 */
export function experimentCookieFor(
  existingCookieHeader: string | null | undefined,
  portalCode: string | number,
  assignments: readonly ExperimentAssignment[],
  options: CookieOptions = {},
): string {
  const portal = portalKey(portalCode);
  const others = parseExperimentCookie(readCookie(existingCookieHeader, EXPERIMENT_COOKIE)).filter(
    (e) => e.PortalCD !== portal,
  );
  const mine = assignments
    .filter((a) => GUID.test(a.ExperimentGUID) && Number.isInteger(a.VariationIndex) && a.VariationIndex >= 1)
    .map((a) => ({ ExperimentGUID: guidKey(a.ExperimentGUID), VariationIndex: a.VariationIndex, PortalCD: portal }));
  // buildCookie encodes the value; hand it the JSON text.
  return buildCookie(EXPERIMENT_COOKIE, JSON.stringify([...others, ...mine]), options);
}

// ---------------------------------------------------------------------------------------
// Overrides from the query string (§2): disabletests and runtest.

/** `runtest=<ExperimentGUID>:<VariationIndex>` forces one experiment into one variation. */
export type ForcedVariation = ExperimentAssignment;

/** Parses `guid:3` (also `guid=3` or `guid_3`); anything else is null. */
export function parseRunTest(value: string | null | undefined): ForcedVariation | null {
  if (!value) return null;
  const match = /^\s*([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\s*[:=_]\s*(\d{1,4})\s*$/i.exec(
    value,
  );
  if (!match) return null;
  const variation = Number(match[2]);
  if (variation < 1) return null;
  return { ExperimentGUID: guidKey(match[1]!), VariationIndex: variation };
}

export const formatRunTest = (forced: ForcedVariation): string =>
  `${guidKey(forced.ExperimentGUID)}:${forced.VariationIndex}`;

export interface ExperimentOverrides {
  /** `disabletests`: every test is off, whatever the cookie or `runtest` say. */
  disableTests?: boolean;
  runTest?: ForcedVariation | null;
}

/** The assignments that count once the query overrides are applied. */
export function effectiveAssignments(
  assignments: readonly ExperimentAssignment[],
  overrides: ExperimentOverrides = {},
): ExperimentAssignment[] {
  if (overrides.disableTests) return [];
  const forced = overrides.runTest;
  const own = assignments.map((a) => ({ ExperimentGUID: guidKey(a.ExperimentGUID), VariationIndex: a.VariationIndex }));
  if (!forced) return own;
  const key = guidKey(forced.ExperimentGUID);
  return [
    ...own.filter((a) => a.ExperimentGUID !== key),
    { ExperimentGUID: key, VariationIndex: forced.VariationIndex },
  ];
}

/** The visitor's variation in one experiment, or null when not assigned. */
export function variationOf(assignments: readonly ExperimentAssignment[], experimentGUID: string): number | null {
  const key = guidKey(experimentGUID);
  return assignments.find((a) => guidKey(a.ExperimentGUID) === key)?.VariationIndex ?? null;
}

const inPair = (assignments: readonly ExperimentAssignment[], pair: ExperimentAssignment) =>
  variationOf(assignments, pair.ExperimentGUID) === pair.VariationIndex;

// ---------------------------------------------------------------------------------------
// Experiment config entries.

export interface ExperimentVisitor {
  device: DeviceType | null;
  /** User type code or name. */
  userType: string | null;
}

export type ExperimentDecisionReason =
  /** The visitor is in one of the configured (experiment, variation) pairs. */
  | 'matched'
  /** The visitor is in none of the configured experiments. */
  | 'notAssigned'
  /** The visitor is in a configured experiment, but in another variation (e.g. control). */
  | 'otherVariation'
  /** The visitor is in a disallowed (experiment, variation) pair. */
  | 'disallowed'
  /** A feature-based entry for the experiment does not admit the variation, device or user type. */
  | 'featureBasedMismatch';

export interface ExperimentDecision {
  configKey: string;
  active: boolean;
  reason: ExperimentDecisionReason;
  /** The experiment that decided, if the visitor is in one of the entry's experiments. */
  experimentGUID: string | null;
  /** The visitor's variation in that experiment. */
  variation: number | null;
}

/**
 * Whether a config entry is active for the visitor, and in which variation:
 * 1. a disallowed (experiment, variation) pair the visitor is in turns it off;
 * 2. the visitor must be in one of the `experimentConfiguration` pairs (first match wins);
 * 3. when `featureBasedExperimentConfiguration` has entries for the matched experiment, one
 *    of them must list the variation in `Variants`, and admit the device and user type
 *    (`All` admits everyone).
 */
export function decideExperiment(
  entry: ExperimentConfigEntry,
  assignments: readonly ExperimentAssignment[],
  visitor: ExperimentVisitor,
): ExperimentDecision {
  const decision = (
    active: boolean,
    reason: ExperimentDecisionReason,
    experimentGUID: string | null,
    variation: number | null,
  ): ExperimentDecision => ({
    configKey: entry.configKey,
    active,
    reason,
    experimentGUID,
    variation,
  });

  const disallowed = (entry.disallowedExperimentConfiguration ?? []).find((pair) => inPair(assignments, pair));
  if (disallowed) return decision(false, 'disallowed', guidKey(disallowed.ExperimentGUID), disallowed.VariationIndex);

  const matched = entry.experimentConfiguration.find((pair) => inPair(assignments, pair));
  if (!matched) {
    const assigned = entry.experimentConfiguration.find(
      (pair) => variationOf(assignments, pair.ExperimentGUID) !== null,
    );
    return assigned
      ? decision(
          false,
          'otherVariation',
          guidKey(assigned.ExperimentGUID),
          variationOf(assignments, assigned.ExperimentGUID),
        )
      : decision(false, 'notAssigned', null, null);
  }

  const guid = guidKey(matched.ExperimentGUID);
  const variation = matched.VariationIndex;
  const featureBased = (entry.featureBasedExperimentConfiguration ?? []).filter(
    (f) => guidKey(f.ExperimentGUID) === guid,
  );
  if (featureBased.length > 0) {
    const admitted = featureBased.some(
      (f) =>
        f.Variants.includes(variation) &&
        includeListAllows(f.Devices, visitor.device) &&
        includeListAllows(f.UserTypes, visitor.userType, userTypeCode),
    );
    if (!admitted) return decision(false, 'featureBasedMismatch', guid, variation);
  }
  return decision(true, 'matched', guid, variation);
}

/** Decisions for every entry, keyed by configKey; unknown keys are simply absent. */
export function decideExperiments(
  entries: readonly ExperimentConfigEntry[],
  assignments: readonly ExperimentAssignment[],
  visitor: ExperimentVisitor,
): Record<string, ExperimentDecision> {
  return Object.fromEntries(entries.map((entry) => [entry.configKey, decideExperiment(entry, assignments, visitor)]));
}

// ---------------------------------------------------------------------------------------
// Checkout migration (§2): the migrated checkout drops the legacy `secure` segment.

export const CHECKOUT_MIGRATION_CONFIG_KEY = 'checkoutMigration';
export const CHECKOUT_MIGRATION_VARIATION = 3;

/** The four named migration experiments: the GUIDs of the `checkoutMigration` config entry. */
export function checkoutMigrationExperiments(entries: readonly ExperimentConfigEntry[]): string[] {
  const entry = entries.find((e) => e.configKey === CHECKOUT_MIGRATION_CONFIG_KEY);
  return entry ? [...new Set(entry.experimentConfiguration.map((p) => guidKey(p.ExperimentGUID)))] : [];
}

/** Migrated when the config setting matches, or when any migration experiment is in variation 3. */
export function isCheckoutMigrated(input: {
  configSettingMatches: boolean;
  assignments: readonly ExperimentAssignment[];
  migrationExperimentGUIDs: readonly string[];
}): boolean {
  if (input.configSettingMatches) return true;
  return input.migrationExperimentGUIDs.some(
    (guid) => variationOf(input.assignments, guid) === CHECKOUT_MIGRATION_VARIATION,
  );
}

// ---------------------------------------------------------------------------------------
// Feature flags (§3) and `test_ff` overrides (§2).

export interface FeatureFlag {
  FeatureCD: string;
  IsActive: boolean;
}

export interface FlagOverride {
  name: string;
  /** true adds or activates the flag; false removes it. */
  active: boolean;
}

/**
 * `test_ff=CHAT=true,ADSV=true,UPI=false`: comma-separated name=value pairs. A value of
 * `true` (any case) adds or activates the flag; any other value, or none, removes it.
 * Pairs without a name are skipped; names may not contain spaces or `=`.
 */
export function parseTestFlagOverrides(value: string | null | undefined): FlagOverride[] {
  if (!value) return [];
  const overrides: FlagOverride[] = [];
  for (const pair of value.split(',')) {
    const eq = pair.indexOf('=');
    const name = (eq < 0 ? pair : pair.slice(0, eq)).trim();
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name)) continue;
    const raw = eq < 0 ? '' : pair.slice(eq + 1).trim();
    overrides.push({ name, active: raw.toLowerCase() === 'true' });
  }
  return overrides;
}

export const formatTestFlagOverrides = (overrides: readonly FlagOverride[]): string =>
  overrides.map((o) => `${o.name}=${o.active ? 'true' : 'false'}`).join(',');

const flagKey = (code: string) => code.trim().toUpperCase();

/** The set of active flag codes (upper-cased) after the overrides, applied in order. */
export function activeFeatureFlags(
  flags: readonly FeatureFlag[],
  overrides: readonly FlagOverride[] = [],
): ReadonlySet<string> {
  const active = new Set<string>();
  for (const flag of flags) {
    if (flag.IsActive) active.add(flagKey(flag.FeatureCD));
    else active.delete(flagKey(flag.FeatureCD));
  }
  for (const override of overrides) {
    if (override.active) active.add(flagKey(override.name));
    else active.delete(flagKey(override.name));
  }
  return active;
}

export function isFeatureFlagActive(active: ReadonlySet<string>, featureCd: string): boolean {
  return active.has(flagKey(featureCd));
}
