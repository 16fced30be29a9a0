import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { restartableServer } from '../support/restartable-server';
import { sessionCookieFrom } from '../support/session-cookie';

/**
 * A payment the server acknowledged survives a restart: the sale and the plan are in the
 * database, and the checkout that paid, sent again after the restart (a reload, a retry),
 * is answered from the stored result without a second charge.
 */
describe('a server restart during the purchase funnel', () => {
  const server = restartableServer('rp-restart-pay-');
  const start = () => server.start();
  afterAll(() => server.dispose());

  async function signIn(base: string): Promise<{ cookie: string; userUid: string }> {
    const answer = await fetch(`${base}/api/demo/session?persona=new-us&next=/dashboard`, { redirect: 'manual' });
    const cookie = sessionCookieFrom(answer)!;
    const claims = (await (await fetch(`${base}/api/users/claims`, { headers: { cookie } })).json()) as {
      UserUID: string;
    };
    return { cookie, userUid: claims.UserUID };
  }

  it('keeps an acknowledged payment and never charges the same checkout twice', async () => {
    let base = await start();
    let me = await signIn(base);
    const skus = (await (
      await fetch(`${base}/api/skus?userUID=${me.userUid}&sellPageOnly=true`, { headers: { cookie: me.cookie } })
    ).json()) as { Skus: { SkuID: number; PlanTier: string }[] };
    const annual = skus.Skus.find((s) => s.PlanTier === 'annualAccess')!;
    const body = JSON.stringify({
      user_uid: me.userUid,
      sku_id: annual.SkuID,
      session_guid: randomUUID(),
      payment_method: 'CRCD',
      card_type: 'VISA',
      last_four_digits: '4242',
    });
    const pay = (cookie: string) =>
      fetch(`${base}/api/payments`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body });

    const first = await pay(me.cookie);
    expect(first.status).toBe(201);
    const paid = (await first.json()) as { TransactionID: number; SubscriptionID: number };

    await server.stop();
    base = await start();
    me = await signIn(base);

    const again = await pay(me.cookie);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      TransactionID: paid.TransactionID,
      SubscriptionID: paid.SubscriptionID,
      Replayed: true,
    });

    const sales = (await (
      await fetch(`${base}/api/payments/${me.userUid}/transactions?transactionTypes=SALE`, {
        headers: { cookie: me.cookie },
      })
    ).json()) as { total: number };
    expect(sales.total).toBe(1);
    const current = (await (
      await fetch(`${base}/api/subscriptions?userUID=${me.userUid}&isCurrentOnly=true`, {
        headers: { cookie: me.cookie },
      })
    ).json()) as { Subscriptions: { SkuID: number; StatusCD: string }[] };
    expect(current.Subscriptions).toEqual([expect.objectContaining({ SkuID: annual.SkuID, StatusCD: 'ACTV' })]);
  }, 120_000);
});
