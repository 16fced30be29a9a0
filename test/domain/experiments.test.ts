import { describe, expect, it } from 'vitest';
import {
  activeFeatureFlags,
  assignmentsForPortal,
  checkoutMigrationExperiments,
  decideExperiment,
  decideExperiments,
  effectiveAssignments,
  experimentCookieFor,
  formatRunTest,
  formatTestFlagOverrides,
  isCheckoutMigrated,
  isControlVariation,
  isFeatureFlagActive,
  isTestVariation,
  parseExperimentCookie,
  parseRunTest,
  parseTestFlagOverrides,
  readExperimentAssignments,
  serializeExperimentCookie,
  variationOf,
  type ExperimentAssignment,
  type ExperimentConfigEntry,
} from '../../src/domain/experiments';

const SELL = 'e1000000-0000-4000-8000-000000000001';
const CANCEL = 'e1000000-0000-4000-8000-000000000002';
const LOADER = 'e1000000-0000-4000-8000-000000000003';
const SCARCITY = 'e1000000-0000-4000-8000-000000000022';
const BUTTONS = 'e1000000-0000-4000-8000-000000000021';
const MIGRATION = [
  'e1000000-0000-4000-8000-000000000011',
  'e1000000-0000-4000-8000-000000000012',
  'e1000000-0000-4000-8000-000000000013',
  'e1000000-0000-4000-8000-000000000014',
];

const encoded = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const a = (ExperimentGUID: string, VariationIndex: number): ExperimentAssignment => ({
  ExperimentGUID,
  VariationIndex,
});

describe('§3 the ew_exp cookie', () => {
  const cookie = encoded([
    { ExperimentGUID: SELL, VariationIndex: 4, PortalCD: 'RNA' },
    { ExperimentGUID: CANCEL, VariationIndex: 2, PortalCD: 'RNA' },
    { ExperimentGUID: SELL, VariationIndex: 5, PortalCD: 'LBD' },
  ]);

  it('parses every entry with its portal code', () => {
    expect(parseExperimentCookie(cookie)).toEqual([
      { ExperimentGUID: SELL, VariationIndex: 4, PortalCD: 'RNA' },
      { ExperimentGUID: CANCEL, VariationIndex: 2, PortalCD: 'RNA' },
      { ExperimentGUID: SELL, VariationIndex: 5, PortalCD: 'LBD' },
    ]);
  });

  it('keeps only the entries of the visitor’s portal (case-insensitively)', () => {
    expect(assignmentsForPortal(parseExperimentCookie(cookie), 'lbd')).toEqual([a(SELL, 5)]);
    expect(assignmentsForPortal(parseExperimentCookie(cookie), 'RNA')).toEqual([a(SELL, 4), a(CANCEL, 2)]);
    expect(assignmentsForPortal(parseExperimentCookie(cookie), 'XYZ')).toEqual([]);
  });

  it('reads the cookie out of a full cookie string', () => {
    const header = `COOKIE_CONSENT=x; ew_exp=${cookie}; other=1`;
    expect(readExperimentAssignments(header, 'RNA')).toEqual([a(SELL, 4), a(CANCEL, 2)]);
    expect(readExperimentAssignments('other=1', 'RNA')).toEqual([]);
  });

  it.each([
    ['empty', ''],
    ['not JSON', 'garbage'],
    ['a malformed escape', '%E0%A4%A'],
    ['a JSON object, not a list', encoded({ ExperimentGUID: SELL, VariationIndex: 3, PortalCD: 'RNA' })],
    ['JSON null', 'null'],
    ['truncated JSON', encoded([{ ExperimentGUID: SELL }]).slice(0, 20)],
  ])('bad input (%s) gives no assignments and does not throw', (_name, value) => {
    expect(parseExperimentCookie(value)).toEqual([]);
  });

  it('skips malformed entries and keeps the good ones', () => {
    const value = encoded([
      { ExperimentGUID: 'not-a-guid', VariationIndex: 3, PortalCD: 'RNA' },
      { ExperimentGUID: SELL, VariationIndex: 0, PortalCD: 'RNA' },
      { ExperimentGUID: SELL, VariationIndex: 2.5, PortalCD: 'RNA' },
      { ExperimentGUID: SELL, VariationIndex: 3 },
      { ExperimentGUID: SELL, VariationIndex: 3, PortalCD: '' },
      null,
      'x',
      { ExperimentGUID: CANCEL, VariationIndex: '4', PortalCD: 'RNA' },
    ]);
    expect(parseExperimentCookie(value)).toEqual([{ ExperimentGUID: CANCEL, VariationIndex: 4, PortalCD: 'RNA' }]);
  });

  it('accepts raw JSON, doubly encoded JSON and upper-case GUIDs (compared lower-cased)', () => {
    const entries = [{ ExperimentGUID: SELL.toUpperCase(), VariationIndex: 3, PortalCD: 'rna' }];
    const expected = [{ ExperimentGUID: SELL, VariationIndex: 3, PortalCD: 'RNA' }];
    expect(parseExperimentCookie(JSON.stringify(entries))).toEqual(expected);
    expect(parseExperimentCookie(encodeURIComponent(encoded(entries)))).toEqual(expected);
  });

  it('when an experiment appears twice for a portal, the later entry wins', () => {
    const value = encoded([
      { ExperimentGUID: SELL, VariationIndex: 3, PortalCD: 'RNA' },
      { ExperimentGUID: SELL, VariationIndex: 6, PortalCD: 'RNA' },
    ]);
    expect(readExperimentAssignments(`ew_exp=${value}`, 'RNA')).toEqual([a(SELL, 6)]);
  });

  it('serializes to a value it parses back', () => {
    const entries = [{ ExperimentGUID: SELL, VariationIndex: 7, PortalCD: 'RNA' }];
    expect(parseExperimentCookie(serializeExperimentCookie(entries))).toEqual(entries);
  });

  it('the tester cookie replaces one portal’s assignments and keeps the others', () => {
    const existing = `ew_exp=${cookie}`;
    const set = experimentCookieFor(existing, 'RNA', [a(LOADER, 3)]);
    expect(set).toMatch(/^ew_exp=[^;]+; Path=\/; SameSite=Lax$/);
    const written = set.split(';')[0]!;
    expect(readExperimentAssignments(written, 'RNA')).toEqual([a(LOADER, 3)]);
    expect(readExperimentAssignments(written, 'LBD')).toEqual([a(SELL, 5)]);
  });
});

