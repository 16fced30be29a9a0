import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-client';
import { solveCaptcha } from '../support/captcha';
import { targets } from '../support/databases';

/** The outbox on a demo server: the confirmation e-mail of a cancellation request can be shown. */
describe.each(targets)('the demo outbox (%s)', (target) => {
  let api: TestApi;
  let production: TestApi;

  const requestCancellation = async (email: string, accountId: string) => {
    const response = await api.post('/api/v2/subscriptions/cancel', {
      email_address: email,
      portal_id: 1,
      account_id: accountId,
      is_extraordinary_cancellation: false,
      cancellation_request_time: '2026-11-22T10:15:00',
      captcha: await solveCaptcha(api),
    });
    expect(response.status).toBe(201);
    return response.body.CancellationNumber as string;
  };

  beforeAll(async () => {
    [api, production] = await Promise.all([startTestApi(target), startTestApi(target, { NODE_ENV: 'production' })]);
  });
  afterAll(async () => {
    await api?.close();
    await production?.close();
  });

  it('GET /api/demo/outbox lists the latest e-mails, newest first, with the confirmation of a request', async () => {
    const first = await requestCancellation('first.visitor@example.org', '5550001');
    const second = await requestCancellation('second.visitor@example.org', '5550002');
    const response = await api.get('/api/demo/outbox');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const emails = response.body.Emails;
    expect(emails.slice(0, 2)).toEqual([
      {
        id: expect.any(Number),
        to: 'second.visitor@example.org',
        subject: `Your cancellation request ${second}`,
        body: expect.stringContaining(second),
        createdAt: expect.any(String),
      },
      {
        id: expect.any(Number),
        to: 'first.visitor@example.org',
        subject: `Your cancellation request ${first}`,
        body: expect.stringContaining(first),
        createdAt: expect.any(String),
      },
    ]);
    expect(Date.now() - new Date(emails[0].createdAt).getTime()).toBeLessThan(60_000);

    const mine = await api.get('/api/demo/outbox?to=First.Visitor@example.org&limit=5');
    expect(mine.body.Emails.map((e: { subject: string }) => e.subject)).toEqual([`Your cancellation request ${first}`]);
  });

  it('keeps to 20 e-mails unless asked, and at most 100', async () => {
    await api.db.query(
      `insert into outbox_emails (to_address, subject, body) select 'bulk' || n || '@example.org', 'Bulk ' || n, 'x' from generate_series(1, 30) n`,
    );
    expect((await api.get('/api/demo/outbox')).body.Emails).toHaveLength(20);
    expect((await api.get('/api/demo/outbox?limit=3')).body.Emails).toHaveLength(3);
    for (const limit of ['0', '101', 'many']) {
      const response = await api.get(`/api/demo/outbox?limit=${limit}`);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.error.fields)).toEqual(['limit']);
    }
  });

  it('the dashboard shows the latest 20 e-mails (to, subject, created), escaped', async () => {
    await api.db.query(
      `insert into outbox_emails (to_address, subject, body) values ('odd@example.org', '<b>Bold</b> & "quoted"', 'x')`,
    );
    const response = await api.raw('/dashboard');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h2 id="outbox-heading">Outbox</h2>');
    const rows = html.match(/<tr data-testid="outbox-email">.*?<\/tr>/g) ?? [];
    expect(rows).toHaveLength(20);
    expect(rows[0]).toContain('odd@example.org');
    expect(rows[0]).toContain('&#60;b&#62;Bold&#60;/b&#62; &#38; &#34;quoted&#34;');
    expect(rows[0]).toMatch(
      /<time datetime="\d{4}-\d{2}-\d{2}T[\d:.]+Z">\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC<\/time>/,
    );
    expect(html).not.toContain('<b>Bold</b>');
  });

  it("in production without demo sign-in, neither the call nor the dashboard shows anyone's e-mail", async () => {
    await production.db.query(
      `insert into outbox_emails (to_address, subject, body) values ('private@example.org', 'Private', 'x')`,
    );
    const call = await production.get('/api/demo/outbox');
    expect(call.status).toBe(404);
    expect(call.body.error.code).toBe('DEMO_LOGIN_OFF');
    const html = await (await production.raw('/dashboard')).text();
    expect(html).not.toContain('Outbox');
    expect(html).not.toContain('private@example.org');
  });
});
