import { AT_REST_INTENT, AT_REST_PENDING, PAGE_AT_REST_ID } from '../page-at-rest';
import { drawnInPage } from './drawn-in-page';
import { sellPageAtRest } from './sell-page-at-rest-data';

const atRest = drawnInPage(PAGE_AT_REST_ID, sellPageAtRest);

/** What the visitor did on the page at rest before the app came, read from the server's drawing before the app replaces it. */
export interface AtRestTakeover {
  /** Replays the server's random draws, then the browser's. */
  randoms: { socialProof: () => number; liveActivity: () => number };
  /** The plan whose radio is checked now (the visitor may have chosen another than the one drawn chosen). */
  checkedSkuId: number | null;
  /** Where focus was: the `data-testid` of the element that had it (for a radio, its label's), and its place under the root. */
  focus: { testId: string | null; radio: boolean; path: number[] } | null;
  /** Presses kept while the page was at rest (page-at-rest.ts), by what they ask for. */
  pendingIntents: string[];
  /** Set once the app has carried these over, so a second drawing of the page does not do it again. */
  carriedOver?: boolean;
}

const replaying = (draws: readonly number[]) => {
  let next = 0;
  return () => (next < draws.length ? draws[next++]! : Math.random());
};

let takeover: AtRestTakeover | null = null;

/**
 * Where the server drew this address's sell page at rest, what the app needs to take it over: read
 * from the server's markup on the first call (the app's first drawing, before it replaces that
 * markup), and the same on later calls (React may start a drawing again) until the app moves on.
 */
export function takeOverSellPageAtRest(location: { pathname: string; search: string }, doc: Document): AtRestTakeover | null {
  const drawn = atRest.at(location);
  if (!drawn) return null;
  takeover ??= readTakeover(drawn.randoms, doc);
  return takeover;
}

function readTakeover(randoms: { socialProof: number[]; liveActivity: number[] }, doc: Document): AtRestTakeover | null {
  const root = doc.getElementById('root');
  if (!root) return null;
  const checked = root.querySelector<HTMLInputElement>('[data-testid="plan-chooser"] input[type="radio"]:checked');
  const active = doc.activeElement instanceof HTMLElement && root.contains(doc.activeElement) && doc.activeElement !== root ? doc.activeElement : null;
  const radio = active instanceof HTMLInputElement && active.type === 'radio';
  // A radio's own test id is on its label (react-aria draws the input inside it).
  const testId = active ? (active.dataset.testid ?? (radio ? (active.closest<HTMLElement>('label[data-testid]')?.dataset.testid ?? null) : null)) : null;
  return {
    randoms: { socialProof: replaying(randoms.socialProof), liveActivity: replaying(randoms.liveActivity) },
    checkedSkuId: checked && Number.isInteger(Number(checked.value)) ? Number(checked.value) : null,
    focus: active ? { testId, radio, path: pathUnder(root, active) } : null,
    pendingIntents: [...root.querySelectorAll(`[${AT_REST_PENDING}]`)].map((control) => control.getAttribute(AT_REST_INTENT) ?? ''),
  };
}

/** Whether the server drew this address's sell page at rest (and the app has not yet taken it over). */
export const serverDrewSellPageAtRestAt = (location: { pathname: string; search: string }): boolean => atRest.at(location) !== null;

/** Once the app has moved to another address, the page at rest belongs to the past: coming back draws the app's own page. */
export function forgetSellPageAtRestUnless(location: { pathname: string; search: string }): void {
  atRest.forgetUnless(location);
  if (atRest.at(location) === null) takeover = null;
}

/** The child indices from `root` down to `element`. */
function pathUnder(root: Element, element: Element): number[] {
  const path: number[] = [];
  for (let node: Element = element; node !== root && node.parentElement; node = node.parentElement) path.unshift([...node.parentElement.children].indexOf(node));
  return path;
}

/**
 * Focus back where it was on the server's drawing: on the app's element of the same `data-testid`
 * (a radio: the one inside the label of that id), else at the same place under the root, which the
 * app draws as the server did.
 */
export function restoreFocus(doc: Document, focus: AtRestTakeover['focus']): void {
  const root = doc.getElementById('root');
  if (!focus || !root) return;
  const owner = focus.testId === null ? null : root.querySelector(`[data-testid="${CSS.escape(focus.testId)}"]`);
  const target = owner ? (focus.radio ? owner.querySelector('input[type="radio"]') : owner) : focus.path.reduce<Element | null | undefined>((node, index) => node?.children[index], root);
  if (target instanceof HTMLElement) target.focus({ preventScroll: true });
}
