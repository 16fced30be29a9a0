/**
 * Feature eligibility (spec §3 "Feature rule", §5 "Eligibility rules", §6 gating).
 *
 * A remote feature rule is evaluated against what we know of the visitor:
 * - a missing rule means not eligible;
 * - `SupportedForAll` passes whatever else the rule says;
 * - an exclude list (countries, states) fails when it contains the visitor's value;
 * - an include list (countries, states, user types, devices, flows, pages) must contain
 *   `All` or the visitor's value; a list that is absent puts no condition;
 * - `UserPreference` needs the visitor's stored preference `Code` to equal `Value`;
 * - `LowIntentCondition` names a low-intent flag that must be set for the visitor.
 *
 * Values are compared trimmed and case-insensitively. User types may be written as codes
 * (`ACTV`) or names (`Active`); both sides are reduced to the code first. `UK` and `GB` are
 * the same country.
 */
import type { ConfigBlock, FeatureRule } from '../api/schemas/pages';

export type { ConfigBlock, FeatureRule };

export type DeviceType = 'Desktop' | 'Tablet' | 'Mobile';

/** The wildcard an include list may carry. */
export const ALL = 'All';

/** Low-intent conditions the visitor meets, by the name a rule's `LowIntentCondition` uses. */
export type LowIntentFlags = Readonly<Record<string, boolean | undefined>>;

export interface VisitorContext {
  /** 2-letter country code (after any test override). */
  country: string | null;
  state: string | null;
  /** A user type code (NEW, ACTV, EXPR, EXPD, SUSP, EXPR_WIN) or its name (New, Active, ...). */
  userType: string | null;
  device: DeviceType | null;
  flow: string | null;
  /** The page code of the current page (spec §2), e.g. SellPage. */
  page: string | null;
  /** The visitor's stored preferences, code → value. */
  preferences: Readonly<Record<string, string>>;
  lowIntent: LowIntentFlags;
}

/** Names of the checks a rule is made of, in the order they are applied. */
export type RuleCheck =
  | 'rule'
  | 'excludeCountries'
  | 'includeCountries'
  | 'excludeStates'
  | 'includeStates'
  | 'userTypes'
  | 'devices'
  | 'flows'
  | 'pages'
  | 'userPreference'
  | 'lowIntentCondition';

export type EligibilityResult =
  | { eligible: true; by: 'supportedForAll' | 'rule' }
  /** `failed` names the first check that did not pass; `rule` means there was no rule. */
  | { eligible: false; failed: RuleCheck };

const USER_TYPE_CODES: Readonly<Record<string, string>> = {
  new: 'NEW',
  active: 'ACTV',
  expiring: 'EXPR',
  expired: 'EXPD',
  suspended: 'SUSP',
};

const COUNTRY_ALIASES: Readonly<Record<string, string>> = { UK: 'GB' };

const norm = (value: string) => value.trim().toUpperCase();

/** Reduces a user type name or code to its code: `Active` → `ACTV`, `actv` → `ACTV`. */
export function userTypeCode(value: string): string {
  const trimmed = value.trim();
  return USER_TYPE_CODES[trimmed.toLowerCase()] ?? trimmed.toUpperCase();
}

export function countryKey(value: string): string {
  const code = norm(value);
  return COUNTRY_ALIASES[code] ?? code;
}

const isAll = (entry: string) => norm(entry) === norm(ALL);

/**
 * An include list passes when it contains `All` or the value. An absent list puts no
 * condition; a present list and an unknown value fail unless the list has `All`.
 */
export function includeListAllows(
  list: readonly string[] | null | undefined,
  value: string | null | undefined,
  key: (v: string) => string = norm,
): boolean {
  if (list === undefined || list === null) return true;
  if (list.some(isAll)) return true;
  if (value === null || value === undefined || value.trim() === '') return false;
  const wanted = key(value);
  return list.some((entry) => key(entry) === wanted);
}

/** An exclude list fails only on a match; an absent list or unknown value passes. */
export function excludeListAllows(
  list: readonly string[] | null | undefined,
  value: string | null | undefined,
  key: (v: string) => string = norm,
): boolean {
  if (!list || value === null || value === undefined || value.trim() === '') return true;
  const wanted = key(value);
  return !list.some((entry) => key(entry) === wanted);
}

function preferenceMatches(preferences: Readonly<Record<string, string>>, code: string, value: string): boolean {
  const wanted = code.trim().toLowerCase();
  const entry = Object.entries(preferences).find(([k]) => k.trim().toLowerCase() === wanted);
  return entry !== undefined && norm(entry[1]) === norm(value);
}

