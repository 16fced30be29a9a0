import { connect } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { DEFAULT_BODY_LIMIT } from '../../server/http/body-limit';
import { safeNext } from '../../server/routes/demo';
import { apiErrorBody } from '../../src/api/schemas/common';
import { freePort } from '../../scripts/lib';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { snapshot } from '../support/snapshot';

/**
 * The API's edge, class by class, with the examples that once got a 500: every one is a 4xx with
 * the error body now, and none of them writes anything.
 */

const WRITTEN = ['events', 'error_logs', 'users', 'sessions', 'outbox_emails', 'subscriptions', 'transactions'];
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('hostile input at the edge', () => {
  let api: TestApi;
  let cookie: string;
  const uid = PERSONA_UID['active-us'];

  beforeAll(async () => {
    api = await startTestApi('pglite');
    cookie = await api.signIn('active-us');
  });
  afterAll(() => api?.close());

  const expectRefused = async (response: Response | { status: number; body: unknown }, status = 400) => {
    const body = response instanceof Response ? await response.json() : response.body;
    expect(response.status, JSON.stringify(body)).toBe(status);
    expect(apiErrorBody.safeParse(body).success, JSON.stringify(body)).toBe(true);
    return body as { error: { code: string; fields?: Record<string, string> } };
  };

  it('integers beyond their column are a 400, in a path and in a body', async () => {
    const before = await snapshot(api.db, WRITTEN);
    expect((await expectRefused(await api.get('/api/skus/2147483648'))).error.fields).toHaveProperty('id');
    await expectRefused(await api.get('/api/skus/1e309'));
    await expectRefused(await api.get(`/api/payments/${uid}/payment/9007199254740993`, cookie));
    const log = { CurrentURL: '/x', ErrorType: 'E', MethodName: 'm', ErrorMessage: 'boom', PortalID: 2_147_483_648 };
    expect((await expectRefused(await api.post('/api/log', log))).error.fields).toHaveProperty('PortalID');
    expect(await snapshot(api.db, WRITTEN)).toEqual(before);
  });

  it('U+0000 in a query or in event properties is a 400 that names it', async () => {
    const before = await snapshot(api.db, WRITTEN);
    expect((await expectRefused(await api.get('/api/demo/outbox?to=a%00b'))).error.fields).toHaveProperty('to');
    const event = { user_id: uid, event_name: 'viewed', props: { step: 'a\u0000b' } };
    expect((await expectRefused(await api.post('/api/events', event, cookie))).error.fields).toHaveProperty(
      'props.step',
    );
    const lone = { user_id: uid, event_name: 'viewed', props: { step: 'a\ud800' } };
    await expectRefused(await api.post('/api/events', JSON.stringify(lone), cookie));
    expect(await snapshot(api.db, WRITTEN)).toEqual(before);
  });

  it('JSON nested 5,000 deep is a 400, in the body and in the properties', async () => {
    const before = await snapshot(api.db, WRITTEN);
    await expectRefused(
      await api.post('/api/events', `{"user_id":"${uid}","event_name":"x","props":{"a":${nested(5000)}}}`, cookie),
    );
    await expectRefused(await api.post('/api/log', nested(5000)));
    const deepProps = { user_id: uid, event_name: 'x', props: { a: JSON.parse(nested(20)) } };
    expect(
      (await expectRefused(await api.post('/api/events', deepProps, cookie))).error.fields!['props.a.0.0.0.0.0.0.0'],
    ).toMatch(/deep/);
    expect(await snapshot(api.db, WRITTEN)).toEqual(before);
  });

  it('event properties are capped in size (they once stored 10 MB)', async () => {
    const big = { user_id: uid, subscription_id: 50001, props: { note: 'x'.repeat(20_000) } };
    await expectRefused(await api.post('/api/events/subscription/cancelled', big, cookie));
  });

  it('a malformed escape in a page path is a 4xx, and a prototype name finds no sandbox asset', async () => {
    for (const path of ['/payment/%', '/payment/%zz', '/payment/%C0%AF', '/payment/assets/%E0%A4%A']) {
      expect((await api.raw(path)).status, path).toBe(404);
    }
    for (const name of ['constructor', '__proto__', 'hasOwnProperty', 'toString']) {
      await expectRefused(await api.raw(`/sandbox/${name}`), 404);
    }
  });

  it('a wrong content type is a 415 (see media-types.test.ts), and an empty body a 400', async () => {
    expect(
      (
        await expectRefused(
          await api.raw('/api/events', {
            method: 'POST',
            headers: { cookie, 'content-type': 'text/plain' },
            body: 'hello',
          }),
          415,
        )
      ).error.code,
    ).toBe('UNSUPPORTED_MEDIA_TYPE');
    await expectRefused(await api.raw('/api/events', { method: 'POST', headers: { cookie } }));
    await expectRefused(
      await api.raw('/api/payments', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: '',
      }),
    );
  });

  it('a body over the limit is a 413 with the error body, even without a declared length', async () => {
    const before = await snapshot(api.db, WRITTEN);
    const body = JSON.stringify({
      CurrentURL: '/x',
      ErrorType: 'E',
      MethodName: 'm',
      ErrorMessage: 'x',
      RawRequest: 'y'.repeat(DEFAULT_BODY_LIMIT * 3),
    });
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body));
        controller.close();
      },
    });
    const response = await api.raw('/api/log', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect((await expectRefused(response, 413)).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await snapshot(api.db, WRITTEN)).toEqual(before);
  });
});

