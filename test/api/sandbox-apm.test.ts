import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { sessionCookieFrom } from '../support/session-cookie';

/**
 * The sandbox's alternative payment methods: the card frame in PayPal or UPI mode, and the
 * approval page (/sandbox/apm) whose Approve and Cancel lead to the app's processing page.
 */
describe.each(targets)('sandbox alternative payment methods (%s)', (target) => {
  let api: TestApi;
  const ANNUAL_US = 103;

  interface Person {
    uid: string;
    cookie: string;
  }
  const freshCopyOf = async (persona: string): Promise<Person> => {
    const response = await api.raw(`/api/demo/session?persona=${persona}&fresh=1`);
    const cookie = sessionCookieFrom(response)!;
    return { uid: (await api.get('/api/users/claims', cookie)).body.UserUID, cookie };
  };
  const html = async (path: string, cookie?: string) => {
    const response = await api.raw(path, { headers: cookie ? { cookie } : {} });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const frame = (query: Record<string, string>) =>
    `/sandbox/card-frame?${new URLSearchParams({ skuId: String(ANNUAL_US), sessionGuid: randomUUID(), lang: 'en-US', ...query })}`;
  const pendingSale = async (person: Person, method = 'PYPL', skuId = ANNUAL_US) =>
    (
      await api.post(
        '/api/payments',
        {
          user_uid: person.uid,
          sku_id: skuId,
          session_guid: randomUUID(),
          payment_method: method,
          defer_completion: true,
        },
        person.cookie,
      )
    ).body;
  const apm = (query: { transactionId: number; skuId?: number; method?: string; lang?: string }) =>
    `/sandbox/apm?${new URLSearchParams({ transactionId: String(query.transactionId), skuId: String(query.skuId ?? ANNUAL_US), method: query.method ?? 'PYPL', lang: query.lang ?? 'en-US' })}`;
  /** The approval form as a browser would submit it with one of its two buttons. */
  const submitted = (page: string, status: 'approved' | 'cancelled') => {
    const action = /<form method="get" action="([^"]+)"/.exec(page)?.[1];
    const hidden = [...page.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]);
    expect(page).toContain(`name="status" value="${status}"`);
    return `${action}?${new URLSearchParams([...hidden, ['status', status]])}`;
  };

  beforeAll(async () => {
    api = await startTestApi(target);
  });
  afterAll(() => api?.close());

  describe('the card frame in each method', () => {
    it('CRCD (the default) shows the card fields and Pay now', async () => {
      for (const path of [frame({}), frame({ method: 'CRCD' })]) {
        const page = await html(path);
        expect(page.status).toBe(200);
        expect(page.text).toContain('id="card-number"');
        expect(page.text).toContain('<label for="card-cvc">Security code (CVC)</label>');
        expect(page.text).toContain('>Pay now</button>');
        expect(page.text).toContain('data-method="CRCD"');
      }
    });

    it("tells the payment's outcome in its own status line unless the page says it does (notices=page)", async () => {
      expect((await html(frame({}))).text).toContain('data-notices="frame"');
      expect((await html(frame({ notices: 'page' }))).text).toContain('data-notices="page"');
      expect((await html(frame({ mode: 'update', notices: 'page' }))).text).toContain('data-notices="page"');
      expect((await html(frame({ notices: 'both' }))).status).toBe(400);
    });

    it.each([
      ['PYPL', 'en-US', 'Continue with PayPal'],
      ['DUPI', 'en-IN', 'Continue with UPI'],
      ['PYPL', 'de-DE', 'Weiter mit PayPal'],
      ['DUPI', 'de-DE', 'Weiter mit UPI'],
    ])('%s in %s shows no card fields, one button "%s"', async (method, lang, label) => {
      const page = await html(frame({ method, lang }));
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('<input');
      expect(page.text).not.toContain('card-number');
      expect(page.text.match(/<button/g)).toHaveLength(1);
      // Served disabled: the frame's script enables it once it handles the press, so no press is lost before.
      expect(page.text).toContain(`<button id="pay" type="submit" disabled>${label}</button>`);
      expect(page.text).toContain(`data-method="${method}"`);
      expect(page.text).toContain(`<html lang="${lang}">`);
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    });

    it('an unknown method is 400 naming it', async () => {
      const page = await html(frame({ method: 'BTC' }));
      expect(page.status).toBe(400);
      expect(JSON.parse(page.text).error.fields).toEqual({ method: expect.any(String) });
    });
  });

  describe('the approval page', () => {
    it("shows the person's pending plan and amount, with Approve and Cancel leading to the app's processing page", async () => {
      const nora = await freshCopyOf('new-us');
      const sale = await pendingSale(nora);
      const page = await html(apm({ transactionId: sale.TransactionID }), nora.cookie);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.text).toContain('<html lang="en-US">');
      expect(page.text).toContain('<title>Sandbox PayPal</title>');
      expect(page.text).toContain('<h1 id="apm-title">Sandbox PayPal</h1>');
      expect(page.text).toContain('<dd>$59.40</dd>');
      expect(page.text).toMatch(/<dt>Plan<\/dt><dd>[^<]+<\/dd>/);
      expect(page.text).toContain('>Approve</button>');
      expect(page.text).toContain('>Cancel</button>');
      // Never framed, never cached.
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('cache-control')).toBe('no-store');

      const back = `orderid=${sale.TransactionID}&skuid=${ANNUAL_US}&method=PYPL`;
      expect(submitted(page.text, 'approved')).toBe(`/payment/processing?${back}&status=approved`);
      expect(submitted(page.text, 'cancelled')).toBe(`/payment/processing?${back}&status=cancelled`);
    });

    it('UPI in German: texts, amount format and title follow the language', async () => {
      const arjun = await freshCopyOf('new-in');
      const skuId = (await api.get('/api/skus?sellPageOnly=true', arjun.cookie)).body.Skus.find(
        (s: { PlanTier: string }) => s.PlanTier === 'annualAccess',
      ).SkuID;
      const sale = await pendingSale(arjun, 'DUPI', skuId);
      const page = await html(
        apm({ transactionId: sale.TransactionID, skuId, method: 'DUPI', lang: 'de-DE' }),
        arjun.cookie,
      );
      expect(page.status).toBe(200);
      expect(page.text).toContain('<html lang="de-DE">');
      expect(page.text).toContain('<h1 id="apm-title">Sandbox UPI</h1>');
      expect(page.text).toContain('<dt>Betrag</dt>');
      expect(page.text).toContain('>Bestätigen</button>');
      expect(page.text).toContain('>Abbrechen</button>');
      // German digits (grouping dot, decimal comma); the rupee sign where the app's one money formatter puts it, as on every page.
      expect(page.text).toMatch(/<dd>₹[\d.]+,\d\d<\/dd>/);
      expect(submitted(page.text, 'approved')).toBe(
        `/payment/processing?orderid=${sale.TransactionID}&skuid=${skuId}&method=DUPI&status=approved`,
      );
    });

    it('once settled, it says so and offers the way back with the settled status, no buttons', async () => {
      const nora = await freshCopyOf('new-us');
      const approved = await pendingSale(nora);
      await api.post(`/api/v2/payments/${nora.uid}/transactions/${approved.TransactionID}/complete`, {}, nora.cookie);
      const afterApproval = await html(apm({ transactionId: approved.TransactionID }), nora.cookie);
      expect(afterApproval.status).toBe(200);
      expect(afterApproval.text).toContain('This payment has already been approved.');
      expect(afterApproval.text).not.toContain('<button');
      expect(afterApproval.text).toContain(
        `href="/payment/processing?orderid=${approved.TransactionID}&#38;skuid=${ANNUAL_US}&#38;method=PYPL&#38;status=approved"`,
      );

      const other = await freshCopyOf('new-us');
      const cancelled = await pendingSale(other);
      await api.post(`/api/v2/payments/${other.uid}/transactions/${cancelled.TransactionID}/cancel`, {}, other.cookie);
      const afterCancel = await html(apm({ transactionId: cancelled.TransactionID }), other.cookie);
      expect(afterCancel.text).toContain('This payment was cancelled.');
      expect(afterCancel.text).toContain('status=cancelled"');
    });

    it("a guest, another person's payment, or a plan or method that does not match: no approval offered", async () => {
      const nora = await freshCopyOf('new-us');
      const stranger = await freshCopyOf('new-us');
      const sale = await pendingSale(nora);

      const guest = await html(apm({ transactionId: sale.TransactionID }));
      expect(guest.status).toBe(401);
      expect(guest.text).toContain('role="alert"');
      expect(guest.text).not.toContain('<button');

      for (const [label, path, cookie] of [
        ["another person's", apm({ transactionId: sale.TransactionID }), stranger.cookie],
        ['another plan', apm({ transactionId: sale.TransactionID, skuId: 104 }), nora.cookie],
        ['another method', apm({ transactionId: sale.TransactionID, method: 'DUPI' }), nora.cookie],
        ['no such payment', apm({ transactionId: 999999 }), nora.cookie],
      ] as const) {
        const page = await html(path, cookie);
        expect(page.status, label).toBe(404);
        expect(page.text, label).toContain('There is no payment waiting for your approval here.');
        expect(page.text, label).not.toContain('<button');
      }

      for (const query of [
        'transactionId=abc&skuId=103&method=PYPL',
        'transactionId=1&skuId=103&method=CRCD',
        'transactionId=1&skuId=103&method=PYPL&lang=xx_YY',
      ]) {
        expect((await html(`/sandbox/apm?${query}`, nora.cookie)).status, query).toBe(400);
      }
    });
  });
});
