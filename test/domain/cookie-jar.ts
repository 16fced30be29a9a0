/**
 * A browser cookie jar in miniature: takes the strings code writes to `document.cookie`,
 * honours Max-Age against an injected clock, and drops session cookies when the session ends.
 */
export class CookieJar {
  private readonly cookies = new Map<string, { value: string; expiresAt: number | null; attributes: string[] }>();

  constructor(private readonly now: () => number) {}

  set(cookie: string): void {
    const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const maxAge = attributes.find((a) => a.toLowerCase().startsWith('max-age='));
    if (maxAge === undefined) {
      this.cookies.set(name, { value, expiresAt: null, attributes });
      return;
    }
    const seconds = Number(maxAge.slice('max-age='.length));
    if (seconds <= 0) this.cookies.delete(name);
    else this.cookies.set(name, { value, expiresAt: this.now() + seconds * 1000, attributes });
  }

  setAll(cookies: readonly string[]): void {
    for (const cookie of cookies) this.set(cookie);
  }

  /** What `document.cookie` reads: live cookies only. */
  header(): string {
    const now = this.now();
    return [...this.cookies]
      .filter(([, c]) => c.expiresAt === null || c.expiresAt > now)
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  has(name: string): boolean {
    return this.header()
      .split('; ')
      .some((pair) => pair.startsWith(`${name}=`));
  }

  /** Max-Age in seconds, or null for a session cookie; undefined when there is no such cookie. */
  maxAgeOf(name: string): number | null | undefined {
    const cookie = this.cookies.get(name);
    if (!cookie) return undefined;
    const maxAge = cookie.attributes.find((a) => a.toLowerCase().startsWith('max-age='));
    return maxAge === undefined ? null : Number(maxAge.slice('max-age='.length));
  }

  /** Closing the browser: session cookies go, persistent ones stay. */
  endSession(): void {
    for (const [name, c] of this.cookies) if (c.expiresAt === null) this.cookies.delete(name);
  }
}