describe('redirect targets', () => {
  const here = 'http://localhost:8080';
  const HOSTILE = [
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '\t//evil.example',
    '/.//evil.example',
    '/..//evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'data:text/html,x',
    ' //evil.example',
    '/%2F/evil.example',
    'http:evil.example',
    '//evil.example@localhost:8080',
  ];

  it('no `next` leads a browser off this site', () => {
    for (const next of HOSTILE) {
      const target = safeNext(next, '/dashboard', here);
      expect(target.startsWith('/') && !target.startsWith('//'), `${JSON.stringify(next)} → ${target}`).toBe(true);
      expect(new URL(target, here).origin, JSON.stringify(next)).toBe(here);
    }
  });

  it('keeps a path on this site, re-serialized without tab, CR or LF', () => {
    expect(safeNext('/payment/mysettings?x=1#top', '/dashboard', here)).toBe('/payment/mysettings?x=1#top');
    expect(safeNext(`${here}/payment/pricing`, '/dashboard', here)).toBe('/payment/pricing');
    expect(safeNext('/a\r\nSet-Cookie: x=1', '/dashboard', here)).not.toMatch(/[\r\n\t]/);
  });

  it('demo sign-in with CR/LF or a tab in next answers a Location on this site', async () => {
    const api = await startTestApi('pglite');
    try {
      for (const next of ['/a%0d%0aSet-Cookie:%20evil=1', '/%09/evil.example', '%2F%2Fevil.example']) {
        const response = await api.raw(`/api/demo/session?persona=active-us&next=${next}`);
        expect(response.status).toBe(302);
        const location = response.headers.get('location')!;
        expect(location).not.toMatch(/[\r\n\t]/);
        expect(new URL(location, 'http://localhost').origin).toBe('http://localhost');
        expect(response.headers.getSetCookie().some((c) => c.startsWith('evil='))).toBe(false);
      }
    } finally {
      await api.close();
    }
  });
});