describe('§1 variations: 1 or 2 is control, 3 or higher a test variant', () => {
  it.each([
    [1, true, false],
    [2, true, false],
    [3, false, true],
    [8, false, true],
    [null, false, false],
  ])('variation %s: control %s, test %s', (v, control, test) => {
    expect(isControlVariation(v)).toBe(control);
    expect(isTestVariation(v)).toBe(test);
  });
});

describe('§2 disabletests and runtest', () => {
  const own = [a(SELL, 4), a(CANCEL, 2)];

  it.each([
    ['guid:3', `${SELL}:3`, a(SELL, 3)],
    ['guid=5', `${SELL}=5`, a(SELL, 5)],
    ['upper-case guid', `${SELL.toUpperCase()}:4`, a(SELL, 4)],
    ['no variation', SELL, null],
    ['variation 0', `${SELL}:0`, null],
    ['not a guid', 'abc:3', null],
    ['empty', '', null],
  ])('runtest %s', (_name, value, expected) => {
    expect(parseRunTest(value)).toEqual(expected);
  });

  it('formatRunTest writes what parseRunTest reads', () => {
    expect(parseRunTest(formatRunTest(a(SELL, 6)))).toEqual(a(SELL, 6));
  });

  it('without overrides the cookie assignments stand', () => {
    expect(effectiveAssignments(own)).toEqual(own);
  });
  it('disabletests turns every test off', () => {
    expect(effectiveAssignments(own, { disableTests: true })).toEqual([]);
  });
  it('disabletests wins over runtest', () => {
    expect(effectiveAssignments(own, { disableTests: true, runTest: a(SELL, 5) })).toEqual([]);
  });
  it('runtest replaces the visitor’s variation in that experiment', () => {
    const result = effectiveAssignments(own, { runTest: a(SELL, 7) });
    expect(variationOf(result, SELL)).toBe(7);
    expect(variationOf(result, CANCEL)).toBe(2);
  });
  it('runtest can force an experiment the visitor was not in', () => {
    expect(variationOf(effectiveAssignments(own, { runTest: a(LOADER, 3) }), LOADER)).toBe(3);
  });
});

