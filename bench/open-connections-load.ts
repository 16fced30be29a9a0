import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { LoadResult } from './load';

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

function send(base: string, agent: Agent, planned: PlannedRequest): Promise<{ status: number; body: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const url = new URL(planned.path, base);
    const req = httpRequest(url, { method: planned.method, agent, headers: { ...planned.headers, ...(planned.body ? { 'content-length': String(Buffer.byteLength(planned.body)) } : {}) } }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), socket: req.socket as Socket }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(planned.body);
  });
}

/**
 * Sends `planned` over `connections` keep-alive connections that are opened first, each with one
 * `openWith` request, and only then starts the clock: the load a server behind a load balancer
 * sees, whose connections to it stay open. A server busy with requests accepts new connections
 * slowly (libuv accepts one per turn of the event loop), so connections opened inside the window
 * would put their set-up, not the requests, in its tail.
 */
export async function loadOverOpenConnections(
  base: string,
  options: { connections: number; openWith: PlannedRequest; planned: readonly PlannedRequest[]; onResponse?: (status: number, body: string) => void },
): Promise<OpenConnectionsResult> {
  const { connections, openWith, planned } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  try {
    const opened = await Promise.all(Array.from({ length: connections }, () => send(base, agent, openWith)));
    const openedSockets = new Set(opened.map((answer) => answer.socket));
    const used = new Set<Socket>();
    const latencies: number[] = [];
    let errors = 0;
    let next = 0;
    const started = performance.now();
    let lastAnswerAt = started;
    const worker = async () => {
      while (next < planned.length) {
        const one = planned[next++]!;
        const sentAt = performance.now();
        try {
          const answer = await send(base, agent, one);
          lastAnswerAt = performance.now();
          latencies.push(lastAnswerAt - sentAt);
          used.add(answer.socket);
          if (answer.status < 200 || answer.status >= 300) errors += 1;
          options.onResponse?.(answer.status, answer.body);
        } catch {
          errors += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
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
    agent.destroy();
  }
}