describe('claims', () => {
  it('carry no 8 characters of the HttpOnly session cookie, and stay the same for one session', async () => {
    const api = await startTestApi('pglite');
    try {
      const cookie = await api.signIn('active-us');
      const secret = cookie.slice('rp_session='.length);
      const first = await api.raw('/api/users/claims', { headers: { cookie } });
      const text = await first.text();
      for (let i = 0; i + 8 <= secret.length; i++)
        expect(text, `claims show ${secret.slice(i, i + 8)}`).not.toContain(secret.slice(i, i + 8));
      const claims = JSON.parse(text) as { Token: string; SessionID: string };
      expect(claims.Token).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(claims.SessionID).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect((await api.get('/api/users/claims', cookie)).body).toMatchObject({
        Token: claims.Token,
        SessionID: claims.SessionID,
      });
      const other = await api.signIn('active-us');
      expect((await api.get('/api/users/claims', other)).body.SessionID).not.toBe(claims.SessionID);
    } finally {
      await api.close();
    }
  });
});

describe('fresh demo copies', () => {
  it('are rate-limited per client like the other guest writes', async () => {
    const api = await startTestApi('pglite', { RATE_LIMIT_FRESH_PERSONA: '2' });
    try {
      const fresh = () => api.raw('/api/demo/session?persona=new-us&fresh=1&next=/payment/pricing');
      const users = async () => (await api.db.query<{ n: number }>('select count(*)::int as n from users'))[0]!.n;
      expect((await fresh()).status).toBe(302);
      expect((await fresh()).status).toBe(302);
      const before = await users();
      const limited = await fresh();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await users()).toBe(before);
      expect((await api.raw('/api/demo/session?persona=new-us&next=/payment/pricing')).status).toBe(302);
    } finally {
      await api.close();
    }
  });
});

