type Calls = Record<string, (...args: never[]) => Promise<unknown>>;

/**
 * A group of API calls whose code (and schemas) loads on its first call, so a page that never
 * makes one does not download it. Every call of a group answers a promise, so waiting for the
 * code is part of waiting for the answer; a failed load rejects that call and is tried again
 * on the next one.
 */
export function lazyGroup<T extends Calls>(load: () => Promise<T>): T {
  let loading: Promise<T> | null = null;
  const group = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return new Proxy({} as T, {
    get: (_, name) =>
      typeof name === 'string' ? (...args: never[]) => group().then((calls) => (calls[name] as (...a: never[]) => Promise<unknown>)(...args)) : undefined,
  });
}
