import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOverOpenConnections, percentile, type PlannedRequest } from '../../bench/open-connections-load';

describe('a load over connections opened before the clock starts', () => {
  let server: Server;
  let base = '';
  const bodies: string[] = [];
  let connections = 0;
  beforeAll(async () => {
    // Answers after 5 ms; `/close` answers and closes its connection, as a server without keep-alive would.
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.url === '/pay') bodies.push(body);
        if (request.url === '/fail') response.statusCode = 500;
        if (request.url === '/close') response.setHeader('connection', 'close');
        setTimeout(() => response.end('ok'), 5);
      });
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const open: PlannedRequest = { method: 'GET', path: '/open' };
  const payments = (count: number, path = '/pay'): PlannedRequest[] =>
    Array.from({ length: count }, (_, i) => ({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ i }),
    }));

  it('sends every planned request once, over only the connections it opened first', async () => {
    bodies.length = 0;
    connections = 0;
    const result = await loadOverOpenConnections(base, { connections: 10, openWith: open, planned: payments(200) });
    expect(result.requests).toBe(200);
    expect(result.errors).toBe(0);
    expect(bodies.map((b) => (JSON.parse(b) as { i: number }).i).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 200 }, (_, i) => i),
    );
    expect(connections).toBe(10);
    expect(result.connectionsUsed).toBe(10);
    expect(result.openedInWindow).toBe(0);
    // 200 answers of 5 ms each over 10 connections: about 0.1 s, timed from the first payment.
    expect(result.seconds).toBeGreaterThan(0.09);
    expect(result.requestsPerSecond).toBe(Math.round(200 / result.seconds));
  });

  it('counts the connections a server made it open inside the window', async () => {
    const result = await loadOverOpenConnections(base, {
      connections: 4,
      openWith: open,
      planned: payments(20, '/close'),
    });
    expect(result.requests).toBe(20);
    expect(result.openedInWindow).toBeGreaterThanOrEqual(16);
  });

  it('counts answers outside 2xx as errors', async () => {
    const result = await loadOverOpenConnections(base, {
      connections: 2,
      openWith: open,
      planned: payments(6, '/fail'),
    });
    expect(result.errors).toBe(6);
  });
});

describe('nearest-rank percentiles', () => {
  it('takes the value at or above the share asked for', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([3, 7], 50)).toBe(3);
    expect(percentile([3, 7], 99)).toBe(7);
    expect(percentile([], 99)).toBe(0);
  });
});
