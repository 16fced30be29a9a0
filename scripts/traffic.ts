/**
 * Synthetic traffic for the flow explorer: N random visitors run the REAL machines of
 * machines/index.ts, with their real guards and rules, recorded by the app's own recorder and
 * posted, in batches, to the same API the app uses (POST /api/flows/transitions).
 *
 *   npm run traffic -- --visits 2000 [--url http://127.0.0.1:8080] [--days 30] [--seed 1]
 *                      [--effect <experiment guid>:<variation>=<relative lift>[@<goal state>]]…
 *                      [--machines purchaseFunnel,preCancel]
 *
 * Each visitor has a segment (country, device, user type, experiment variations) and takes one
 * path: the purchase path (start-up, low-intent offer, purchase funnel, order confirmation,
 * upsells), the cancellation path (start-up, manage subscription, pre-cancel, survey, save offers,
 * final offer, confirmation, rating) or a visit to another page. Each machine's invoked effects
 * are provided as effects that never answer; their answers, and the person's events, are the
 * plausible ones its path model lists (test/machines/models), picked with weights: most effects
 * succeed, a few fail; people mostly go on, some stop on every page. The same seed gives the same
 * visitors, choices and transition ids (so a repeated run is counted once); times are spread
 * over the last `days` days before now.
 *
 * `--effect` plants a known truth for the experiment results to find: the visits of the goal's
 * machine in that variation reach the goal state (by default the experiment's suggested goal)
 * 1 + lift times as often as the others. A walk that missed the goal is walked again, until it
 * reaches it, with the chance that makes the rate come out so (lift · p / (1 − p), p the
 * machine's own rate, measured first on walks of its own); a negative lift walks again a visit
 * that reached it, until one does not, with chance −lift. Every visitor is then assigned that
 * experiment. `--machines` walks and sends only those machines' visits (the visitors and their
 * paths are drawn as before), so a test or a demo gets many visits of one machine quickly.
 */
