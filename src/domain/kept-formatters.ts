/**
 * Building an Intl formatter costs far more than using one (tens of microseconds against a few),
 * and a page formats dozens of prices and days: one formatter is kept per key. The server formats
 * for any visitor's culture, so at most `limit` are kept, the oldest dropped first.
 */
export function keptFormatters<F>(limit = 64): (key: string, make: () => F) => F {
  const kept = new Map<string, F>();
  return (key, make) => {
    let formatter = kept.get(key);
    if (formatter === undefined) {
      formatter = make();
      if (kept.size >= limit) kept.delete(kept.keys().next().value!);
      kept.set(key, formatter);
    }
    return formatter;
  };
}
