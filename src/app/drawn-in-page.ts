import type * as z from 'zod/mini';

export interface DrawnInPage<T extends { href: string }> {
  /** What the server drew, while the address is still the one it drew it for. */
  at: (location: { pathname: string; search: string }) => T | null;
  /** Once the app has moved to another address, the drawing belongs to the past: going back loads afresh. */
  forgetUnless: (location: { pathname: string; search: string }) => void;
}

/**
 * Reads what the server drew into this page (a JSON script with this id, drawn-data-script.ts,
 * checked against the schema) once; a missing or invalid script is nothing drawn. Its `href` is
 * the path and query it was drawn for, or only the path where the drawing does not depend on the
 * query (`pathOnly`).
 */
export function drawnInPage<T extends { href: string }>(
  scriptId: string,
  schema: z.ZodMiniType<T>,
  { pathOnly = false } = {},
): DrawnInPage<T> {
  let drawn: T | null | undefined;
  const read = (): T | null => {
    if (drawn === undefined) {
      const text = typeof document === 'undefined' ? null : (document.getElementById(scriptId)?.textContent ?? null);
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      const result = schema.safeParse(parsed);
      drawn = result.success ? result.data : null;
    }
    return drawn;
  };
  const at = (location: { pathname: string; search: string }): T | null => {
    const data = read();
    return data && data.href === location.pathname + (pathOnly ? '' : location.search) ? data : null;
  };
  return {
    at,
    forgetUnless: (location) => {
      if (read() && at(location) === null) drawn = null;
    },
  };
}
