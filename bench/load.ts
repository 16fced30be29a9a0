import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  requests: number;
  /** How long the run took: to its last answer for a run of `amount` requests. */
  seconds: number;
}

/**
 * One autocannon run: for `duration` seconds, or for exactly `amount` requests. autocannon ends a
 * run of `amount` requests only on its next rate sample, a whole second by default, so its own
 * duration would round every such run up to whole seconds. There the rate is the requests over
 * the time from the start to the last answer.
 */
export async function load(
  url: string,
  options: {
    connections: number;
    duration?: number;
    amount?: number;
    requests?: Parameters<typeof autocannon>[0]['requests'];
  },
): Promise<LoadResult> {
  let lastAnswerAt = 0;
  const requests = options.amount
    ? (options.requests ?? [{}]).map((request) => ({
        ...request,
        onResponse: (status: number, body: string) => {
          lastAnswerAt = Date.now();
          request.onResponse?.(status, body);
        },
      }))
    : options.requests;
  const result = await autocannon({
    url,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount, sampleInt: 20 } : { duration: options.duration ?? 10 }),
    ...(requests ? { requests } : {}),
  });
  const seconds = options.amount && lastAnswerAt > 0 ? (lastAnswerAt - result.start.getTime()) / 1000 : result.duration;
  return {
    requestsPerSecond: Math.round(
      options.amount ? result.requests.total / Math.max(seconds, 0.001) : result.requests.average,
    ),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    seconds,
  };
}
