import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load } from '../../bench/load';

describe('a load of a fixed number of requests', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    // Answers each request after 5 ms: 200 requests over 10 connections take about 0.1 s.
    server = createServer((_, response) => void setTimeout(() => response.end('ok'), 5));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is timed to its last answer, not rounded up to the whole second autocannon samples on', async () => {
    const result = await load(base, { connections: 10, amount: 200 });
    expect(result.requests).toBe(200);
    expect(result.errors).toBe(0);
    expect(result.seconds).toBeGreaterThan(0.09);
    expect(result.seconds).toBeLessThan(0.8);
    expect(result.requestsPerSecond).toBe(Math.round(200 / result.seconds));
  });
});
