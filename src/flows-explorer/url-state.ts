import type { FlowCountsQuery } from '../api/schemas/flows';

/** What the explorer shows, kept in the address so a view can be shared and reloaded. */
export interface ExplorerView {
  /** null: the list of machines. */
  machine: string | null;
  filter: FlowCountsQuery;
}

const FILTER_KEYS = ['from', 'to', 'country', 'device', 'userType', 'variation'] as const;

export function viewFromSearch(search: string): ExplorerView {
  const params = new URLSearchParams(search);
  const filter: FlowCountsQuery = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) (filter as Record<string, string>)[key] = value;
  }
  return { machine: params.get('machine') || null, filter };
}

export function searchOfView(view: ExplorerView): string {
  const params = new URLSearchParams();
  if (view.machine) params.set('machine', view.machine);
  for (const key of FILTER_KEYS) {
    const value = view.filter[key];
    if (value) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
