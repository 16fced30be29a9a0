import { describe, expect, it } from 'vitest';
import { classifyDestination, createNavigation } from '../../src/app/navigation';
import { hrefOf, hrefOfDestination, isRouteTarget } from '../../src/routing/route-target';

const ORIGIN = 'https://app.example';

function fakeLocation(search = '') {
  const moves: string[] = [];
  return {
    origin: ORIGIN,
    search,
    moves,
    assign: (url: string | URL) => void moves.push(`assign ${url}`),
    replace: (url: string | URL) => void moves.push(`replace ${url}`),
  };
}

function fakeRouter() {
  const moves: string[] = [];
  return {
    moves,
    navigate: async (o: { href: string; replace?: boolean }) =>
      void moves.push(`${o.replace ? 'replace' : 'push'} ${o.href}`),
  };
}

describe('navigation', () => {
  it('tells the app’s own paths from everything else', () => {
    expect(classifyDestination('/payment/checkout?skuid=2', '/payment', ORIGIN)).toEqual({
      inApp: true,
      href: '/payment/checkout?skuid=2',
    });
    expect(classifyDestination(`${ORIGIN}/payment/orderconfirmation?orderid=1#x`, '/payment', ORIGIN)).toEqual({
      inApp: true,
      href: '/payment/orderconfirmation?orderid=1#x',
    });
    expect(classifyDestination('/dashboard?next=%2Fpayment', '/payment', ORIGIN)).toEqual({
      inApp: false,
      url: '/dashboard?next=%2Fpayment',
    });
    expect(classifyDestination('/paymentx/checkout', '/payment', ORIGIN)).toEqual({
      inApp: false,
      url: '/paymentx/checkout',
    });
    expect(classifyDestination('https://pay.example/approve?t=1', '/payment', ORIGIN)).toEqual({
      inApp: false,
      url: 'https://pay.example/approve?t=1',
    });
  });

  it('moves inside the app through the router and elsewhere as a new document', () => {
    const location = fakeLocation();
    const router = fakeRouter();
    const navigation = createNavigation('/payment', location);
    navigation.attach(router);
    navigation.go({ to: '/checkout', search: { skuid: 2 } });
    navigation.go({ to: '/pricing' }, { replace: true });
    navigation.go({ href: '/payment/orderconfirmation?orderid=1' });
    navigation.go({ href: '/dashboard' });
    navigation.go({ href: 'https://pay.example/x' }, { replace: true });
    expect(router.moves).toEqual([
      'push /payment/checkout?skuid=2',
      'replace /payment/pricing',
      'push /payment/orderconfirmation?orderid=1',
    ]);
    expect(location.moves).toEqual(['assign /dashboard', 'replace https://pay.example/x']);
  });

  it('a move decided before the router exists is carried out when it is attached', () => {
    const router = fakeRouter();
    const navigation = createNavigation('/payment', fakeLocation());
    navigation.go({ to: '/mysettings' }, { replace: true });
    expect(router.moves).toEqual([]);
    navigation.attach(router);
    expect(router.moves).toEqual(['replace /payment/mysettings']);
  });

  it('keeps the address bar’s query as it is when a target asks for it (search: true)', () => {
    const router = fakeRouter();
    const navigation = createNavigation('/payment', fakeLocation('?orderid=5&runtest=a1b2:3&note=a%20b'));
    navigation.attach(router);
    navigation.go({ to: '/upsell/calm', search: true }, { replace: true });
    expect(router.moves).toEqual(['replace /payment/upsell/calm?orderid=5&runtest=a1b2:3&note=a%20b']);
  });
});

describe('route targets', () => {
  it('spell the addresses the app has always used', () => {
    expect(hrefOf({ to: '/timeout' })).toBe('/payment/timeout');
    expect(hrefOf({ to: '/secure/mobile/checkout', search: { skuid: 103 } })).toBe(
      '/payment/secure/mobile/checkout?skuid=103',
    );
    // Empty and absent values are left out, the rest keep their order and are encoded as a component.
    expect(
      hrefOf({ to: '/orderconfirmation', search: { orderid: '42', flow: '', skuid: undefined, note: 'a&b c' } }),
    ).toBe('/payment/orderconfirmation?orderid=42&note=a%26b%20c');
    expect(hrefOf({ to: '/transactions', search: new URLSearchParams({ from: '2026-01-01', type: 'SALE' }) })).toBe(
      '/payment/transactions?from=2026-01-01&type=SALE',
    );
    expect(hrefOf({ to: '/transactions/$transactionid/detail', params: { transactionid: '700123' } })).toBe(
      '/payment/transactions/700123/detail',
    );
    expect(hrefOf({ to: '/pricing', search: true }, '?skuid=2')).toBe('/payment/pricing?skuid=2');
    expect(hrefOf({ to: '/pricing', search: true }, '')).toBe('/payment/pricing');
  });

  it('are checked against the route table when the app compiles', () => {
    // @ts-expect-error an address with its base is not a route path: a path is below the base
    expect(hrefOf({ to: '/payment/timeout' })).toBeTypeOf('string');
    // @ts-expect-error a path the route table does not have
    expect(hrefOf({ to: '/nowhere' })).toBeTypeOf('string');
    // @ts-expect-error a path with a parameter needs it
    expect(hrefOf({ to: '/transactions/$transactionid/detail' })).toBeTypeOf('string');
  });

  it('tell a page of the app from an address the server handed over', () => {
    expect(isRouteTarget({ to: '/mysettings' })).toBe(true);
    expect(isRouteTarget({ href: '/dashboard' })).toBe(false);
    expect(hrefOfDestination({ href: 'https://pay.example/approve?t=1' })).toBe('https://pay.example/approve?t=1');
  });
});
