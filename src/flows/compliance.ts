/**
 * Compliance read off the machines' graphs (and the route table and texts the pages use), as a
 * checklist with a pass or fail per rule. Pure: `npm test` and the flow explorer run the same
 * rules, and a test hands them broken machines to prove each can fail.
 *
 * - The logged-out cancellation form (§312k BGB): a footer link, one page, "cancel now", with no
 *   sign-in and no offer on the way, in every culture.
 * - Click-to-cancel: from my settings, a person who only chooses "cancel" is done in at most
 *   four moves, whatever the funnel's variation decides.
 * - Every save-offer state has "cancel" as one transition.
 */
import type { AnyStateMachine } from 'xstate';
import { machines as registeredMachines } from '../../machines';
import { ROUTES } from '../routing/route-table';
import deDE from '../i18n/locales/de-DE/common.json';
import enCA from '../i18n/locales/en-CA/common.json';
import enGB from '../i18n/locales/en-GB/common.json';
import enIN from '../i18n/locales/en-IN/common.json';
import enUS from '../i18n/locales/en-US/common.json';
import esES from '../i18n/locales/es-ES/common.json';
import frFR from '../i18n/locales/fr-FR/common.json';
import { toDiagram, type Diagram, type DiagramEdge } from './graph';

export interface ComplianceItem {
  id: string;
  title: string;
  pass: boolean;
  detail: string;
}

type Registry = Record<string, AnyStateMachine>;

/** The texts of the logged-out path, per culture: the footer link and the form's one button. */
interface CommonTexts {
  app: { footerCancelContracts?: string };
  cancellationRequest: { cancelNow?: string };
}
const COMMON_TEXTS: Record<string, CommonTexts> = {
  'de-DE': deDE,
  'en-CA': enCA,
  'en-GB': enGB,
  'en-IN': enIN,
  'en-US': enUS,
  'es-ES': esES,
  'fr-FR': frFR,
};

/** At most this many moves from my settings to a confirmed cancellation (DESIGN.md §5). */
export const CLICK_TO_CANCEL_BOUND = 4;

/** Words that mean a sign-in or an offer: none may stand on the logged-out path. */
const FORBIDDEN_ON_LOGGED_OUT_PATH = /sign.?in|login|log.?in|password|auth|offer|survey|save|discount|pause/i;
/** The form's "cancel now" press. */
const CANCEL_NOW_EVENT = 'form.submitted';

/**
 * The signed-in funnel as pages, each run by its machine: the end state of a page that goes on
 * cancelling, and the pages that may come next (the variation decides which; the worst counts).
 * Mirrors the exit URLs of src/features/cancellation (a test holds them to it).
 */
export const CANCEL_FUNNEL = {
  /** My settings' "cancel" link is the first move; it opens the pre-cancel page. */
  entry: 'preCancel',
  pages: {
    preCancel: { end: 'cancelling', next: ['cancellationSurvey', 'cancellationConfirm'] },
    saveOffers: { end: 'cancelling', next: ['cancellationConfirm'] },
    finalOffer: { end: 'cancelling', next: ['cancellationConfirm'] },
    cancellationSurvey: { end: 'cancelling', next: ['cancellationConfirm'] },
    cancellationConfirm: { end: 'cancelled', next: [] },
  },
} as const satisfies { entry: string; pages: Record<string, { end: string; next: readonly string[] }> };

/**
 * Every state that shows a save offer, by machine, with the event that cancels and the end it
 * reaches. The machine tests' graph proofs (test/machines/*.test.ts) run over the same states.
 */
export const SAVE_OFFER_STATES = {
  preCancel: { states: ['offering', 'deciding', 'acceptFailed'], cancel: 'preCancel.cancel', end: 'cancelling' },
  saveOffers: { states: ['choosing', 'failed'], cancel: 'offers.cancel', end: 'cancelling' },
  finalOffer: { states: ['choosing', 'failed'], cancel: 'final.cancel', end: 'cancelling' },
  cancellationSurvey: { states: ['reasonSubmitted'], cancel: 'offer.decline', end: 'cancelling' },
} as const satisfies Record<string, { states: readonly string[]; cancel: string; end: string }>;

