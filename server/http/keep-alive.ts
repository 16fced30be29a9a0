/**
 * How long an idle keep-alive connection stays open. A client, or a load balancer in front, that
 * sends on a connection at the moment the server closes it gets a reset (ECONNRESET, or a 502 from
 * the balancer). Node closes idle connections after 5 seconds by default; load balancers keep
 * theirs for 60 seconds, so the server must keep its side open for longer than that.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Applies the timeouts to the HTTP server; the headers timeout must outlast the keep-alive one. */
export function keepConnectionsOpen(server: { keepAliveTimeout: number; headersTimeout: number }): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}
