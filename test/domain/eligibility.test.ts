import { describe, expect, it } from 'vitest';
import {
  evaluateRule,
  excludeListAllows,
  includeListAllows,
  isEligible,
  resolveConfigBlock,
  resolveFeatures,
  toPosition,
  userTypeCode,
  type FeatureRule,
  type VisitorContext,
} from '../../src/domain/eligibility';

const visitor = (overrides: Partial<VisitorContext> = {}): VisitorContext => ({
  country: 'US',
  state: 'NY',
  userType: 'NEW',
  device: 'Desktop',
  flow: null,
  page: 'SellPage',
  preferences: {},
  lowIntent: {},
  ...overrides,
});

describe('§5 eligibility: a missing rule means not eligible', () => {
  it.each([null, undefined])('rule %s → not eligible, failing on "rule"', (rule) => {
    expect(evaluateRule(rule, visitor())).toEqual({ eligible: false, failed: 'rule' });
    expect(isEligible(rule, visitor())).toBe(false);
  });
});

describe('§5 eligibility: SupportedForAll always passes', () => {
  const everyListFails: FeatureRule = {
    SupportedForAll: true,
    IncludeCountries: ['IN'],
    ExcludeCountries: ['US'],
    UserTypes: ['ACTV'],
    Devices: ['Mobile'],
    Pages: ['CheckoutPage'],
    UserPreference: { Code: 'X', Value: 'y' },
    LowIntentCondition: 'visitedSecondTime',
  };
  it('passes even when every other check would fail', () => {
    expect(evaluateRule(everyListFails, visitor())).toEqual({ eligible: true, by: 'supportedForAll' });
  });
  it('SupportedForAll false does not pass by itself: the lists still apply', () => {
    expect(evaluateRule({ ...everyListFails, SupportedForAll: false }, visitor())).toMatchObject({ eligible: false });
  });
});