/** Events the machine takes by itself (an invoked actor's answer, a timer, an eventless move). */
const isAutomatic = (event: string) =>
  event === '' || event.startsWith('xstate.done.') || event.startsWith('xstate.after.');
/** A failing API is not the path the bound is about. */
const isFailure = (event: string) => event.startsWith('xstate.error.');

/** A graph with its edges by source, and a node's initial leaf. */
class MachineGraph {
  readonly diagram: Diagram;
  private readonly bySource = new Map<string, DiagramEdge[]>();
  private readonly nodes: Map<string, Diagram['nodes'][number]>;

  constructor(name: string, machine: AnyStateMachine) {
    this.diagram = toDiagram(name, machine);
    this.nodes = new Map(this.diagram.nodes.map((n) => [n.id, n]));
    for (const e of this.diagram.edges) this.bySource.set(e.source, [...(this.bySource.get(e.source) ?? []), e]);
  }

  id(state: string) {
    return `${this.diagram.rootId}.${state}`;
  }

  /** The leaf a transition into `id` ends in: a compound state enters its initial child. */
  leaf(id: string): string {
    const child = this.diagram.nodes.find((n) => n.parent === id && n.initial);
    return child && this.nodes.get(id)?.kind === 'compound' ? this.leaf(child.id) : id;
  }

  leaves() {
    return this.diagram.nodes.filter((n) => !this.diagram.nodes.some((c) => c.parent === n.id));
  }

  /** The transitions `event` may take in `state`: the nearest state (itself, then its ancestors) that handles it decides. */
  candidates(state: string, event: string): DiagramEdge[] {
    for (
      let id: string | null = state;
      id !== null;
      id = id === this.diagram.rootId ? null : (this.nodes.get(id)?.parent ?? this.diagram.rootId)
    ) {
      const found = (this.bySource.get(id) ?? []).filter((e) => e.event === event);
      if (found.length) return found;
    }
    return [];
  }

  /** Every event some state from `state` up handles. */
  events(state: string): string[] {
    const events = new Set<string>();
    for (
      let id: string | null = state;
      id !== null;
      id = id === this.diagram.rootId ? null : (this.nodes.get(id)?.parent ?? this.diagram.rootId)
    ) {
      for (const e of this.bySource.get(id) ?? []) events.add(e.event);
    }
    return [...events];
  }

  kind(id: string) {
    return this.nodes.get(id)?.kind;
  }
}

/**
 * The fewest moves a person needs from the machine's start to `end`, when the machine's own
 * choices (which answer an API gives, which guard holds) go against them: a person's move counts
 * 1 and is only counted on when it cannot be refused (its last alternative has no guard); the
 * machine's own moves count 0 and take the worst target that can still reach the end. Failures
 * are left out. Infinity when there is no such way.
 */
function movesToEnd(graph: MachineGraph, end: string): number {
  const endId = graph.id(end);
  const leaves = graph.leaves().map((n) => n.id);
  // The states from which the end can be reached at all: the machine's choices that leave these (a plan with nothing to cancel) are not the person's way.
  const reaches = new Set([endId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const id of leaves) {
      if (reaches.has(id) || graph.kind(id) === 'final') continue;
      if (
        graph
          .events(id)
          .some(
            (event) => !isFailure(event) && graph.candidates(id, event).some((e) => reaches.has(graph.leaf(e.target))),
          )
      ) {
        reaches.add(id);
        grew = true;
      }
    }
  }
  const value = new Map<string, number>(leaves.map((id) => [id, id === endId ? 0 : Infinity]));
  const worst = (edges: DiagramEdge[]) => {
    const targets = edges.map((e) => graph.leaf(e.target)).filter((id) => reaches.has(id));
    return targets.length ? Math.max(...targets.map((id) => value.get(id) ?? Infinity)) : Infinity;
  };
  for (let round = 0; round <= leaves.length; round += 1) {
    let changed = false;
    for (const id of leaves) {
      if (id === endId || graph.kind(id) === 'final') continue;
      let best = Infinity;
      const automatic: DiagramEdge[] = [];
      for (const event of graph.events(id)) {
        const edges = graph.candidates(id, event);
        if (isFailure(event)) continue;
        if (isAutomatic(event)) automatic.push(...edges);
        else if (edges[edges.length - 1]?.guard === null && edges.every((e) => reaches.has(graph.leaf(e.target))))
          best = Math.min(best, 1 + worst(edges));
      }
      if (automatic.length) best = Math.min(best, worst(automatic));
      if (best < (value.get(id) ?? Infinity)) {
        value.set(id, best);
        changed = true;
      }
    }
    if (!changed) break;
  }
  return value.get(graph.leaf(graph.diagram.startId)) ?? Infinity;
}

