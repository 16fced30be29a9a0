import { describe, expect, it } from 'vitest';
import { asksForTesterPanel, showsTesterPanel } from '../../src/domain/tester-panel-visibility';

describe('who sees the tester panel', () => {
  it.each([
    // demoMode, askedByQuery, shown
    [false, false, false],
    [false, true, true],
    [true, false, true],
    [true, true, true],
  ] as const)('demo mode %s, asked by the query %s: shown %s', (demoMode, askedByQuery, shown) => {
    expect(showsTesterPanel({ demoMode, askedByQuery })).toBe(shown);
  });

  it('a shopper on a production server (no demo mode, nothing asked) never sees it', () => {
    expect(showsTesterPanel({ demoMode: false, askedByQuery: asksForTesterPanel('?skuid=12&flow=abc') })).toBe(false);
  });
});

describe('the address asks for the tester panel', () => {
  it.each([
    ['?force_show_tp_widget=true', true],
    ['?force_show_tp_widget=TRUE', true],
    ['?force_show_tp_widget=1', true],
    ['force_show_tp_widget=true', true],
    ['?wlbdemo', true],
    ['?wlbdemo=', true],
    ['?WLBDEMO', true],
    ['?wlbdemo=true', true],
    ['?wlbdemo=1', true],
  ])('%s asks for it', (search, asked) => {
    expect(asksForTesterPanel(search)).toBe(asked);
  });

  it.each([
    '',
    '?',
    '?force_show_tp_widget=false',
    '?force_show_tp_widget=0',
    '?force_show_tp_widget=',
    '?force_show_tp_widget=yes',
    '?wlbdemo=false',
    '?wlbdemo=0',
    '?skuid=12',
  ])('%s does not', (search) => {
    expect(asksForTesterPanel(search)).toBe(false);
  });
});
