/**
 * Synthetic traffic for the flow explorer: N random visitors run the REAL machines of
 * machines/index.ts, with their real guards and rules, recorded by the app's own recorder and
 * posted, in batches, to the same API the app uses (POST /api/flows/transitions).
 *
 *   npm run traffic -- --visits 2000 [--url http://127.0.0.1:8080] [--days 30] [--seed 1]
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
 */
import { createActor, fromPromise, type AnyActorLogic, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { machines } from '../machines';
import { createFlowRecorder } from '../src/flows/recorder';
import type { FlowSegment, FlowTransition } from '../src/api/schemas/flows';
import { pathModels } from '../test/machines/models';

export interface TrafficOptions {
  visits: number;
  /** The server's origin; the API is under /api. */
  url?: string;
  days?: number;
  seed?: number;
  /** Transitions per POST (the API takes at most 100). */
  batchSize?: number;
  /** Instead of posting (tests, the bench): gets every batch. */
  send?: (transitions: FlowTransition[]) => Promise<void>;
  now?: number;
}

export interface TrafficResult {
  visits: number;
  machineRuns: number;
  transitions: number;
  recorded: number;
  duplicates: number;
  ms: number;
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

const COUNTRIES = [['US', 40], ['GB', 14], ['DE', 12], ['IN', 10], ['CA', 8], ['FR', 8], ['ES', 8]] as const;
const USER_TYPES = [['GUST', 30], ['NEW', 20], ['TRIL', 12], ['ACTV', 25], ['EXPD', 8], ['SUSP', 5]] as const;
/** Experiments of the seeded remote configuration, with their number of variations. */
const EXPERIMENTS = [
  ['e1000000-0000-4000-8000-000000000001', 6],
  ['e1000000-0000-4000-8000-000000000002', 4],
  ['e1000000-0000-4000-8000-000000000003', 4],
  ['e1000000-0000-4000-8000-000000000021', 3],
] as const;

const PATHS = {
  purchase: ['startupAccess', 'lowIntentOffer', 'purchaseFunnel', 'orderConfirmation', 'upsellSequence', 'upsellOffers', 'serviceIntake'],
  cancellation: ['startupAccess', 'manageSubscription', 'preCancel', 'cancellationSurvey', 'freeReview', 'saveOffers', 'finalOffer', 'cancellationConfirm', 'cancellationRating'],
  other: ['startupAccess'],
} as const;
const OTHER_PAGES = ['mySettings', 'cancellationReminder', 'billingHistory', 'transactionDetail', 'paymentMethod', 'winback', 'serviceOffers', 'priceInfo', 'cancellationRequest', 'checkoutFrame'];

function segmentOf(random: Random): FlowSegment {
  const variations: Record<string, number> = {};
  for (const [guid, count] of EXPERIMENTS) if (random.next() < 0.6) variations[guid] = 1 + Math.floor(random.next() * count);
  return { country: random.pick(COUNTRIES), device: random.next() < 0.58 ? 'desktop' : 'mobile', userType: random.pick(USER_TYPES), variations };
}

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
      const candidates = model.events(snapshot).filter((e) => snapshot.can(e as never));
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

/** Runs the visits and posts their transitions; answers what was sent and what the server counted. */
export async function runTraffic(options: TrafficOptions): Promise<TrafficResult> {
  const started = performance.now();
  const random = generator(options.seed ?? 1);
  const days = options.days ?? 30;
  const now = options.now ?? Date.now();
  const batchSize = Math.min(100, options.batchSize ?? 100);
  const url = (options.url ?? process.env.TRAFFIC_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
  const send =
    options.send ??
    (async (transitions: FlowTransition[]) => {
      const response = await fetch(`${url}/api/flows/transitions`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ transitions }) });
      const body = (await response.json().catch(() => null)) as { recorded: number; duplicates: number } | null;
      if (response.status !== 202 || !body) throw new Error(`POST /api/flows/transitions answered ${response.status}: ${JSON.stringify(body)}`);
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
      pending.push({ ...step, id: random.guid(), segment });
      clock += 500 + Math.floor(random.next() * 5_000);
    },
  });
  const inspect = recorder.inspect as (e: never) => void;

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
    // Spread over the days asked, ending a little before now (a visit lasts minutes).
    clock = now - 3_600_000 - Math.floor(random.next() * (days - 1 / 24) * 86_400_000);
    const path = random.pick([['purchase', 55], ['cancellation', 30], ['other', 15]] as const);
    const names: string[] = [...PATHS[path]];
    if (path === 'other') names.push(OTHER_PAGES[Math.floor(random.next() * OTHER_PAGES.length)]!);
    for (const [i, name] of names.entries()) {
      // Fewer people reach each later page of a path.
      if (i > 1 && random.next() < 0.25) break;
      walk(name, random, inspect, 0.12);
      machineRuns += 1;
    }
    await flush(false);
  }
  await flush(true);
  await Promise.all(inFlight);
  return { visits: options.visits, machineRuns, transitions: total, ...counted, ms: Math.round(performance.now() - started) };
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

if (process.argv[1]?.endsWith('traffic.ts')) {
  const args = process.argv.slice(2);
  const visits = Number(argValue(args, 'visits') ?? 200);
  if (!Number.isInteger(visits) || visits < 1) {
    console.error('usage: npm run traffic -- --visits N [--url http://127.0.0.1:8080] [--days 30] [--seed 1]');
    process.exit(2);
  }
  runTraffic({ visits, url: argValue(args, 'url'), days: Number(argValue(args, 'days') ?? 30), seed: Number(argValue(args, 'seed') ?? 1) })
    .then((result) => console.log(JSON.stringify(result)))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
