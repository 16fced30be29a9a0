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

/** The whole `Set-Cookie` line of the session cookie a response sets or clears, attributes and all; undefined when it does not touch it. */
export function sessionSetCookie(response: { headers: Headers }): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith('rp_session='));
}
