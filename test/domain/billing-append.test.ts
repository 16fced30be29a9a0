import { describe, expect, it } from 'vitest';
import {
  BILLING_APPEND_PARAMS,
  appendBillingParams,
  billingAppendValues,
  featureHasFrom,
} from '../../src/domain/billing-append';

/** The parameters of a URL, decoded, in order. */
const paramsOf = (url: string) => [...new URL(url, 'https://app.example').searchParams];

describe('§2 billing-append helper', () => {
  it('copies exactly the listed parameters, in the listed order', () => {
    const source = new URLSearchParams(BILLING_APPEND_PARAMS.map((name) => [name, `v-${name}`]));
    source.set('utm_source', 'mail');
    source.set('flow', 'save');
    const result = appendBillingParams('/billing', source);
    expect(paramsOf(result)).toEqual(BILLING_APPEND_PARAMS.map((name) => [name, `v-${name}`]));
  });

  it('copies from when feature is absent', () => {
    expect(appendBillingParams('/billing', '?from=interviewblog')).toBe('/billing?from=interviewblog');
  });

  it.each([
    ['feature without a from', 'cvcheck', true],
    ['feature with its own from', 'cvcheck?from=dashboard', false],
    ['feature with its own from, not first', 'cvcheck?x=1&from=dashboard', false],
    ['a word containing "from" is not a from parameter', 'fromscratch', true],
  ])('%s → from copied: %s', (_name, feature, copied) => {
    const result = appendBillingParams('/billing', new URLSearchParams({ feature, from: 'sellpage' }));
    expect(paramsOf(result).some(([k]) => k === 'from')).toBe(copied);
    expect(new URL(result, 'https://app.example').searchParams.get('feature')).toBe(feature);
  });

  it('URL-encodes targ and returnurl, which are URLs themselves', () => {
    const targ = 'https://builder.example/edit?doc=1&mode=edit';
    const returnurl = '/payment/orderconfirmation?flow=save#top';
    const result = appendBillingParams('/billing', new URLSearchParams({ targ, returnurl }));
    expect(result).toBe(`/billing?targ=${encodeURIComponent(targ)}&returnurl=${encodeURIComponent(returnurl)}`);
    expect(result).not.toContain('&mode=edit');
    const params = new URL(result, 'https://app.example').searchParams;
    expect(params.get('targ')).toBe(targ);
    expect(params.get('returnurl')).toBe(returnurl);
  });

  it('a value cannot smuggle in another parameter', () => {
    const result = appendBillingParams('/billing', { doctype: 'RSME&orderid=999' });
    expect(paramsOf(result)).toEqual([['doctype', 'RSME&orderid=999']]);
  });

  it('keeps a base64 mailto intact (its + and = survive)', () => {
    const result = appendBillingParams('/billing', { mailto: 'eH5+QGV4YW1wbGUuY29t==' });
    expect(new URL(result, 'https://app.example').searchParams.get('mailto')).toBe('eH5+QGV4YW1wbGUuY29t==');
  });

  it('appends to an existing query and keeps the fragment last', () => {
    expect(appendBillingParams('https://pay.example/checkout?sku=5#plans', { orderid: '42' })).toBe(
      'https://pay.example/checkout?sku=5&orderid=42#plans',
    );
    expect(appendBillingParams('/checkout?', { orderid: '42' })).toBe('/checkout?orderid=42');
  });

  it('leaves a parameter the target already has as the target has it', () => {
    expect(appendBillingParams('/checkout?from=sellpage', { from: 'interviewblog', orderid: '1' })).toBe(
      '/checkout?from=sellpage&orderid=1',
    );
  });

  it('returns the URL untouched when there is nothing to copy', () => {
    expect(appendBillingParams('/checkout#x', '?utm=1&orderid=&subid=%20')).toBe('/checkout#x');
  });

  it('reads names case-insensitively and takes the first value', () => {
    expect(billingAppendValues('?OrderID=7&orderid=8&Referrer_ID=r')).toEqual({ orderid: '7', referrer_id: 'r' });
  });

  it('featureHasFrom', () => {
    expect(featureHasFrom(undefined)).toBe(false);
    expect(featureHasFrom('FROM=x')).toBe(true);
  });
});