describe('§5 eligibility: table of rules', () => {
  const cases: {
    name: string;
    rule: FeatureRule;
    who?: Partial<VisitorContext>;
    eligible: boolean;
    failed?: string;
  }[] = [
    // countries
    { name: 'include list with the country', rule: { IncludeCountries: ['US', 'CA'] }, eligible: true },
    {
      name: 'include list without the country',
      rule: { IncludeCountries: ['IN', 'CA'] },
      eligible: false,
      failed: 'includeCountries',
    },
    { name: 'include list with All', rule: { IncludeCountries: ['All'] }, who: { country: 'FR' }, eligible: true },
    {
      name: 'include list with lower-case all',
      rule: { IncludeCountries: ['all'] },
      who: { country: 'FR' },
      eligible: true,
    },
    { name: 'include list compared case-insensitively', rule: { IncludeCountries: ['us'] }, eligible: true },
    {
      name: 'empty include list admits nobody',
      rule: { IncludeCountries: [] },
      eligible: false,
      failed: 'includeCountries',
    },
    {
      name: 'include list and unknown country',
      rule: { IncludeCountries: ['US'] },
      who: { country: null },
      eligible: false,
      failed: 'includeCountries',
    },
    {
      name: 'include All and unknown country',
      rule: { IncludeCountries: ['All'] },
      who: { country: null },
      eligible: true,
    },
    { name: 'UK in a rule means GB', rule: { IncludeCountries: ['UK'] }, who: { country: 'GB' }, eligible: true },
    {
      name: 'exclude list with the country fails',
      rule: { ExcludeCountries: ['US'] },
      eligible: false,
      failed: 'excludeCountries',
    },
    { name: 'exclude list without the country passes', rule: { ExcludeCountries: ['IN'] }, eligible: true },
    {
      name: 'exclude wins over include All',
      rule: { IncludeCountries: ['All'], ExcludeCountries: ['IN'] },
      who: { country: 'IN' },
      eligible: false,
      failed: 'excludeCountries',
    },
    {
      name: 'exclude list and unknown country passes',
      rule: { ExcludeCountries: ['IN'] },
      who: { country: null },
      eligible: true,
    },
    // states
    { name: 'include states with the state', rule: { IncludeStates: ['NY'] }, eligible: true },
    {
      name: 'include states without the state',
      rule: { IncludeStates: ['TX'] },
      eligible: false,
      failed: 'includeStates',
    },
    {
      name: 'exclude states with the state',
      rule: { IncludeStates: ['All'], ExcludeStates: ['CA'] },
      who: { state: 'CA' },
      eligible: false,
      failed: 'excludeStates',
    },
    {
      name: 'exclude states without the state',
      rule: { IncludeStates: ['All'], ExcludeStates: ['CA'] },
      eligible: true,
    },
    // user types
    { name: 'user type code listed', rule: { UserTypes: ['NEW', 'EXPD'] }, eligible: true },
    { name: 'user type not listed', rule: { UserTypes: ['ACTV'] }, eligible: false, failed: 'userTypes' },
    { name: 'user types All', rule: { UserTypes: ['All'] }, who: { userType: 'SUSP' }, eligible: true },
    {
      name: 'user type name in rule, code on visitor',
      rule: { UserTypes: ['Active'] },
      who: { userType: 'ACTV' },
      eligible: true,
    },
    {
      name: 'Expiring is EXPR, not EXPD',
      rule: { UserTypes: ['Expiring'] },
      who: { userType: 'EXPD' },
      eligible: false,
      failed: 'userTypes',
    },
    {
      name: 'unknown user type against a list',
      rule: { UserTypes: ['NEW'] },
      who: { userType: null },
      eligible: false,
      failed: 'userTypes',
    },
    // devices, flows, pages
    { name: 'device listed', rule: { Devices: ['Desktop', 'Tablet'] }, eligible: true },
    { name: 'device not listed', rule: { Devices: ['Mobile'] }, eligible: false, failed: 'devices' },
    { name: 'flow listed', rule: { Flows: ['save'] }, who: { flow: 'save' }, eligible: true },
    { name: 'flow list and no flow', rule: { Flows: ['save'] }, eligible: false, failed: 'flows' },
    { name: 'page listed', rule: { Pages: ['SellPage', 'PricingPage'] }, eligible: true },
    { name: 'page not listed', rule: { Pages: ['CancellationRequest'] }, eligible: false, failed: 'pages' },
    // preference
    {
      name: 'preference matches',
      rule: { UserPreference: { Code: 'LOW_INTENT_USER', Value: 'true' } },
      who: { preferences: { LOW_INTENT_USER: 'true' } },
      eligible: true,
    },
    {
      name: 'preference value compared case-insensitively',
      rule: { UserPreference: { Code: 'LOW_INTENT_USER', Value: 'true' } },
      who: { preferences: { low_intent_user: 'TRUE' } },
      eligible: true,
    },
    {
      name: 'preference with another value',
      rule: { UserPreference: { Code: 'LOW_INTENT_USER', Value: 'true' } },
      who: { preferences: { LOW_INTENT_USER: 'false' } },
      eligible: false,
      failed: 'userPreference',
    },
    {
      name: 'preference unset',
      rule: { UserPreference: { Code: 'LOW_INTENT_USER', Value: 'true' } },
      eligible: false,
      failed: 'userPreference',
    },
    // low intent
    {
      name: 'low-intent condition met',
      rule: { LowIntentCondition: 'visitedSecondTime' },
      who: { lowIntent: { visitedSecondTime: true } },
      eligible: true,
    },
    {
      name: 'low-intent condition not met',
      rule: { LowIntentCondition: 'visitedSecondTime' },
      who: { lowIntent: { visitedSecondTime: false } },
      eligible: false,
      failed: 'lowIntentCondition',
    },
    {
      name: 'low-intent condition unknown to the visitor',
      rule: { LowIntentCondition: 'somethingElse' },
      who: { lowIntent: { visitedSecondTime: true } },
      eligible: false,
      failed: 'lowIntentCondition',
    },
    // combinations
    { name: 'a rule with no lists passes', rule: {}, eligible: true },
    {
      name: 'every list passing',
      rule: { IncludeCountries: ['US'], UserTypes: ['NEW'], Devices: ['Desktop'], Pages: ['SellPage'] },
      eligible: true,
    },
    {
      name: 'one failing list is enough',
      rule: { IncludeCountries: ['US'], UserTypes: ['NEW'], Devices: ['Mobile'], Pages: ['SellPage'] },
      eligible: false,
      failed: 'devices',
    },
  ];

  it.each(cases)('$name', ({ rule, who, eligible, failed }) => {
    const result = evaluateRule(rule, visitor(who));
    expect(result.eligible).toBe(eligible);
    if (!eligible) expect(result).toMatchObject({ failed });
    expect(isEligible(rule, visitor(who))).toBe(eligible);
  });
});