/** Evaluates a rule and says which check failed, for diagnostics (tester panel, logs). */
export function evaluateRule(rule: FeatureRule | null | undefined, visitor: VisitorContext): EligibilityResult {
  if (!rule) return { eligible: false, failed: 'rule' };
  if (rule.SupportedForAll === true) return { eligible: true, by: 'supportedForAll' };

  const checks: [RuleCheck, () => boolean][] = [
    ['excludeCountries', () => excludeListAllows(rule.ExcludeCountries, visitor.country, countryKey)],
    ['includeCountries', () => includeListAllows(rule.IncludeCountries, visitor.country, countryKey)],
    ['excludeStates', () => excludeListAllows(rule.ExcludeStates, visitor.state)],
    ['includeStates', () => includeListAllows(rule.IncludeStates, visitor.state)],
    ['userTypes', () => includeListAllows(rule.UserTypes, visitor.userType, userTypeCode)],
    ['devices', () => includeListAllows(rule.Devices, visitor.device)],
    ['flows', () => includeListAllows(rule.Flows, visitor.flow)],
    ['pages', () => includeListAllows(rule.Pages, visitor.page)],
    [
      'userPreference',
      () =>
        !rule.UserPreference ||
        preferenceMatches(visitor.preferences, rule.UserPreference.Code, rule.UserPreference.Value),
    ],
    [
      'lowIntentCondition',
      () => !rule.LowIntentCondition?.trim() || visitor.lowIntent[rule.LowIntentCondition.trim()] === true,
    ],
  ];
  for (const [name, passes] of checks) {
    if (!passes()) return { eligible: false, failed: name };
  }
  return { eligible: true, by: 'rule' };
}

export function isEligible(rule: FeatureRule | null | undefined, visitor: VisitorContext): boolean {
  return evaluateRule(rule, visitor).eligible;
}

/** Where a block may be placed on a page (spec §3 "Positions"). */
export const POSITIONS = [
  'Above',
  'Bottom',
  'Middle',
  'Right',
  'AboveLeft',
  'AboveRight',
  'MiddleLeft',
  'Siblings',
  'Left',
] as const;
export type Position = (typeof POSITIONS)[number];

export function toPosition(value: string | null | undefined): Position | null {
  if (!value) return null;
  const wanted = value.trim().toLowerCase();
  return POSITIONS.find((p) => p.toLowerCase() === wanted) ?? null;
}

export type HiddenReason = 'noConfig' | 'showOff' | 'flagInactive' | 'notEligible';

export type ResolvedBlock<TData = unknown> =
  | { shown: true; position: Position | null; wrapperClass: string | null; data: TData | undefined }
  | { shown: false; reason: HiddenReason; failed?: RuleCheck };

export interface BlockFlags {
  /**
   * The feature flag gating this block, when there is one: `false` hides the block,
   * `undefined` (no flag) leaves it to the rule.
   */
  flagActive?: boolean;
}

/**
 * Decides whether a config block is shown: it needs a block with `Show` on, no inactive
 * gating flag, and a rule the visitor is eligible for. When shown, it carries its
 * position (unknown positions become null), wrapper class and data.
 */
export function resolveConfigBlock<TData = unknown>(
  config: ConfigBlock | null | undefined,
  rule: FeatureRule | null | undefined,
  visitor: VisitorContext,
  flags: BlockFlags = {},
): ResolvedBlock<TData> {
  if (!config) return { shown: false, reason: 'noConfig' };
  if (config.Show !== true) return { shown: false, reason: 'showOff' };
  if (flags.flagActive === false) return { shown: false, reason: 'flagInactive' };
  const result = evaluateRule(rule, visitor);
  if (!result.eligible) return { shown: false, reason: 'notEligible', failed: result.failed };
  return {
    shown: true,
    position: toPosition(config.Position),
    wrapperClass: config.WrapperClass?.trim() || null,
    data: config.Data as TData | undefined,
  };
}

/** A feature entry as served by the API: FeatureCD with its rule and config block. */
export interface FeatureEntryLike {
  FeatureCD: string;
  Rule?: FeatureRule | null;
  Config?: ConfigBlock | null;
}

/**
 * Resolves every feature of a module at once, keyed by FeatureCD. `flagFor` maps a feature
 * to the state of its gating flag, if it has one. A later duplicate FeatureCD wins.
 */
export function resolveFeatures(
  features: readonly FeatureEntryLike[],
  visitor: VisitorContext,
  flagFor: (featureCd: string) => boolean | undefined = () => undefined,
): Record<string, ResolvedBlock> {
  const resolved: Record<string, ResolvedBlock> = {};
  for (const feature of features) {
    resolved[feature.FeatureCD] = resolveConfigBlock(feature.Config, feature.Rule, visitor, {
      flagActive: flagFor(feature.FeatureCD),
    });
  }
  return resolved;
}
