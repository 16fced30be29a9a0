import { AT_REST_PENDING, PAGE_AT_REST_ID } from '../page-at-rest';
import { drawnInPage } from './drawn-in-page';
import { sellPageAtRest } from './sell-page-at-rest-data';

const atRest = drawnInPage(PAGE_AT_REST_ID, sellPageAtRest);

/** An element of the server's drawing, found again in the app's: by its `data-testid`, else by its place under the root (the app draws the page as the server did). */
interface Place {
  testId: string | null;
  path: number[];
}

/** What the visitor did on the page at rest before the app came, read from the server's drawing before the app replaces it. */
export interface AtRestTakeover {
  /** Replays the server's random draws, then the browser's. */
  randoms: { socialProof: () => number; liveActivity: () => number };
  /** The plan whose radio is checked now (the visitor may have chosen another than the one drawn chosen). */
  checkedSkuId: number | null;
  /** Where focus was (for a radio, the place of its label, whose `data-testid` it is). */
  focus: (Place & { radio: boolean }) | null;
  /** The buttons pressed while the page was at rest (page-at-rest.ts), in page order. */
  pressed: Place[];
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
export function takeOverSellPageAtRest(
  location: { pathname: string; search: string },
  doc: Document,
): AtRestTakeover | null {
  const drawn = atRest.at(location);
  if (!drawn) return null;
  takeover ??= readTakeover(drawn.randoms, doc);
  return takeover;
}

function readTakeover(
  randoms: { socialProof: number[]; liveActivity: number[] },
  doc: Document,
): AtRestTakeover | null {
  const root = doc.getElementById('root');
  if (!root) return null;
  const checked = root.querySelector<HTMLInputElement>('[data-testid="plan-chooser"] input[type="radio"]:checked');
  const active =
    doc.activeElement instanceof HTMLElement && root.contains(doc.activeElement) && doc.activeElement !== root
      ? doc.activeElement
      : null;
  const radio = active instanceof HTMLInputElement && active.type === 'radio';
  // A radio's own test id is on its label (react-aria draws the input inside it).
  const testId = active
    ? (active.dataset.testid ??
      (radio ? (active.closest<HTMLElement>('label[data-testid]')?.dataset.testid ?? null) : null))
    : null;
  return {
    randoms: { socialProof: replaying(randoms.socialProof), liveActivity: replaying(randoms.liveActivity) },
    checkedSkuId: checked && Number.isInteger(Number(checked.value)) ? Number(checked.value) : null,
    focus: active ? { testId, radio, path: pathUnder(root, active) } : null,
    pressed: [...root.querySelectorAll<HTMLElement>(`[${AT_REST_PENDING}]`)].map((button) => ({
      testId: button.dataset.testid ?? null,
      path: pathUnder(root, button),
    })),
  };
}

/** Whether the server drew this address's sell page at rest (and the app has not yet taken it over). */
export const serverDrewSellPageAtRestAt = (location: { pathname: string; search: string }): boolean =>
  atRest.at(location) !== null;

/** Once the app has moved to another address, the page at rest belongs to the past: coming back draws the app's own page. */
export function forgetSellPageAtRestUnless(location: { pathname: string; search: string }): void {
  atRest.forgetUnless(location);
  if (atRest.at(location) === null) takeover = null;
}

/** The child indices from `root` down to `element`. */
function pathUnder(root: Element, element: Element): number[] {
  const path: number[] = [];
  for (let node: Element = element; node !== root && node.parentElement; node = node.parentElement)
    path.unshift([...node.parentElement.children].indexOf(node));
  return path;
}

/** The app's element at a place of the server's drawing. */
function elementAt(root: Element, place: Place): Element | null {
  const owner = place.testId === null ? null : root.querySelector(`[data-testid="${CSS.escape(place.testId)}"]`);
  return owner ?? place.path.reduce<Element | null>((node, index) => node?.children[index] ?? null, root);
}

/**
 * Once the app's first drawing is on screen: focus back where it was on the server's drawing, the
 * buttons pressed while the page was at rest pressed again on the app's drawing (its own handlers
 * now do their work), and the page no longer at rest.
 */
export function finishTakeover(doc: Document, { focus, pressed }: Pick<AtRestTakeover, 'focus' | 'pressed'>): void {
  const root = doc.getElementById('root');
  if (!root) return;
  if (focus) {
    const at = elementAt(root, focus);
    const target = focus.radio ? at?.querySelector('input[type="radio"]') : at;
    if (target instanceof HTMLElement) target.focus({ preventScroll: true });
  }
  // No longer at rest first, so the presses below are the app's own, not kept again (page-at-rest.ts).
  doc.getElementById(PAGE_AT_REST_ID)?.remove();
  for (const place of pressed) {
    const button = elementAt(root, place);
    if (button instanceof HTMLElement) button.click();
  }
}
