import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { readPdf } from '../support/pdf-text';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

interface Item {
  transaction_id: number;
  transaction_type: 'SALE' | 'RFND';
  sub_type: string | null;
  price: number;
  formatted_price: string;
  created_at: string;
  [key: string]: unknown;
}

/**
 * active-us's seeded history: the full-access trial 124 days ago, monthly sales 110, 80, 50
 * and 20 days ago, and 48 days ago a refund of one month with an administration fee.
 */
describe.each(targets)('billing history (%s)', (target) => {
  let api: TestApi;
  let cookie: string;
  const uid = PERSONA_UID['active-us'];
  const base = `/api/payments/${uid}/transactions`;
  let all: Item[];

  beforeAll(async () => {
    api = await startTestApi(target);
    cookie = await api.signIn('active-us');
    all = (await api.get(base, cookie)).body.items;
  });
  afterAll(() => api?.close());

  const list = async (query: string) => {
    const response = await api.get(`${base}?${query}`, cookie);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as { total: number; skip: number; top: number; items: Item[] };
  };

  it('lists every transaction newest first, with sales, one refund and an admin fee', async () => {
    const page = await list('');
    expect(page).toMatchObject({ total: 7, skip: 0, top: 20 });
    expect(page.items).toHaveLength(7);
    const times = page.items.map((t) => Date.parse(t.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.items.map((t) => t.transaction_type).sort()).toEqual([
      'RFND',
      'SALE',
      'SALE',
      'SALE',
      'SALE',
      'SALE',
      'SALE',
    ]);

    const refund = page.items.find((t) => t.transaction_type === 'RFND')!;
    expect(refund).toMatchObject({
      sub_type: null,
      price: 23.95,
      formatted_price: '-$23.95',
      payment_items: [{ item_subtype_cd: 'REFUND', descriptor: 'Refund: Monthly Access' }],
      card_type: 'MASTERCARD',
      last_four_digits: '5454',
    });
    const fee = page.items.find((t) => t.sub_type === 'ADFE')!;
    expect(fee).toMatchObject({
      transaction_type: 'SALE',
      price: 4.95,
      formatted_price: '$4.95',
      payment_items: [{ item_subtype_cd: 'ADFE', descriptor: 'Administration fee' }],
      service_start_date: null,
      service_end_date: null,
    });
    const trial = page.items.at(-1)!;
    expect(trial).toMatchObject({
      transaction_type: 'SALE',
      price: 2.95,
      sku_detail: {
        label: '14-Day Full Access',
        type_cd: 'SUBS',
        product_id: 'RSMBLD',
        trial_days: 14,
        trial_amount: 2.95,
      },
    });
    // A trial covers 14 days, a month 30.
    expect(Date.parse(trial.service_end_date as string) - Date.parse(trial.service_start_date as string)).toBe(
      14 * DAY,
    );
    const monthly = page.items[0]!;
    expect(monthly).toMatchObject({
      price: 23.95,
      sku_detail: expect.objectContaining({ label: 'Monthly Access', trial_days: 0 }),
    });
    expect(Date.parse(monthly.service_end_date as string) - Date.parse(monthly.service_start_date as string)).toBe(
      30 * DAY,
    );
  });

  it('pages with skip and top, and the pages add up to the whole list', async () => {
    const first = await list('top=3');
    const second = await list('skip=3&top=3');
    const third = await list('skip=6&top=3');
    expect([first, second, third].map((p) => [p.total, p.skip, p.top, p.items.length])).toEqual([
      [7, 0, 3, 3],
      [7, 3, 3, 3],
      [7, 6, 3, 1],
    ]);
    expect([...first.items, ...second.items, ...third.items].map((t) => t.transaction_id)).toEqual(
      all.map((t) => t.transaction_id),
    );
    const beyond = await list('skip=7&top=3');
    expect(beyond).toMatchObject({ total: 7, items: [] });
  });

  it('filters by transaction type', async () => {
    const refunds = await list('transactionTypes=RFND');
    expect(refunds.total).toBe(1);
    expect(refunds.items.map((t) => t.transaction_type)).toEqual(['RFND']);
    const sales = await list('transactionTypes=SALE');
    expect(sales.total).toBe(6);
    expect(sales.items.every((t) => t.transaction_type === 'SALE')).toBe(true);
    expect((await list('transactionTypes=sale,%20rfnd')).total).toBe(7);
    // Filters and paging combine: total counts the filtered rows.
    const paged = await list('transactionTypes=SALE&skip=5&top=5');
    expect(paged).toMatchObject({ total: 6 });
    expect(paged.items.map((t) => t.transaction_id)).toEqual([all.at(-1)!.transaction_id]);
  });

  it('filters by startDate and endDate', async () => {
    const window = await list(
      `startDate=${encodeURIComponent(daysAgo(60))}&endDate=${encodeURIComponent(daysAgo(30))}`,
    );
    // The sale 50 days ago, and the refund and fee 48 days ago.
    expect(window.total).toBe(3);
    expect(window.items.map((t) => t.transaction_type).sort()).toEqual(['RFND', 'SALE', 'SALE']);
    expect(
      window.items.every(
        (t) => Date.parse(t.created_at) >= Date.now() - 60 * DAY && Date.parse(t.created_at) <= Date.now() - 30 * DAY,
      ),
    ).toBe(true);

    const old = await list(`endDate=${encodeURIComponent(daysAgo(100))}`);
    expect(old.items.map((t) => t.price)).toEqual([23.95, 2.95]);
    const recent = await list(`startDate=${encodeURIComponent(daysAgo(30))}`);
    expect(recent.items.map((t) => t.transaction_id)).toEqual([all[0]!.transaction_id]);
    // Dates alone work too: the whole of the end day counts.
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`startDate=${daysAgo(200).slice(0, 10)}&endDate=${today}`)).total).toBe(7);
  });

  it('rejects bad paging and filters with 400 naming the parameter', async () => {
    const cases: [string, string[]][] = [
      ['top=0', ['top']],
      ['top=101', ['top']],
      ['skip=-1', ['skip']],
      ['skip=two', ['skip']],
      ['transactionTypes=FOO', ['transactionTypes']],
      ['top=-5', ['top']],
      ['top=99999999999', ['top']],
      ['skip=100001', ['skip']],
      ['skip=99999999999999999999', ['skip']],
      ['skip=1.5', ['skip']],
      ['transactionTypes=SALE,CHARGEBACK', ['transactionTypes']],
      ['startDate=yesterday&endDate=2026-13-45', ['startDate', 'endDate']],
      ['startDate=2026-02-30', ['startDate']],
      ['endDate=2026-01-01T25:00:00Z', ['endDate']],
      // A reversed range: the start after the end, as dates or as instants.
      [`startDate=${daysAgo(10).slice(0, 10)}&endDate=${daysAgo(100).slice(0, 10)}`, ['startDate']],
      [`startDate=${encodeURIComponent(daysAgo(10))}&endDate=${encodeURIComponent(daysAgo(100))}`, ['startDate']],
    ];
    const before = await api.db.query(
      `select count(*)::int as n, md5(string_agg(t::text, ',' order by t.transaction_id)) as h from transactions t`,
    );
    for (const [query, fields] of cases) {
      const response = await api.get(`${base}?${query}`, cookie);
      expect(response.status, query).toBe(400);
      expect(response.body.error.code, query).toBe('VALIDATION_FAILED');
      expect(Object.keys(response.body.error.fields).sort(), query).toEqual(fields.sort());
    }
    expect(
      await api.db.query(
        `select count(*)::int as n, md5(string_agg(t::text, ',' order by t.transaction_id)) as h from transactions t`,
      ),
    ).toEqual(before);
    // The same day as start and end is one whole day, not a reversed range.
    const today = new Date().toISOString().slice(0, 10);
    expect((await api.get(`${base}?startDate=${today}&endDate=${today}`, cookie)).status).toBe(200);
  });

  it("another user's transaction is refused (403), an unknown one is not found (404)", async () => {
    const other = await api.signIn('active-de');
    const [theirs] = await api.db.query<{ transaction_id: string }>(
      'select transaction_id from transactions where user_uid = $1 limit 1',
      [PERSONA_UID['active-de']],
    );
    for (const path of [
      `${theirs!.transaction_id}/detail`,
      `payment/${theirs!.transaction_id}`,
      `transactions/${theirs!.transaction_id}/receipt`,
    ]) {
      const response = await api.get(`/api/payments/${uid}/${path}`, cookie);
      expect(response.status, path).toBe(403);
      expect(response.body.error.code).toBe('FORBIDDEN');
      // The owner reads it.
      expect(
        (await api.raw(`/api/payments/${PERSONA_UID['active-de']}/${path}`, { headers: { cookie: other } })).status,
        path,
      ).toBe(200);
    }
    expect((await api.get(`/api/payments/${uid}/transactions/999999999/receipt`, cookie)).status).toBe(404);
    expect((await api.get(`/api/payments/${uid}/transactions/abc/receipt`, cookie)).status).toBe(400);
  });

  const receiptOf = async (userUid: string, id: number, signedIn: string) => {
    const response = await api.raw(`/api/payments/${userUid}/transactions/${id}/receipt`, {
      headers: { cookie: signedIn },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${id}.pdf"`);
    return readPdf(new Uint8Array(await response.arrayBuffer()));
  };

  it('the receipt is a PDF of the stored transaction: the US seller, on Letter, with the refund and fee named in words', async () => {
    const refund = all.find((t) => t.transaction_type === 'RFND')!;
    const fee = all.find((t) => t.sub_type === 'ADFE')!;
    const [firstSale] = await api.db.query<{ id: string }>(
      `select min(transaction_id)::text as id from transactions where subscription_id = (select subscription_id from transactions where transaction_id = $1) and transaction_type = 'SALE'`,
      [refund.transaction_id],
    );
    const refundPdf = await receiptOf(uid, refund.transaction_id, cookie);
    expect(refundPdf.pageSizes).toEqual([[612, 792]]);
    expect(refundPdf.texts).toEqual(
      expect.arrayContaining([
        'Refund receipt',
        'ResumeNow, Inc.',
        'Refunded to',
        'Mastercard ending in 5454',
        'Total refunded',
        '-$23.95',
      ]),
    );
    // The order is the sale that bought the plan the refund belongs to.
    expect(refundPdf.texts).toEqual(
      expect.arrayContaining(['Order number', firstSale!.id, 'Transaction number', String(refund.transaction_id)]),
    );
    const feePdf = await receiptOf(uid, fee.transaction_id, cookie);
    expect(feePdf.texts).toEqual(expect.arrayContaining(['Payment receipt', 'Administration fee', '$4.95']));
    for (const pdf of [refundPdf, feePdf]) {
      expect(pdf.texts.join('\n')).not.toMatch(/VAT|\b(RSMBLD|SUBS|ADFE|CRCD|MASTERCARD)\b|Payment method code/);
    }
  });

  it("the receipt speaks the person's language: the German seller, A4, 19 % USt. and the euro sign, from the seller's configuration", async () => {
    const germanUid = PERSONA_UID['active-de'];
    const germanCookie = await api.signIn('active-de');
    const [latest] = (await api.get(`/api/payments/${germanUid}/transactions`, germanCookie)).body.items as Item[];
    const german = await receiptOf(germanUid, latest!.transaction_id, germanCookie);
    expect(german.pageSizes).toEqual([[595, 842]]);
    expect(german.texts).toEqual(
      expect.arrayContaining([
        'Zahlungsbeleg',
        'Lebenslauf Online GmbH',
        'Friedrichstraße 100',
        'Bezahlt mit',
        'Gesamtbetrag',
      ]),
    );
    expect(german.texts.find((text) => /^USt\. 19 %$/.test(text))).toBeDefined();
    expect(german.texts.filter((text) => /^\d+,\d{2} €$/.test(text)).length).toBeGreaterThanOrEqual(3);
    expect(german.texts).not.toContain('Payment receipt');
    expect(german.fonts.every((font) => font.embedded && !/Helvetica/.test(font.baseFont))).toBe(true);

    // The seller is configuration: a change to its row shows on the next receipt.
    await api.db.query(`update sellers set name = 'Karriere Werkstatt AG' where country_cd = 'DE'`);
    try {
      expect((await receiptOf(germanUid, latest!.transaction_id, germanCookie)).texts).toContain(
        'Karriere Werkstatt AG',
      );
    } finally {
      await api.db.query(`update sellers set name = 'Lebenslauf Online GmbH' where country_cd = 'DE'`);
    }
  });

  it('detail and payment endpoints agree with the list', async () => {
    const refund = all.find((t) => t.transaction_type === 'RFND')!;
    const detail = await api.get(`/api/payments/${uid}/${refund.transaction_id}/detail`, cookie);
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual(refund);

    const sale = all[0]!;
    const payment = await api.get(`/api/payments/${uid}/payment/${sale.transaction_id}`, cookie);
    expect(payment.status).toBe(200);
    expect(payment.body).toEqual({
      PaymentID: sale.transaction_id,
      PaymentMethodCD: 'CRCD',
      CardType: 'MASTERCARD',
      LastFourDigits: '5454',
      Amount: 23.95,
      CurrencyCD: 'USD',
      Status: 'SUCC',
      CreatedAt: sale.created_at,
    });
    expect((await api.get(`/api/payments/${uid}/123/detail`, cookie)).status).toBe(404);
    expect((await api.get(`/api/payments/${uid}/123/payment`, cookie)).status).toBe(404);
    expect((await api.get(`/api/payments/${uid}/abc/detail`, cookie)).status).toBe(400);
  });

  it('formats money in the culture of the market (active-de pays in euros)', async () => {
    const de = await api.signIn('active-de');
    const page = await api.get(`/api/payments/${PERSONA_UID['active-de']}/transactions`, de);
    expect(page.body.items.map((t: Item) => [t.price, t.formatted_price, t.currency_cd])).toEqual([
      [24.95, '24,95\u00a0€', 'EUR'],
      [2.95, '2,95\u00a0€', 'EUR'],
    ]);
  });

  it('shows one year back unless a start date asks for more', async () => {
    const [sub] = await api.db.query<{ subscription_id: string }>(
      'select subscription_id from subscriptions where user_uid = $1',
      [uid],
    );
    await api.db.query(
      `insert into transactions (user_uid, subscription_id, sku_id, transaction_type, status_cd, price, currency_cd, payment_method_cd, created_at)
       values ($1, $2, 104, 'SALE', 'SUCC', 23.95, 'USD', 'CRCD', $3)`,
      [uid, sub!.subscription_id, daysAgo(400)],
    );
    expect((await list('')).total).toBe(7);
    expect((await list(`startDate=${encodeURIComponent(daysAgo(500))}`)).total).toBe(8);
  });

  it('free features: a free review order counts, a paid one does not', async () => {
    const mine = await api.get(`/api/payments/${uid}/freefeatureprovided`, cookie);
    expect(mine.body).toEqual({
      FreeFeatureProvided: false,
      Features: [],
      FreeReview: { is_intake_filled: true, is_pending: false, available_free: 0 },
    });
    const expiring = await api.signIn('expiring-us');
    const theirs = await api.get(`/api/payments/${PERSONA_UID['expiring-us']}/freefeatureprovided`, expiring);
    expect(theirs.body).toEqual({
      FreeFeatureProvided: true,
      Features: [{ productCD: 'RSMRVW', orderID: expect.any(Number), createdAt: expect.any(String) }],
      FreeReview: { is_intake_filled: true, is_pending: true, available_free: 0 },
    });
  });
});