describe('§3 experiment config entries', () => {
  const sellLayout: ExperimentConfigEntry = {
    configKey: 'sellPageLayout',
    experimentConfiguration: [3, 4, 5, 6, 7].map((v) => a(SELL, v)),
  };
  const testimonialLoader: ExperimentConfigEntry = {
    configKey: 'testimonialLoader',
    experimentConfiguration: [a(LOADER, 3), a(LOADER, 4)],
    featureBasedExperimentConfiguration: [
      { ExperimentGUID: LOADER, Variants: [3, 4], Devices: ['Desktop', 'Tablet'], UserTypes: ['All'] },
    ],
  };
  const reminder: ExperimentConfigEntry = {
    configKey: 'cancellationReminder',
    experimentConfiguration: [a(CANCEL, 4)],
    featureBasedExperimentConfiguration: [
      { ExperimentGUID: CANCEL, Variants: [4], Devices: ['Desktop', 'Mobile'], UserTypes: ['ACTV'] },
    ],
  };
  const buttonOrder: ExperimentConfigEntry = {
    configKey: 'mobileCancelButtonOrder',
    experimentConfiguration: [a(BUTTONS, 3)],
    disallowedExperimentConfiguration: [a(SCARCITY, 3)],
  };
  const desktopNew = { device: 'Desktop' as const, userType: 'NEW' };

  const cases: {
    name: string;
    entry: ExperimentConfigEntry;
    assignments: ExperimentAssignment[];
    who?: { device: 'Desktop' | 'Tablet' | 'Mobile' | null; userType: string | null };
    active: boolean;
    reason: string;
    variation: number | null;
  }[] = [
    {
      name: 'in a configured variation',
      entry: sellLayout,
      assignments: [a(SELL, 5)],
      active: true,
      reason: 'matched',
      variation: 5,
    },
    {
      name: 'in control (1)',
      entry: sellLayout,
      assignments: [a(SELL, 1)],
      active: false,
      reason: 'otherVariation',
      variation: 1,
    },
    {
      name: 'in control (2)',
      entry: sellLayout,
      assignments: [a(SELL, 2)],
      active: false,
      reason: 'otherVariation',
      variation: 2,
    },
    {
      name: 'in a variation beyond the list',
      entry: sellLayout,
      assignments: [a(SELL, 8)],
      active: false,
      reason: 'otherVariation',
      variation: 8,
    },
    {
      name: 'not in the experiment',
      entry: sellLayout,
      assignments: [a(CANCEL, 4)],
      active: false,
      reason: 'notAssigned',
      variation: null,
    },
    {
      name: 'no assignments at all',
      entry: sellLayout,
      assignments: [],
      active: false,
      reason: 'notAssigned',
      variation: null,
    },
    {
      name: 'testimonial loader, desktop, variant 4',
      entry: testimonialLoader,
      assignments: [a(LOADER, 4)],
      active: true,
      reason: 'matched',
      variation: 4,
    },
    {
      name: 'testimonial loader, mobile (non-mobile only)',
      entry: testimonialLoader,
      assignments: [a(LOADER, 3)],
      who: { device: 'Mobile', userType: 'NEW' },
      active: false,
      reason: 'featureBasedMismatch',
      variation: 3,
    },
    {
      name: 'testimonial loader, unknown device',
      entry: testimonialLoader,
      assignments: [a(LOADER, 3)],
      who: { device: null, userType: 'NEW' },
      active: false,
      reason: 'featureBasedMismatch',
      variation: 3,
    },
    {
      name: 'reminder, active user in variation 4',
      entry: reminder,
      assignments: [a(CANCEL, 4)],
      who: { device: 'Mobile', userType: 'ACTV' },
      active: true,
      reason: 'matched',
      variation: 4,
    },
    {
      name: 'reminder, user type by name',
      entry: reminder,
      assignments: [a(CANCEL, 4)],
      who: { device: 'Desktop', userType: 'Active' },
      active: true,
      reason: 'matched',
      variation: 4,
    },
    {
      name: 'reminder, new user',
      entry: reminder,
      assignments: [a(CANCEL, 4)],
      who: { device: 'Desktop', userType: 'NEW' },
      active: false,
      reason: 'featureBasedMismatch',
      variation: 4,
    },
    {
      name: 'reminder, tablet',
      entry: reminder,
      assignments: [a(CANCEL, 4)],
      who: { device: 'Tablet', userType: 'ACTV' },
      active: false,
      reason: 'featureBasedMismatch',
      variation: 4,
    },
    {
      name: 'button order, no disallowed test',
      entry: buttonOrder,
      assignments: [a(BUTTONS, 3), a(SCARCITY, 2)],
      active: true,
      reason: 'matched',
      variation: 3,
    },
    {
      name: 'button order, in the disallowed scarcity variant',
      entry: buttonOrder,
      assignments: [a(BUTTONS, 3), a(SCARCITY, 3)],
      active: false,
      reason: 'disallowed',
      variation: 3,
    },
  ];

  it.each(cases)('$name', ({ entry, assignments, who, active, reason, variation }) => {
    const decision = decideExperiment(entry, assignments, who ?? desktopNew);
    expect(decision).toMatchObject({ configKey: entry.configKey, active, reason, variation });
  });

  it('a feature-based entry lists variants: a configured variation it does not list is off', () => {
    const entry: ExperimentConfigEntry = {
      configKey: 'k',
      experimentConfiguration: [a(LOADER, 3), a(LOADER, 5)],
      featureBasedExperimentConfiguration: [
        { ExperimentGUID: LOADER, Variants: [3], Devices: ['All'], UserTypes: ['All'] },
      ],
    };
    expect(decideExperiment(entry, [a(LOADER, 3)], desktopNew).active).toBe(true);
    expect(decideExperiment(entry, [a(LOADER, 5)], desktopNew)).toMatchObject({
      active: false,
      reason: 'featureBasedMismatch',
    });
  });

  it('feature-based entries of other experiments do not restrict the matched one', () => {
    const entry: ExperimentConfigEntry = {
      configKey: 'k',
      experimentConfiguration: [a(SELL, 3)],
      featureBasedExperimentConfiguration: [
        { ExperimentGUID: LOADER, Variants: [9], Devices: ['Mobile'], UserTypes: ['SUSP'] },
      ],
    };
    expect(decideExperiment(entry, [a(SELL, 3)], desktopNew).active).toBe(true);
  });

  it('disabletests makes every entry inactive', () => {
    const decisions = decideExperiments(
      [sellLayout, reminder],
      effectiveAssignments([a(SELL, 4), a(CANCEL, 4)], { disableTests: true }),
      {
        device: 'Desktop',
        userType: 'ACTV',
      },
    );
    expect(decisions.sellPageLayout?.active).toBe(false);
    expect(decisions.cancellationReminder?.active).toBe(false);
  });

  it('runtest activates an entry for a visitor in control', () => {
    const assignments = effectiveAssignments([a(SELL, 1)], { runTest: a(SELL, 6) });
    expect(decideExperiment(sellLayout, assignments, desktopNew)).toMatchObject({ active: true, variation: 6 });
  });
});

