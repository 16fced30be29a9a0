import { describe, expect, it } from 'vitest';
import { chosenTheme } from '../../src/domain/themes';

describe('which white-label theme a visitor sees', () => {
  it.each([
    [{ testerTheme: null, portalCode: 'WLB' }, 'wlb'],
    [{ testerTheme: null, portalCode: ' mpr ' }, 'mpr'],
    [{ testerTheme: null, portalCode: 'RNUS' }, 'default'],
    [{ testerTheme: null, portalCode: undefined }, 'default'],
    // A tester's pick wins over the portal's theme, also to go back to the default look.
    [{ testerTheme: 'mpr', portalCode: 'WLB' }, 'mpr'],
    [{ testerTheme: 'default', portalCode: 'WLB' }, 'default'],
    // A stored value that is no theme is ignored.
    [{ testerTheme: 'neon', portalCode: 'MPR' }, 'mpr'],
  ] as const)('%o → %s', (from, theme) => {
    expect(chosenTheme(from)).toBe(theme);
  });
});