import {
  createActor,
  fromPromise,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { machines } from '../machines';
import { createFlowRecorder } from '../src/flows/recorder';
import type { FlowSegment, FlowTransition } from '../src/api/schemas/flows';
import { pathModels } from '../test/machines/models';
import { EXPERIMENTS as CONFIGURED_EXPERIMENTS } from '../server/db/seed/remote-config';
import { knownMachines } from '../server/services/flow-graph';

export interface TrafficOptions {
  visits: number;
  /** The server's origin; the API is under /api. */
  url?: string;
  days?: number;
  seed?: number;
  /** Transitions per POST (the API takes at most 100). */
  batchSize?: number;
  /** Lifts planted on goals: a known truth for the experiment results. */
  effects?: readonly PlantedEffect[];
  /** Walk and send only these machines' visits. */
  machines?: readonly string[];
  /** Instead of posting (tests, the bench): gets every batch. */
  send?: (transitions: FlowTransition[]) => Promise<void>;
  now?: number;
}

export interface PlantedEffect {
  /** Lower-case GUID of an experiment the traffic assigns. */
  experiment: string;
  variation: number;
  /** Relative: 0.25 makes the variation's goal rate 25 % higher than the other visits'. */
  lift: number;
  /** A state id (`purchaseFunnel.paid`); by default the experiment's suggested goal. */
  goal?: string;
}

export interface TrafficResult {
  visits: number;
  machineRuns: number;
  transitions: number;
  recorded: number;
  duplicates: number;
  ms: number;
  /** Per planted effect: the goal, and the machine's own goal rate the retry chance was set from. */
  effects: { experiment: string; variation: number; lift: number; goal: string; baselineRate: number }[];
}

/** mulberry32: a small seeded generator, enough for plausible choices. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly (readonly [T, number])[]): T => {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  };
  const guid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = ((Math.floor(next() * 4) + 8) as number).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
  return { next, pick, guid };
}
type Random = ReturnType<typeof generator>;

const COUNTRIES = [
  ['US', 40],
  ['GB', 14],
  ['DE', 12],
  ['IN', 10],
  ['CA', 8],
  ['FR', 8],
  ['ES', 8],
] as const;
const USER_TYPES = [
  ['GUST', 30],
  ['NEW', 20],
  ['TRIL', 12],
  ['ACTV', 25],
  ['EXPD', 8],
  ['SUSP', 5],
] as const;
/** Experiments of the seeded remote configuration, with their number of variations. */
const EXPERIMENTS = [
  ['e1000000-0000-4000-8000-000000000001', 6],
  ['e1000000-0000-4000-8000-000000000002', 4],
  ['e1000000-0000-4000-8000-000000000003', 4],
  ['e1000000-0000-4000-8000-000000000021', 3],
] as const;

const PATHS = {
  purchase: [
    'startupAccess',
    'lowIntentOffer',
    'purchaseFunnel',
    'orderConfirmation',
    'upsellSequence',
    'upsellOffers',
    'serviceIntake',
  ],
  cancellation: [
    'startupAccess',
    'manageSubscription',
    'preCancel',
    'cancellationSurvey',
    'freeReview',
    'saveOffers',
    'finalOffer',
    'cancellationConfirm',
    'cancellationRating',
  ],
  other: ['startupAccess'],
} as const;
const OTHER_PAGES = [
  'mySettings',
  'cancellationReminder',
  'billingHistory',
  'transactionDetail',
  'paymentMethod',
  'winback',
  'serviceOffers',
  'priceInfo',
  'cancellationRequest',
  'checkoutFrame',
];

function segmentOf(random: Random): FlowSegment {
  const variations: Record<string, number> = {};
  for (const [guid, count] of EXPERIMENTS)
    if (random.next() < 0.6) variations[guid] = 1 + Math.floor(random.next() * count);
  return {
    country: random.pick(COUNTRIES),
    device: random.next() < 0.58 ? 'desktop' : 'mobile',
    userType: random.pick(USER_TYPES),
    variations,
  };
}

/** How many walks of the goal's machine measure its own goal rate before an effect is planted. */
const BASELINE_WALKS = 3000;
/** A planted visit walks again at most this often (a goal almost never reached keeps its last walk). */
const MAX_PLANTED_WALKS = 200;

/** The `--effect` value: `<guid>:<variation>=<relative lift>`, optionally `@<goal state>`. */
export function parseEffect(value: string): PlantedEffect {
  const match = /^([0-9a-fA-F-]{36}):(\d{1,4})=(-?\d+(?:\.\d+)?)(?:@([\w.]+))?$/.exec(value.trim());
  if (!match)
    throw new Error(
      `--effect ${value}: expected <experiment guid>:<variation>=<relative lift>[@<goal state>], e.g. e1000000-0000-4000-8000-000000000001:3=0.25`,
    );
  return {
    experiment: match[1]!.toLowerCase(),
    variation: Number(match[2]),
    lift: Number(match[3]),
    ...(match[4] ? { goal: match[4] } : {}),
  };
}

const isGoal = (goal: string) => (state: string) => state === goal || state.startsWith(`${goal}.`);

/** An effect checked against what the traffic can do, with its goal and machine. */
function effectPlan(effect: PlantedEffect) {
  const assigned = EXPERIMENTS.find(([guid]) => guid === effect.experiment);
  if (!assigned)
    throw new Error(
      `--effect: the traffic assigns no experiment ${effect.experiment} (it assigns ${EXPERIMENTS.map(([g]) => g).join(', ')})`,
    );
  if (!Number.isInteger(effect.variation) || effect.variation < 1 || effect.variation > assigned[1])
    throw new Error(`--effect: experiment ${effect.experiment} has variations 1 to ${assigned[1]}`);
  if (!(effect.lift > -1) || !Number.isFinite(effect.lift))
    throw new Error('--effect: the relative lift must be above −1');
  const goal = effect.goal ?? Object.values(CONFIGURED_EXPERIMENTS).find((e) => e.guid === effect.experiment)?.goal;
  if (!goal)
    throw new Error(`--effect: experiment ${effect.experiment} has no suggested goal; name one with @<goal state>`);
  const machine = goal.split('.')[0]!;
  if (!knownMachines().get(machine)?.stateSet.has(goal))
    throw new Error(`--effect: ${goal} is no state of a flow machine`);
  if (!pathModels[machine]) throw new Error(`--effect: the traffic never walks ${machine}`);
  return { ...effect, goal, machine, reached: isGoal(goal) };
}
type EffectPlan = ReturnType<typeof effectPlan>;

/** Every effect the machine (and any machine it invokes) would run, as one that never answers: the walk sends the answers. */
function silenced(machine: AnyStateMachine): AnyStateMachine {
  const actors: Record<string, AnyActorLogic> = {};
  for (const [name, logic] of Object.entries(machine.implementations.actors ?? {})) {
    const l = logic as AnyActorLogic & { root?: unknown };
    actors[name] = l.root ? silenced(l as unknown as AnyStateMachine) : fromPromise(() => new Promise<never>(() => {}));
  }
  return machine.provide({ actors } as never);
}
const silencedMachines = new Map<string, AnyStateMachine>();
const silencedOf = (name: string) => {
  let m = silencedMachines.get(name);
  if (!m) silencedMachines.set(name, (m = silenced(machines[name]!)));
  return m;
};

/** How likely an event is: effects mostly succeed; retries and errors are rarer. */
function weightOf(event: EventObject, index: number): number {
  const type = event.type;
  if (type.startsWith('xstate.error.')) return 1;
  if (type.startsWith('xstate.done.')) return index === 0 ? 12 : 4;
  if (/retry/i.test(type)) return 1;
  if (/cancel|skip|decline|back|close/i.test(type)) return 3;
  return 5;
}

/**
 * Whether the active states take an event of this type at all: a cheap look at their
 * transitions' descriptors, so the costly `snapshot.can` runs only on the few that might.
 */
function acceptedTypes(snapshot: AnyMachineSnapshot): (type: string) => boolean {
  const descriptors: string[] = [];
  for (const node of (snapshot as unknown as { _nodes: { transitions: Map<string, unknown> }[] })._nodes)
    for (const key of node.transitions.keys()) descriptors.push(key);
  return (type) =>
    descriptors.some((d) => d === type || d === '*' || (d.endsWith('.*') && type.startsWith(d.slice(0, -1))));
}

/** One visit of one machine: its path model's events, picked until it ends or the person leaves. */
function walk(name: string, random: Random, inspect: (e: never) => void, stopChance: number): void {
  const model = pathModels[name];
  if (!model) return;
  const input = model.inputs[Math.floor(random.next() * model.inputs.length)];
  let actor;
  try {
    actor = createActor(silencedOf(name), { input, inspect } as never).start();
  } catch {
    return;
  }
  try {
    for (let step = 0; step < 25; step += 1) {
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      if (snapshot.status !== 'active') break;
      // Effects are answered; on a page waiting for the person, some leave.
      const accepted = acceptedTypes(snapshot);
      const candidates = model.events(snapshot).filter((e) => accepted(e.type) && snapshot.can(e as never));
      if (candidates.length === 0) break;
      const waitsForEffect = candidates.every((e) => e.type.startsWith('xstate.'));
      if (!waitsForEffect && random.next() < stopChance) break;
      const event = random.pick(candidates.map((e, i) => [e, weightOf(e, i)] as const));
      actor.send(event as never);
    }
  } catch {
    /* a machine that throws on a synthetic answer ends its visit there */
  } finally {
    actor.stop();
  }
}

/** The share of walks of the effect's machine that reach its goal, measured on walks of their own. */
function baselineRate(plan: EffectPlan, seed: number): number {
  const random = generator(seed ^ 0x5eed_0054);
  let reached = false;
  const recorder = createFlowRecorder({
    newFlowId: () => '',
    onStep: (step) => (reached ||= step.machine === plan.machine && plan.reached(step.to)),
  });
  let hits = 0;
  for (let i = 0; i < BASELINE_WALKS; i += 1) {
    reached = false;
    walk(plan.machine, random, recorder.inspect as (e: never) => void, 0.12);
    if (reached) hits += 1;
  }
  return hits / BASELINE_WALKS;
}

/** Runs the visits and posts their transitions; answers what was sent and what the server counted. */
export async function runTraffic(options: TrafficOptions): Promise<TrafficResult> {
  const started = performance.now();
  const seed = options.seed ?? 1;
  const plans = (options.effects ?? []).map((effect) => {
    const plan = effectPlan(effect);
    const baseline = baselineRate(plan, seed);
    if (plan.lift > 0 && baseline === 0)
      throw new Error(`--effect: no walk of ${plan.machine} reached ${plan.goal}, so it cannot be made more frequent`);
    const retryChance = plan.lift > 0 ? (plan.lift * baseline) / (1 - baseline) : -plan.lift;
    if (retryChance > 1)
      throw new Error(
        `--effect: ${plan.goal} is reached by ${(baseline * 100).toFixed(1)} % of walks; a lift of ${plan.lift} would need more than all of them`,
      );
    return { ...plan, baseline, retryChance };
  });
  const only = options.machines ? new Set(options.machines) : null;
  const random = generator(seed);
  const days = options.days ?? 30;
  const now = options.now ?? Date.now();
  const batchSize = Math.min(100, options.batchSize ?? 100);
  const url = (options.url ?? process.env.TRAFFIC_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
  const send =
    options.send ??
    (async (transitions: FlowTransition[]) => {
      const response = await fetch(`${url}/api/flows/transitions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ transitions }),
      });
      const body = (await response.json().catch(() => null)) as { recorded: number; duplicates: number } | null;
      if (response.status !== 202 || !body)
        throw new Error(`POST /api/flows/transitions answered ${response.status}: ${JSON.stringify(body)}`);
      counted.recorded += body.recorded;
      counted.duplicates += body.duplicates;
    });
  const counted = { recorded: 0, duplicates: 0 };

  const pending: FlowTransition[] = [];
  let clock = 0;
  let segment: FlowSegment = segmentOf(random);
  const recorder = createFlowRecorder({
    newFlowId: random.guid,
    now: () => new Date(clock),
    onStep: (step) => {
      const id = random.guid();
      if (!only || only.has(step.machine)) pending.push({ ...step, id, segment });
      clock += 500 + Math.floor(random.next() * 5_000);
    },
  });
  const inspect = recorder.inspect as (e: never) => void;

  /** One visit of a machine; in a planted effect's variation, walked again as the effect says. */
  const visit = (name: string) => {
    const plan = plans.find((p) => p.machine === name && segment.variations[p.experiment] === p.variation);
    const mark = pending.length;
    const clockMark = clock;
    walk(name, random, inspect, 0.12);
    if (!plan) return;
    const reached = () => pending.slice(mark).some((t) => t.machine === name && plan.reached(t.to));
    const wanted = plan.lift > 0;
    if (reached() === wanted || random.next() >= plan.retryChance) return;
    for (let attempt = 1; attempt < MAX_PLANTED_WALKS; attempt += 1) {
      pending.length = mark;
      clock = clockMark;
      walk(name, random, inspect, 0.12);
      if (reached() === wanted) return;
    }
  };

  let machineRuns = 0;
  let total = 0;
  const inFlight: Promise<void>[] = [];
  const flush = async (all: boolean) => {
    while (pending.length >= batchSize || (all && pending.length > 0)) {
      const batch = pending.splice(0, batchSize);
      total += batch.length;
      inFlight.push(send(batch));
      if (inFlight.length >= 4) await inFlight.shift();
    }
  };

  for (let v = 0; v < options.visits; v += 1) {
    segment = segmentOf(random);
    // A planted effect is measured on every visitor.
    for (const plan of plans)
      segment.variations[plan.experiment] ??=
        1 + Math.floor(random.next() * EXPERIMENTS.find(([guid]) => guid === plan.experiment)![1]);
    // Spread over the days asked, ending a little before now (a visit lasts minutes).
    clock = now - 3_600_000 - Math.floor(random.next() * (days - 1 / 24) * 86_400_000);
    const path = random.pick([
      ['purchase', 55],
      ['cancellation', 30],
      ['other', 15],
    ] as const);
    const names: string[] = [...PATHS[path]];
    if (path === 'other') names.push(OTHER_PAGES[Math.floor(random.next() * OTHER_PAGES.length)]!);
    for (const [i, name] of names.entries()) {
      // Fewer people reach each later page of a path.
      if (i > 1 && random.next() < 0.25) break;
      if (only && !only.has(name)) continue;
      visit(name);
      machineRuns += 1;
    }
    await flush(false);
  }
  await flush(true);
  await Promise.all(inFlight);
  return {
    visits: options.visits,
    machineRuns,
    transitions: total,
    ...counted,
    ms: Math.round(performance.now() - started),
    effects: plans.map((p) => ({
      experiment: p.experiment,
      variation: p.variation,
      lift: p.lift,
      goal: p.goal,
      baselineRate: p.baseline,
    })),
  };
}

function argValues(args: string[], name: string): string[] {
  const values: string[] = [];
  args.forEach((a, i) => {
    if (a === `--${name}` && args[i + 1] !== undefined) values.push(args[i + 1]!);
    else if (a.startsWith(`--${name}=`)) values.push(a.slice(name.length + 3));
  });
  return values;
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

if (process.argv[1]?.endsWith('traffic.ts')) {
  const args = process.argv.slice(2);
  const visits = Number(argValue(args, 'visits') ?? 200);
  if (!Number.isInteger(visits) || visits < 1) {
    console.error(
      'usage: npm run traffic -- --visits N [--url http://127.0.0.1:8080] [--days 30] [--seed 1] [--effect <guid>:<variation>=<lift>[@<goal>]]… [--machines a,b]',
    );
    process.exit(2);
  }
  let effects: PlantedEffect[];
  try {
    effects = argValues(args, 'effect').map(parseEffect);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
  const machineList = argValue(args, 'machines')?.split(',').filter(Boolean);
  runTraffic({
    visits,
    url: argValue(args, 'url'),
    days: Number(argValue(args, 'days') ?? 30),
    seed: Number(argValue(args, 'seed') ?? 1),
    effects,
    ...(machineList ? { machines: machineList } : {}),
  })
    .then((result) => console.log(JSON.stringify(result)))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