describe('the running server', () => {
  let server: ServerType;
  let port: number;
  const lines: string[] = [];
  let unexpected = 0;

  beforeAll(async () => {
    const api = await startTestApi('pglite');
    const config = { ...loadConfig({ NODE_ENV: 'test' }), logLevel: 'info' as const };
    const app = createApp({
      db: api.db,
      config,
      log: (line) => lines.push(line),
      onUnexpectedError: () => unexpected++,
    });
    port = await freePort();
    server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
    return async () => {
      await new Promise((resolve) => server.close(resolve));
      await api.close();
    };
  });

  /** Sends raw bytes and gives back the first answer's status line and how long it took. */
  const send = (head: string, body: string | Buffer = '', keepOpenMs = 0) =>
    new Promise<{ statusLine: string; ms: number }>((resolve, reject) => {
      const started = performance.now();
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(head);
        if (body.length) socket.write(body);
      });
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
        if (received.includes('\r\n')) {
          resolve({ statusLine: received.split('\r\n')[0]!, ms: performance.now() - started });
          socket.destroy();
        }
      });
      socket.on('error', reject);
      if (keepOpenMs) setTimeout(() => socket.destroy(), keepOpenMs).unref();
    });

  it('answers a declared 20 MB body with 413 at once, without waiting for it', async () => {
    const head = `POST /api/log HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\n`;
    const answer = await send(head, '{"CurrentURL":', 10_000);
    expect(answer.statusLine).toMatch(/^HTTP\/1\.1 413/);
    // Only 14 of the 20 MB were ever sent: the answer came without reading the body.
    expect(answer.ms).toBeLessThan(5_000);
  });

  it('cuts a chunked body off at the limit with 413', async () => {
    const chunk = 'x'.repeat(16 * 1024);
    const chunks = Array.from({ length: 10 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
    const answer = await send(
      `POST /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      chunks,
      10_000,
    );
    expect(answer.statusLine).toMatch(/^HTTP\/1\.1 413/);
  });

  /** Sends a request in parts, as a client on a slow line does, and reads the whole answer (the connection closes after it). */
  const exchange = (head: string, parts: (string | Buffer)[]) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', async () => {
        socket.write(head);
        for (const part of parts) {
          socket.write(part);
          await new Promise((next) => setTimeout(next, 5));
        }
      });
      const received: Buffer[] = [];
      socket.on('data', (chunk) => received.push(chunk));
      socket.on('end', () => {
        const text = Buffer.concat(received).toString('utf8');
        resolve({
          status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]),
          body: text.slice(text.indexOf('\r\n\r\n') + 4),
        });
      });
      socket.on('error', reject);
    });
  const chunked = (...pieces: (string | Buffer)[]) => [
    ...pieces.map((piece) =>
      Buffer.concat([
        Buffer.from(`${Buffer.byteLength(piece).toString(16)}\r\n`),
        Buffer.from(piece),
        Buffer.from('\r\n'),
      ]),
    ),
    '0\r\n\r\n',
  ];
  const errorReport = JSON.stringify({
    CurrentURL: '/payment/pricing',
    ErrorType: 'TypeError',
    MethodName: 'render',
    ErrorMessage: 'x is undefined',
  });
  const postTo = (path: string, framing: string) =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\n${framing}\r\n`;

  it("reads a body sent in parts, chunked or declared, as the route's JSON", async () => {
    const [first, second] = [errorReport.slice(0, 20), errorReport.slice(20)];
    expect((await exchange(postTo('/api/log', 'Transfer-Encoding: chunked\r\n'), chunked(first, second))).status).toBe(
      202,
    );
    expect(
      (await exchange(postTo('/api/log', `Content-Length: ${Buffer.byteLength(errorReport)}\r\n`), [first, second]))
        .status,
    ).toBe(202);
    // As a fetch Request's text() reads it: a leading byte order mark is not part of the JSON.
    const withMark = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(errorReport)]);
    expect((await exchange(postTo('/api/log', `Content-Length: ${withMark.length}\r\n`), [withMark])).status).toBe(202);
    const broken = await exchange(
      postTo('/api/log', 'Transfer-Encoding: chunked\r\n'),
      chunked('{"CurrentURL":', '"/x"'),
    );
    expect(broken.status).toBe(400);
    expect(apiErrorBody.parse(JSON.parse(broken.body)).error.code).toBe('INVALID_JSON');
  });

  it("holds a chunked body to its own route's limit, below the limit every request has", async () => {
    const piece = 'x'.repeat(16 * 1024);
    // 96 KB: under every request's 128 KB, over /api/events' own 64 KB.
    const answer = await exchange(
      postTo('/api/events', 'Transfer-Encoding: chunked\r\n'),
      chunked(...Array.from({ length: 6 }, () => piece)),
    );
    expect(answer.status).toBe(413);
    const refused = apiErrorBody.parse(JSON.parse(answer.body));
    expect(refused.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(refused.error.message).toContain(`${DEFAULT_BODY_LIMIT} bytes`);
  });

  it('lets a client that hangs up in the middle of its body go, and keeps answering', async () => {
    lines.length = 0;
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(postTo('/api/log', 'Content-Length: 500\r\n') + errorReport.slice(0, 30));
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Its request ended as the client's error, not the server's; the next one is answered as usual.
    expect(
      lines.map((line) => JSON.parse(line) as { status?: number }).filter((entry) => (entry.status ?? 0) >= 500),
    ).toEqual([]);
    expect(
      (await exchange(postTo('/api/log', `Content-Length: ${Buffer.byteLength(errorReport)}\r\n`), [errorReport]))
        .status,
    ).toBe(202);
  });

  it('writes one JSON object per line, so a CR/LF in a URL cannot start a line', async () => {
    lines.length = 0;
    await fetch(`http://127.0.0.1:${port}/api/nothing%0d%0a{"level":"error","msg":"forged"}%0a`);
    await send('GET /payment/a%0D%0Aforged HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      expect(line).not.toMatch(/[\r\n]/);
      const entry = JSON.parse(line) as { msg: string; reqId: string };
      expect(entry.msg).not.toBe('forged');
      expect(entry.reqId).toMatch(/^[A-Za-z0-9_-]{12}$/);
    }
  });

  it('never answered 500 to any of it', () => {
    expect(unexpected).toBe(0);
  });
});