function loggedOutForm(registry: Registry): ComplianceItem {
  const problems: string[] = [];
  const machine = registry.cancellationRequest;
  const route = ROUTES.find((r) => r.id === 'cancellationRequest');
  if (!route) problems.push('no route for the cancellation request form');
  else {
    if (!route.openToGuests) problems.push('the form is not open to signed-out visitors');
    if (!(route.aliases ?? []).includes('cancellation/abo-kuendigen'))
      problems.push('no German path (cancellation/abo-kuendigen)');
  }
  for (const [culture, texts] of Object.entries(COMMON_TEXTS)) {
    if (!texts.app.footerCancelContracts?.trim()) problems.push(`${culture}: no footer link text`);
    if (!texts.cancellationRequest.cancelNow?.trim()) problems.push(`${culture}: no "cancel now" text`);
  }
  if (!machine) problems.push('no cancellationRequest machine');
  else {
    const graph = new MachineGraph('cancellationRequest', machine);
    const { diagram } = graph;
    const top = diagram.nodes.filter((n) => n.parent === null);
    const pages = top.filter((n) => n.kind !== 'final');
    const ends = top.filter((n) => n.kind === 'final');
    if (pages.length !== 1)
      problems.push(`the form is ${pages.length} pages (${pages.map((p) => p.key).join(', ')}), not one`);
    for (const n of diagram.nodes)
      if (FORBIDDEN_ON_LOGGED_OUT_PATH.test(n.id)) problems.push(`state ${n.id} on the way`);
    for (const e of diagram.edges) {
      if (
        FORBIDDEN_ON_LOGGED_OUT_PATH.test(e.event) ||
        (e.guard !== null && FORBIDDEN_ON_LOGGED_OUT_PATH.test(e.guard))
      )
        problems.push(`${e.event}${e.guard ? ` [${e.guard}]` : ''} on the way`);
    }
    const sending = new Set(diagram.edges.filter((e) => e.event === CANCEL_NOW_EVENT).map((e) => graph.leaf(e.target)));
    const intoEnd = diagram.edges.filter((e) => ends.some((end) => end.id === e.target));
    if (!ends.length || !intoEnd.length) problems.push('no end after "cancel now"');
    for (const e of intoEnd) {
      if (!e.event.startsWith('xstate.done.actor.') || !sending.has(e.source))
        problems.push(`the end is reached by ${e.event} from ${e.source}, not by the request "cancel now" sends`);
    }
  }
  return {
    id: 'logged-out-form',
    title: 'Signed out: a footer link, one page, "cancel now" (no sign-in, no offer), in every culture',
    pass: problems.length === 0,
    detail: problems.length
      ? problems.join('; ')
      : `One page (${route?.path}, also ${(route?.aliases ?? []).join(', ')}) open to signed-out visitors; "cancel now" sends the request and its answer ends the form; no sign-in or offer on the way; footer link and button texts in ${Object.keys(COMMON_TEXTS).length} cultures.`,
  };
}

/** One page of the worst way from my settings to a confirmed cancellation, with the moves counted on it. */
export interface CancelStep {
  page: string;
  moves: number;
}