describe('list helpers', () => {
  it('an absent include list puts no condition, an absent exclude list excludes nobody', () => {
    expect(includeListAllows(undefined, 'US')).toBe(true);
    expect(excludeListAllows(undefined, 'US')).toBe(true);
  });
  it('blank values count as unknown', () => {
    expect(includeListAllows(['US'], '  ')).toBe(false);
    expect(excludeListAllows(['US'], '')).toBe(true);
  });
  it.each([
    ['Active', 'ACTV'],
    ['new', 'NEW'],
    ['Expired', 'EXPD'],
    ['Expiring', 'EXPR'],
    ['Suspended', 'SUSP'],
    ['expr_win', 'EXPR_WIN'],
  ])('user type %s is code %s', (name, code) => {
    expect(userTypeCode(name)).toBe(code);
  });
});

describe('config blocks: Show, Position, WrapperClass, Data', () => {
  const block = { Show: true, Position: 'AboveRight', WrapperClass: 'trust', Data: { stars: 4.5 } };
  const rule: FeatureRule = { IncludeCountries: ['All'], ExcludeCountries: ['IN'] };

  it('an eligible visitor sees the block with its position, wrapper class and data', () => {
    expect(resolveConfigBlock(block, rule, visitor())).toEqual({
      shown: true,
      position: 'AboveRight',
      wrapperClass: 'trust',
      data: { stars: 4.5 },
    });
  });

  it.each([
    { name: 'no block', config: null, ruleIn: rule, who: {}, flags: {}, reason: 'noConfig' },
    { name: 'Show off', config: { ...block, Show: false }, ruleIn: rule, who: {}, flags: {}, reason: 'showOff' },
    {
      name: 'gating flag inactive',
      config: block,
      ruleIn: rule,
      who: {},
      flags: { flagActive: false },
      reason: 'flagInactive',
    },
    { name: 'visitor excluded', config: block, ruleIn: rule, who: { country: 'IN' }, flags: {}, reason: 'notEligible' },
    { name: 'no rule', config: block, ruleIn: undefined, who: {}, flags: {}, reason: 'notEligible' },
  ])('hidden when $name', ({ config, ruleIn, who, flags, reason }) => {
    expect(resolveConfigBlock(config, ruleIn, visitor(who), flags)).toMatchObject({ shown: false, reason });
  });

  it('an active flag does not override a failing rule', () => {
    expect(resolveConfigBlock(block, rule, visitor({ country: 'IN' }), { flagActive: true })).toMatchObject({
      shown: false,
      failed: 'excludeCountries',
    });
  });

  it('unknown positions and blank wrapper classes become null', () => {
    expect(
      resolveConfigBlock({ Show: true, Position: 'Nowhere', WrapperClass: '  ' }, { SupportedForAll: true }, visitor()),
    ).toEqual({
      shown: true,
      position: null,
      wrapperClass: null,
      data: undefined,
    });
  });

  it.each([
    ['Above', 'Above'],
    ['middleleft', 'MiddleLeft'],
    ['Siblings', 'Siblings'],
    ['Top', null],
    [undefined, null],
  ])('position %s → %s', (raw, expected) => {
    expect(toPosition(raw)).toBe(expected);
  });

  it('resolves a module of features, keyed by FeatureCD, with their flags', () => {
    const resolved = resolveFeatures(
      [
        {
          FeatureCD: 'appBlade',
          Rule: { IncludeCountries: ['All'], Devices: ['Mobile'] },
          Config: { Show: true, Position: 'Bottom' },
        },
        { FeatureCD: 'moneyBack', Rule: { SupportedForAll: true }, Config: { Show: true, Data: { days: 14 } } },
        { FeatureCD: 'chat', Rule: { SupportedForAll: true }, Config: { Show: true } },
      ],
      visitor(),
      (cd) => (cd === 'chat' ? false : undefined),
    );
    expect(resolved.appBlade).toMatchObject({ shown: false, failed: 'devices' });
    expect(resolved.moneyBack).toMatchObject({ shown: true, data: { days: 14 } });
    expect(resolved.chat).toMatchObject({ shown: false, reason: 'flagInactive' });
  });
});
