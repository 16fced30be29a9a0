import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  requests: number;
}

/** One autocannon run: for `duration` seconds, or for exactly `amount` requests. */
export async function load(url: string, options: { connections: number; duration?: number; amount?: number; requests?: Parameters<typeof autocannon>[0]['requests'] }): Promise<LoadResult> {
  const result = await autocannon({ url, connections: options.connections, ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 10 }), requests: options.requests });
  const seconds = Math.max(result.duration, 0.001);
  return {
    requestsPerSecond: Math.round(options.amount ? result.requests.total / seconds : result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}