/** My settings' "cancel" link: the first move, before any page of the funnel. */
const SETTINGS_STEP: CancelStep = { page: 'mySettings', moves: 1 };

/**
 * The fewest moves from my settings to a confirmed cancellation, the variation choosing the worst
 * next page; `path` is that worst way, page by page, so its moves add up to `moves`.
 */
export function clickToCancelMoves(registry: Registry = registeredMachines): {
  moves: number;
  perPage: Record<string, number>;
  path: CancelStep[];
} {
  const perPage: Record<string, number> = {};
  for (const [name, page] of Object.entries(CANCEL_FUNNEL.pages)) {
    const machine = registry[name];
    perPage[name] = machine ? movesToEnd(new MachineGraph(name, machine), page.end) : Infinity;
  }
  type Page = keyof typeof CANCEL_FUNNEL.pages;
  const worst = (name: Page, seen: string[]): { moves: number; path: CancelStep[] } => {
    const here = { page: name, moves: perPage[name]! };
    if (seen.includes(name)) return { moves: Infinity, path: [here] };
    const next: readonly Page[] = CANCEL_FUNNEL.pages[name].next;
    // The variation picks the next page: the one that costs most decides, the first of equals.
    const after = next
      .map((n) => worst(n, [...seen, name]))
      .reduce<{ moves: number; path: CancelStep[] } | null>((a, b) => (a && a.moves >= b.moves ? a : b), null);
    return { moves: here.moves + (after?.moves ?? 0), path: [here, ...(after?.path ?? [])] };
  };
  const funnel = worst(CANCEL_FUNNEL.entry, []);
  return { moves: SETTINGS_STEP.moves + funnel.moves, perPage, path: [SETTINGS_STEP, ...funnel.path] };
}

const movesText = (n: number) => (Number.isFinite(n) ? String(n) : '∞');

function clickToCancel(registry: Registry): ComplianceItem {
  const { moves, path } = clickToCancelMoves(registry);
  return {
    id: 'click-to-cancel',
    title: `Signed in: from my settings to a confirmed cancellation in at most ${CLICK_TO_CANCEL_BOUND} moves`,
    pass: moves <= CLICK_TO_CANCEL_BOUND,
    detail: `${Number.isFinite(moves) ? moves : 'no'} moves at worst: ${path.map((step) => `${step.page} ${movesText(step.moves)}`).join(', ')}`,
  };
}

function cancelBesideOffers(registry: Registry): ComplianceItem {
  const problems: string[] = [];
  let checked = 0;
  for (const [name, rule] of Object.entries(SAVE_OFFER_STATES)) {
    const machine = registry[name];
    if (!machine) {
      problems.push(`no ${name} machine`);
      continue;
    }
    const graph = new MachineGraph(name, machine);
    for (const state of rule.states) {
      checked += 1;
      const edges = graph.candidates(graph.id(state), rule.cancel);
      if (!edges.length) problems.push(`${name}.${state}: no ${rule.cancel}`);
      else if (edges[edges.length - 1]!.guard !== null)
        problems.push(`${name}.${state}: ${rule.cancel} may be refused (${edges.map((e) => e.guard).join(', ')})`);
      else if (edges.some((e) => e.target !== graph.id(rule.end)))
        problems.push(
          `${name}.${state}: ${rule.cancel} leads to ${edges.map((e) => e.target).join(', ')}, not ${rule.end}`,
        );
    }
  }
  return {
    id: 'cancel-beside-offers',
    title: '"Cancel" is one transition from every save-offer state',
    pass: problems.length === 0 && checked > 0,
    detail: problems.length
      ? problems.join('; ')
      : `${checked} offer states in ${Object.keys(SAVE_OFFER_STATES).length} machines, each cancelling in one unguarded transition.`,
  };
}

/** The checklist, read from the registered machines (or the ones given). */
export function complianceChecklist(registry: Registry = registeredMachines): ComplianceItem[] {
  return [loggedOutForm(registry), clickToCancel(registry), cancelBesideOffers(registry)];
}
