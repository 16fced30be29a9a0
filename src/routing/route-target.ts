/**
 * Typed navigation targets: a page of this app as the router knows it (`to` is one of the route
 * table's paths, `params` fill its `$name` segments, `search` is its query), or an address the
 * server handed over (`href`: the dashboard, a provider's approval page, a `returnurl`).
 */
import { APP_BASE, type RoutePath } from './route-table';

type ParamNamesOf<P extends string> = P extends `${string}$${infer Name}/${infer Rest}`
  ? Name | ParamNamesOf<Rest>
  : P extends `${string}$${infer Name}`
    ? Name
    : never;

/** Query parameters in the order they are written; an undefined or empty value is left out. */
export type RouteSearch = Readonly<Record<string, string | number | undefined>>;

/**
 * A page of the app: a path of the route table, with its params when the path has any. `search`
 * is its query; `true` keeps the current address's query as it is (as TanStack Router's `search: true`).
 */
export type RouteTarget = {
  [P in RoutePath]: { to: P; search?: RouteSearch | URLSearchParams | true } & ([ParamNamesOf<P>] extends [never]
    ? { params?: undefined }
    : { params: Record<ParamNamesOf<P>, string> });
}[RoutePath];

/** An address the app did not build: it came from the server or the configuration. */
export interface ServerHref {
  href: string;
}

/** Where navigation leads. */
export type Destination = RouteTarget | ServerHref;

const searchOf = (search: RouteTarget['search'], currentSearch: string): string => {
  if (!search) return '';
  if (search === true) return currentSearch.replace(/^\?/, '');
  if (search instanceof URLSearchParams) return search.toString();
  return Object.entries(search)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
};

/**
 * The address of a page of the app, base included: what the router is handed and links point to.
 * `currentSearch` is the query `search: true` keeps (the address bar's, with or without its `?`).
 */
export function hrefOf(target: RouteTarget, currentSearch = ''): string {
  const params: Readonly<Record<string, string>> = target.params ?? {};
  const path = target.to.replace(/\$([^/]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const search = searchOf(target.search, currentSearch);
  return `${APP_BASE}${path}${search ? `?${search}` : ''}`;
}

export const isRouteTarget = (destination: Destination): destination is RouteTarget => 'to' in destination;

/** The address a destination leads to, whichever kind it is. */
export const hrefOfDestination = (destination: Destination): string =>
  isRouteTarget(destination) ? hrefOf(destination) : destination.href;
