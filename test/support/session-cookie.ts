/**
 * The `rp_session=<id>` pair a response sets, ready to send back as a Cookie header; undefined
 * when it sets none, or only clears it (`rp_session=;`).
 */
export function sessionCookieFrom(response: { headers: Headers }): string | undefined {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((pair) => pair.startsWith('rp_session=') && pair !== 'rp_session=');
}
