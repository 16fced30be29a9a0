import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS } from '../../server/http/keep-alive';
import { restartableServer } from '../support/restartable-server';

/** Node's own idle timeout, which closed a connection a client was about to reuse (ECONNRESET). */
const NODE_DEFAULT_KEEP_ALIVE_MS = 5_000;

/** Sends one GET on the open socket and answers the response's head once the whole body is in. */
function get(socket: Socket, port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(received)?.[1];
      if (end >= 0 && length !== undefined && received.length >= end + 4 + Number(length)) {
        socket.off('data', onData);
        socket.off('close', onClose);
        resolve(received.slice(0, end));
      }
    };
    const onClose = () => reject(new Error(`the server closed the connection before answering ${path}`));
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
  });
}

describe('idle keep-alive connections', () => {
  const server = restartableServer('rp-keep-alive-');
  let port: number;

  beforeAll(async () => {
    port = Number(new URL(await server.start()).port);
  }, 60_000);
  afterAll(() => server.dispose());

  it('stay open longer than a load balancer keeps its own, and say so', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let closed = false;
    socket.once('close', () => (closed = true));
    try {
      const first = await get(socket, port, '/api/health');
      expect(first).toMatch(/^HTTP\/1\.1 200/);
      expect(first).toMatch(new RegExp(`\\r\\nKeep-Alive: timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}\\b`, 'i'));
      // Past Node's own idle timeout the same connection still answers.
      await new Promise((resolve) => setTimeout(resolve, NODE_DEFAULT_KEEP_ALIVE_MS + 500));
      expect(closed).toBe(false);
      expect(await get(socket, port, '/api/health')).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      socket.destroy();
    }
  }, 30_000);
});
