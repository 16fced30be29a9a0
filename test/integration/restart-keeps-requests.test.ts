import { afterAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../support/captcha';
import { restartableServer } from '../support/restartable-server';
import { sessionCookieFrom } from '../support/session-cookie';

/**
 * A logged-out cancellation request that was acknowledged survives a server restart: the
 * request, its confirmation e-mail and the cancelled subscription are all in the database.
 * So does a signed-in cancellation (cancelv2) and its confirmation e-mail.
 */
describe('a server restart', () => {
  const server = restartableServer('rp-restart-');
  const start = () => server.start();
  afterAll(() => server.dispose());

  const request = {
    email_address: 'ava.martinez@example.com',
    portal_id: 1,
    account_id: '100000003',
    is_extraordinary_cancellation: false,
    cancellation_request_time: '2026-11-23T09:30:00',
  };
  const send = async (base: string) =>
    fetch(`${base}/api/v2/subscriptions/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...request, captcha: await solveCaptcha(base) }),
    });

  async function currentSubscription(base: string) {
    const signIn = await fetch(`${base}/api/demo/session?persona=active-us&next=/dashboard`, { redirect: 'manual' });
    const cookie = sessionCookieFrom(signIn)!;
    const answer = await fetch(
      `${base}/api/subscriptions?userUID=5eed0000-0000-4000-8000-000000000003&isCurrentOnly=true`,
      { headers: { cookie } },
    );
    return ((await answer.json()) as { Subscriptions: { StatusCD: string; CancelledOn: string | null }[] })
      .Subscriptions[0]!;
  }

  it('keeps an acknowledged cancellation request, its e-mail and its effect', async () => {
    let base = await start();
    expect(await currentSubscription(base)).toMatchObject({ StatusCD: 'ACTV', CancelledOn: null });
    const first = await send(base);
    expect(first.status).toBe(201);
    const receipt = (await first.json()) as { CancellationNumber: string };

    await server.stop();
    base = await start();

    // The same request again is recognised from the stored record: the same number, no new record.
    const again = await send(base);
    expect(again.status).toBe(201);
    expect(((await again.json()) as { CancellationNumber: string }).CancellationNumber).toBe(
      receipt.CancellationNumber,
    );

    const outbox = (await (await fetch(`${base}/api/demo/outbox?to=ava.martinez@example.com`)).json()) as {
      Emails: { subject: string }[];
    };
    expect(outbox.Emails.filter((mail) => mail.subject.includes(receipt.CancellationNumber))).toHaveLength(1);

    const after = await currentSubscription(base);
    expect(after).toMatchObject({ StatusCD: 'EXPR' });
    expect(after.CancelledOn).not.toBeNull();
  }, 120_000);

  it('keeps a signed-in cancellation and its confirmation e-mail', async () => {
    let base = await start();
    const uid = '5eed0000-0000-4000-8000-000000000008'; // active-de
    const signIn = async () =>
      sessionCookieFrom(
        await fetch(`${base}/api/demo/session?persona=active-de&next=/dashboard`, { redirect: 'manual' }),
      )!;
    const cancel = async (cookie: string, subscriptionId: number) =>
      fetch(`${base}/api/subscriptions/cancelv2`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ user_uid: uid, subscription_id: subscriptionId }),
      });
    let cookie = await signIn();
    const [sub] = (
      (await (
        await fetch(`${base}/api/subscriptions?userUID=${uid}&isCurrentOnly=true`, { headers: { cookie } })
      ).json()) as {
        Subscriptions: { SubscriptionID: number }[];
      }
    ).Subscriptions;
    const first = await cancel(cookie, sub!.SubscriptionID);
    expect(first.status).toBe(200);
    const cancellation = (await first.json()) as {
      CancellationNumber: string;
      DeclaredAt: string;
      AccessEndsOn: string;
    };

    await server.stop();
    base = await start();
    cookie = await signIn();

    // Cancelling again after the restart answers the stored cancellation and sends nothing new.
    const again = await cancel(cookie, sub!.SubscriptionID);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(cancellation);
    const outbox = (await (await fetch(`${base}/api/demo/outbox?to=lena.schneider@example.de`)).json()) as {
      Emails: { subject: string; body: string }[];
    };
    const mails = outbox.Emails.filter((mail) => mail.subject.includes(cancellation.CancellationNumber));
    expect(mails).toHaveLength(1);
    // The e-mail writes its dates in the person's culture (de-DE), in UTC.
    const germanDay = (iso: string) =>
      new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
    expect(mails[0]!.body).toContain(cancellation.CancellationNumber);
    expect(mails[0]!.body).toContain(germanDay(cancellation.DeclaredAt));
    expect(mails[0]!.body).toContain(germanDay(cancellation.AccessEndsOn));
  }, 120_000);
});
