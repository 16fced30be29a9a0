import { describe, expect, it } from 'vitest';
import { buildCookie, expireCookie, readCookie, safeDecode } from '../../src/domain/cookies';

describe('cookie strings', () => {
  it.each([
    ['a=1; b=2', 'b', '2'],
    ['a=1;b=2', 'a', '1'],
    ['xa=1; a=2', 'a', '2'],
    ['a=x=y', 'a', 'x=y'],
    ['a=1; a=2', 'a', '1'],
    ['a=1', 'b', null],
    ['', 'a', null],
    ['flag; a=1', 'a', '1'],
  ])('readCookie(%j, %s) → %s', (header, name, expected) => {
    expect(readCookie(header, name)).toBe(expected);
  });

  it('buildCookie encodes the value and adds path and SameSite', () => {
    expect(buildCookie('n', 'a b;c')).toBe('n=a%20b%3Bc; Path=/; SameSite=Lax');
  });
  it('buildCookie adds Max-Age, Domain and Secure when asked; SameSite=None is always Secure', () => {
    expect(buildCookie('n', 'v', { maxAgeSeconds: 86400.7, domain: 'example.com', secure: true })).toBe(
      'n=v; Path=/; Max-Age=86400; Domain=example.com; SameSite=Lax; Secure',
    );
    expect(buildCookie('n', 'v', { sameSite: 'None' })).toBe('n=v; Path=/; SameSite=None; Secure');
  });
  it('buildCookie refuses a name that would break the header', () => {
    expect(() => buildCookie('a=b', 'v')).toThrow();
    expect(() => buildCookie('a;b', 'v')).toThrow();
  });
  it('expireCookie sets Max-Age=0', () => {
    expect(expireCookie('n')).toBe('n=; Path=/; Max-Age=0; SameSite=Lax');
  });
  it('safeDecode answers null on a malformed escape', () => {
    expect(safeDecode('%E0%A4%A')).toBeNull();
    expect(safeDecode('a%20b')).toBe('a b');
  });
});
