import { describe, expect, it } from 'vitest';
import { classifyDestination, createNavigation } from '../../src/app/navigation';

const ORIGIN = 'https://app.example';

function fakeLocation() {
  const moves: string[] = [];
  return { origin: ORIGIN, moves, assign: (url: string | URL) => void moves.push(`assign ${url}`), replace: (url: string | URL) => void moves.push(`replace ${url}`) };
}

function fakeRouter() {
  const moves: string[] = [];
  return { moves, navigate: async (o: { href: string; replace?: boolean }) => void moves.push(`${o.replace ? 'replace' : 'push'} ${o.href}`) };
}

describe('navigation', () => {
  it('tells the app’s own paths from everything else', () => {
    expect(classifyDestination('/payment/checkout?skuid=2', '/payment', ORIGIN)).toEqual({ inApp: true, href: '/payment/checkout?skuid=2' });
    expect(classifyDestination(`${ORIGIN}/payment/orderconfirmation?orderid=1#x`, '/payment', ORIGIN)).toEqual({ inApp: true, href: '/payment/orderconfirmation?orderid=1#x' });
    expect(classifyDestination('/dashboard?next=%2Fpayment', '/payment', ORIGIN)).toEqual({ inApp: false, url: '/dashboard?next=%2Fpayment' });
    expect(classifyDestination('/paymentx/checkout', '/payment', ORIGIN)).toEqual({ inApp: false, url: '/paymentx/checkout' });
    expect(classifyDestination('https://pay.example/approve?t=1', '/payment', ORIGIN)).toEqual({ inApp: false, url: 'https://pay.example/approve?t=1' });
  });

  it('moves inside the app through the router and elsewhere as a new document', () => {
    const location = fakeLocation();
    const router = fakeRouter();
    const navigation = createNavigation('/payment', location);
    navigation.attach(router);
    navigation.go('/payment/checkout?skuid=2');
    navigation.go('/payment/pricing', { replace: true });
    navigation.go('/dashboard');
    navigation.go('https://pay.example/x', { replace: true });
    expect(router.moves).toEqual(['push /payment/checkout?skuid=2', 'replace /payment/pricing']);
    expect(location.moves).toEqual(['assign /dashboard', 'replace https://pay.example/x']);
  });

  it('a move decided before the router exists is carried out when it is attached', () => {
    const router = fakeRouter();
    const navigation = createNavigation('/payment', fakeLocation());
    navigation.go('/payment/mysettings', { replace: true });
    expect(router.moves).toEqual([]);
    navigation.attach(router);
    expect(router.moves).toEqual(['replace /payment/mysettings']);
  });
});
