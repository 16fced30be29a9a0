/** Demo sign-in (DESIGN.md §3, Identity): answers the session cookie as a `name=value` pair. */
export async function signIn(base: string, persona: string): Promise<string> {
  const response = await fetch(`${base}/api/demo/session?persona=${persona}&next=/dashboard`, { redirect: 'manual' });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('rp_session=') && c !== 'rp_session=');
  if (!cookie) throw new Error(`cannot sign in as ${persona}`);
  return cookie;
}
