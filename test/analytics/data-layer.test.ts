import { describe, expect, it } from 'vitest';
import { buildOrderDataLayerPayload, pushToDataLayer, type DataLayerHost } from '../../src/analytics/data-layer';

const input = {
  eventName: 'orderConfirmed',
  virtualUrl: '/payment/orderconfirmation',
  price: 23.95,
  productId: 1042,
  emailId: 'jane@example.com',
};

describe('order confirmation data layer (§7)', () => {
  it('has the config event name, category payment, action click and the order fields', () => {
    expect(buildOrderDataLayerPayload(input)).toEqual({
      event: 'orderConfirmed',
      category: 'payment',
      action: 'click',
      virtualurl: '/payment/orderconfirmation',
      price: 23.95,
      productID: '1042',
      emailid: 'jane@example.com',
    });
  });

  it('adds Zipcode, TransactionID, email and currencyCD only when known', () => {
    expect(
      buildOrderDataLayerPayload({
        ...input,
        zipCode: ' 60601 ',
        transactionId: 9001,
        email: 'jane@example.com',
        currencyCode: 'usd',
      }),
    ).toMatchObject({
      Zipcode: '60601',
      TransactionID: '9001',
      email: 'jane@example.com',
      currencyCD: 'USD',
    });
    const bare = buildOrderDataLayerPayload({
      ...input,
      zipCode: '  ',
      transactionId: null,
      email: undefined,
      currencyCode: '',
    });
    expect(Object.keys(bare!)).toEqual(['event', 'category', 'action', 'virtualurl', 'price', 'productID', 'emailid']);
  });

  it('rounds the price to cents', () => {
    expect(buildOrderDataLayerPayload({ ...input, price: 0.1 + 0.2 })!.price).toBe(0.3);
  });

  it('builds nothing without an event name or with a price that is not a number', () => {
    expect(buildOrderDataLayerPayload({ ...input, eventName: ' ' })).toBeNull();
    expect(buildOrderDataLayerPayload({ ...input, price: Number.NaN })).toBeNull();
  });

  it('pushes onto window.dataLayer, creating it if needed, and keeps what is there', () => {
    const host: DataLayerHost = {};
    pushToDataLayer(host, { event: 'a' });
    expect(host.dataLayer).toEqual([{ event: 'a' }]);
    pushToDataLayer(host, { event: 'b' });
    expect(host.dataLayer).toEqual([{ event: 'a' }, { event: 'b' }]);
  });
});
