import type { Socket } from 'node:net';
import type { LoadResult } from './load';
import { RawHttpConnection, requestBytes } from './raw-http-connection';

export interface PlannedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface OpenConnectionsResult extends LoadResult {
  /** Connections that carried the timed requests; each was opened before the window began. */
  connectionsUsed: number;
  /** Connections opened inside the timed window: 0, or the window measured connection set-up too. */
  openedInWindow: number;
}

/** Nearest-rank percentile of values sorted ascending. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * Sends `planned` over `connections` keep-alive connections that are opened first, each with one
 * `openWith` request, and only then starts the clock: the load a server behind a load balancer
 * sees, whose connections to it stay open. A server busy with requests accepts new connections
 * slowly (libuv accepts one per turn of the event loop), so connections opened inside the window
 * would put their set-up, not the requests, in its tail. The requests are written and read by hand
 * (raw-http-connection.ts), each made before the clock starts: node:http's client cost as much of a
 * small machine as the server it measured.
 */
export async function loadOverOpenConnections(
  base: string,
  options: {
    connections: number;
    openWith: PlannedRequest;
    planned: readonly PlannedRequest[];
    onResponse?: (status: number, body: string) => void;
  },
): Promise<OpenConnectionsResult> {
  const { connections, openWith, planned } = options;
  const url = new URL(base);
  const port = Number(url.port);
  const open = () => RawHttpConnection.open(port, url.hostname);
  const wire = planned.map((one) => requestBytes(url.host, one));
  const opening = requestBytes(url.host, openWith);
  const all: RawHttpConnection[] = [];
  try {
    const opened = await Promise.all(
      Array.from({ length: connections }, async () => {
        const connection = await open();
        all.push(connection);
        await connection.send(opening);
        return connection;
      }),
    );
    const openedSockets = new Set(opened.map((connection) => connection.socket));
    const used = new Set<Socket>();
    const latencies: number[] = [];
    let errors = 0;
    let next = 0;
    const started = performance.now();
    let lastAnswerAt = started;
    const worker = async (first: RawHttpConnection) => {
      let connection = first;
      while (next < wire.length) {
        const index = next++;
        const sentAt = performance.now();
        try {
          if (connection.closed) {
            connection = await open();
            all.push(connection);
          }
          used.add(connection.socket);
          const answer = await connection.send(wire[index]!);
          lastAnswerAt = performance.now();
          latencies.push(lastAnswerAt - sentAt);
          if (answer.status < 200 || answer.status >= 300) errors += 1;
          options.onResponse?.(answer.status, answer.body);
        } catch {
          errors += 1;
        }
      }
    };
    await Promise.all(opened.map(worker));
    const seconds = (lastAnswerAt - started) / 1000;
    const sorted = latencies.sort((a, b) => a - b);
    return {
      requests: latencies.length,
      seconds,
      requestsPerSecond: Math.round(latencies.length / Math.max(seconds, 0.001)),
      p50Ms: Math.round(percentile(sorted, 50)),
      p99Ms: Math.round(percentile(sorted, 99)),
      errors,
      connectionsUsed: used.size,
      openedInWindow: [...used].filter((socket) => !openedSockets.has(socket)).length,
    };
  } finally {
    for (const connection of all) connection.destroy();
  }
}
