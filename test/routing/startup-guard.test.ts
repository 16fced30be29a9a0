import { describe, expect, it } from 'vitest';
import type { AccessClaims } from '../../machines/startup-access.rules';
import { STARTUP_POLICY } from '../../src/routing/route-table';
import { routeDecision, type SettledStartup } from '../../src/routing/startup-guard';

const user: AccessClaims = {
  UserUID: '5eed0000-0000-4000-8000-000000000003',
  Role: 'user',
  EmailAddress: 'ava@example.com',
  FirstName: 'Ava',
  LastName: 'Martinez',
  AccDisplayName: null,
};
const guest: AccessClaims = {
  UserUID: '00000000-0000-0000-0000-000000000000',
  Role: 'guest',
  EmailAddress: '',
  FirstName: '',
  LastName: '',
  AccDisplayName: null,
};

const settled = (
  claims: AccessClaims | null,
  pageCode: string,
  destination: SettledStartup['destination'] = null,
): SettledStartup => ({
  destination,
  decided: { claims, policy: STARTUP_POLICY, request: { pageCode, device: 'Desktop', source: null, subRole: null } },
});
const DASHBOARD = '/dashboard';
const pricing = { id: 'pricing', pageCode: 'PricingPage' } as const;
const checkout = { id: 'checkout', pageCode: 'CheckoutPage' } as const;

describe('where start-up lets the person be', () => {
  it('a settled visitor on a page open to them sees it', () => {
    expect(routeDecision(settled(user, 'PricingPage'), pricing, DASHBOARD)).toEqual({ kind: 'show' });
    expect(routeDecision(settled(guest, 'PricingPage'), pricing, DASHBOARD)).toEqual({ kind: 'show' });
  });

  it('the page start-up was asked for leads to its destination, inside the app or out of it', () => {
    expect(routeDecision(settled(user, 'PricingPage', 'employerSurvey'), pricing, DASHBOARD)).toEqual({
      kind: 'redirect',
      to: { to: '/employer-survey' },
      inApp: true,
    });
    expect(routeDecision(settled(null, 'PricingPage', 'resumePage'), pricing, DASHBOARD)).toEqual({
      kind: 'redirect',
      to: { href: DASHBOARD },
      inApp: false,
    });
  });

  it('the destination page itself shows, so a redirect never loops', () => {
    expect(routeDecision(settled(null, 'Others', 'timeout'), { id: 'timeout', pageCode: 'Others' }, DASHBOARD)).toEqual(
      { kind: 'show' },
    );
    expect(
      routeDecision(
        settled(user, 'PricingPage', 'employerSurvey'),
        { id: 'employerSurvey', pageCode: 'Others' },
        DASHBOARD,
      ),
    ).toEqual({ kind: 'show' });
    expect(
      routeDecision(
        settled(user, 'CancellationRequest', 'mySettings'),
        { id: 'mySettings', pageCode: 'MYSET' },
        DASHBOARD,
      ),
    ).toEqual({ kind: 'show' });
  });

  it('later pages follow the access rules start-up settled', () => {
    // An employer sent to the survey may still open checkout later, as any signed-in person.
    expect(routeDecision(settled(user, 'PricingPage', 'employerSurvey'), checkout, DASHBOARD)).toEqual({
      kind: 'show',
    });
    expect(routeDecision(settled(guest, 'PricingPage'), checkout, DASHBOARD)).toEqual({
      kind: 'redirect',
      to: { to: '/timeout' },
      inApp: true,
    });
    expect(
      routeDecision(
        settled(user, 'PricingPage'),
        { id: 'cancellationRequest', pageCode: 'CancellationRequest' },
        DASHBOARD,
      ),
    ).toEqual({
      kind: 'redirect',
      to: { to: '/mysettings' },
      inApp: true,
    });
  });
});