describe('§2 checkout migration', () => {
  const entries: ExperimentConfigEntry[] = [
    { configKey: 'sellPageLayout', experimentConfiguration: [a(SELL, 3)] },
    { configKey: 'checkoutMigration', experimentConfiguration: MIGRATION.map((g) => a(g, 3)) },
  ];
  const guids = checkoutMigrationExperiments(entries);

  it('the four named experiments come from the checkoutMigration entry', () => {
    expect(guids).toEqual(MIGRATION);
    expect(checkoutMigrationExperiments([])).toEqual([]);
  });

  it.each([
    { name: 'config setting matches', setting: true, assignments: [], migrated: true },
    { name: 'nothing', setting: false, assignments: [], migrated: false },
    ...MIGRATION.map((g, i) => ({
      name: `migration experiment ${i + 1} in variation 3`,
      setting: false,
      assignments: [a(g, 3)],
      migrated: true,
    })),
    {
      name: 'a migration experiment in variation 2',
      setting: false,
      assignments: [a(MIGRATION[0]!, 2)],
      migrated: false,
    },
    {
      name: 'a migration experiment in variation 4',
      setting: false,
      assignments: [a(MIGRATION[1]!, 4)],
      migrated: false,
    },
    { name: 'another experiment in variation 3', setting: false, assignments: [a(SELL, 3)], migrated: false },
  ])('$name → migrated $migrated', ({ setting, assignments, migrated }) => {
    expect(isCheckoutMigrated({ configSettingMatches: setting, assignments, migrationExperimentGUIDs: guids })).toBe(
      migrated,
    );
  });
});

