/**
 * The billing-append helper (spec §2): copies the listed query parameters of the current
 * page onto another URL, so a visitor's context survives the hop to billing or back.
 *
 * - Copied, in this order: targ, doctype, orderid, subid, subsopt, docname, doccheckid,
 *   doctypecode, marketer, eb, comp, jobid, stylesheetname, autodownload, mailto,
 *   referrer_id, feature, from, returnurl.
 * - `from` is copied only if the `feature` value lacks a `from` parameter of its own
 *   (e.g. `feature=cvcheck?from=dashboard` already says where the visitor came from).
 * - Every value is URL-encoded; that matters for `targ` and `returnurl`, which are URLs
 *   themselves, and keeps any other value from smuggling in extra parameters.
 * - Absent or blank values are not copied. A parameter the target URL already has is
 *   left as the target has it. The target's fragment stays at the end.
 * - Names in the source are matched case-insensitively; the first value counts.
 */

export const BILLING_APPEND_PARAMS = [
  'targ',
  'doctype',
  'orderid',
  'subid',
  'subsopt',
  'docname',
  'doccheckid',
  'doctypecode',
  'marketer',
  'eb',
  'comp',
  'jobid',
  'stylesheetname',
  'autodownload',
  'mailto',
  'referrer_id',
  'feature',
  'from',
  'returnurl',
] as const;
export type BillingAppendParam = (typeof BILLING_APPEND_PARAMS)[number];

export type QuerySource = URLSearchParams | string | Readonly<Record<string, string | null | undefined>>;

function sourceEntries(source: QuerySource): [string, string | null | undefined][] {
  if (typeof source === 'string') return [...new URLSearchParams(source.startsWith('?') ? source.slice(1) : source)];
  if (source instanceof URLSearchParams) return [...source];
  return Object.entries(source);
}

/** The non-blank values of the billing-append parameters present in `source`. */
export function billingAppendValues(source: QuerySource): Partial<Record<BillingAppendParam, string>> {
  const wanted = new Set<string>(BILLING_APPEND_PARAMS);
  const values: Partial<Record<BillingAppendParam, string>> = {};
  for (const [key, value] of sourceEntries(source)) {
    const name = key.toLowerCase();
    if (!wanted.has(name) || name in values || value === null || value === undefined || value.trim() === '') continue;
    values[name as BillingAppendParam] = value;
  }
  return values;
}

/** Whether a `feature` value carries its own `from` parameter. */
export function featureHasFrom(feature: string | undefined): boolean {
  return feature !== undefined && /(?:^|[?&;])from=/i.test(feature);
}

/** Appends the billing-append parameters of `source` to `url` (absolute or relative). */
export function appendBillingParams(url: string, source: QuerySource): string {
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const withoutHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const query = queryAt >= 0 ? withoutHash.slice(queryAt + 1) : '';
  const existing = new Set([...new URLSearchParams(query).keys()].map((k) => k.toLowerCase()));

  const values = billingAppendValues(source);
  const added: string[] = [];
  for (const name of BILLING_APPEND_PARAMS) {
    const value = values[name];
    if (value === undefined || existing.has(name)) continue;
    if (name === 'from' && featureHasFrom(values.feature)) continue;
    added.push(`${name}=${encodeURIComponent(value)}`);
  }
  if (added.length === 0) return url;
  const joined = query === '' ? added.join('&') : `${query.replace(/&+$/, '')}&${added.join('&')}`;
  return `${path}?${joined}${hash}`;
}