describe('§3 feature flags and §2 test_ff', () => {
  const flags = [
    { FeatureCD: 'CHAT', IsActive: true },
    { FeatureCD: 'UPI', IsActive: true },
    { FeatureCD: 'ADSV', IsActive: false },
  ];

  it.each([
    [
      'name=value pairs',
      'ADSV=true,UPI=false',
      [
        { name: 'ADSV', active: true },
        { name: 'UPI', active: false },
      ],
    ],
    ['TRUE in any case activates', 'a=TRUE', [{ name: 'a', active: true }]],
    [
      'anything but true removes',
      'a=yes,b=1,c=',
      [
        { name: 'a', active: false },
        { name: 'b', active: false },
        { name: 'c', active: false },
      ],
    ],
    ['a name without a value removes', 'a', [{ name: 'a', active: false }]],
    [
      'spaces around parts are ignored',
      ' a = true , b=false ',
      [
        { name: 'a', active: true },
        { name: 'b', active: false },
      ],
    ],
    ['pairs without a usable name are skipped', '=true,,x y=true,ok=true', [{ name: 'ok', active: true }]],
    ['empty', '', []],
  ])('%s', (_name, value, expected) => {
    expect(parseTestFlagOverrides(value)).toEqual(expected);
  });

  it('formatTestFlagOverrides writes what parseTestFlagOverrides reads', () => {
    const overrides = [
      { name: 'A', active: true },
      { name: 'B', active: false },
    ];
    expect(parseTestFlagOverrides(formatTestFlagOverrides(overrides))).toEqual(overrides);
  });

  it('config flags: IsActive decides', () => {
    const active = activeFeatureFlags(flags);
    expect(isFeatureFlagActive(active, 'CHAT')).toBe(true);
    expect(isFeatureFlagActive(active, 'ADSV')).toBe(false);
    expect(isFeatureFlagActive(active, 'UNKNOWN')).toBe(false);
  });

  it.each([
    ['true activates an inactive flag', 'ADSV=true', 'ADSV', true],
    ['true adds a flag the config does not have', 'NEWFLAG=true', 'NEWFLAG', true],
    ['false removes an active flag', 'CHAT=false', 'CHAT', false],
    ['any other value removes an active flag', 'UPI=on', 'UPI', false],
    ['names match case-insensitively', 'chat=false', 'CHAT', false],
    ['the last pair for a flag wins', 'CHAT=false,CHAT=true', 'CHAT', true],
    ['untouched flags keep their config state', 'ADSV=true', 'UPI', true],
  ])('%s', (_name, testFf, code, expected) => {
    expect(isFeatureFlagActive(activeFeatureFlags(flags, parseTestFlagOverrides(testFf)), code)).toBe(expected);
  });
});
