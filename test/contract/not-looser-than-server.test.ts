import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, type TestApi } from '../support/api-client';
import { solveCaptcha } from '../support/captcha';
import { startAppWithFrontEnd } from '../security/support';
import type { JsonSchema, OpenApiDocument } from '../fuzz/valid-requests';
import { checkTransitions } from '../../server/services/flow-recording';
import { flowRange } from '../../server/services/flow-counts';
import { knownMachines } from '../../server/services/flow-graph';
import { INIT_EVENT } from '../../machines/flow-edges';
import { startsAfterEnd } from '../../src/api/schemas/payments';
import { casesOf, checkerFor, operationsOf, serialize, type Case, type Operation } from './request-cases';

/**
 * The contract is not looser than the server (issue 52). For every operation of the published
 * /api/openapi.json, requests drawn from the document's own schemas: the ones it calls valid, at
 * their edges and at random, must never be refused with 400; the ones it calls invalid, each
 * breaking one constraint, must never be taken (2xx). A valid request may still meet 403, 404 or
 * 409 (another person's id, an id that does not exist, a state that forbids it).
 *
 * Refinements JSON Schema cannot express are written in the operation's description; the test
 * knows them by that text, and leaves out the valid-shaped requests they refuse.
 */

const SEED = Number(process.env.CONTRACT_SEED ?? 5252);
const RANDOM_RUNS = Number(process.env.CONTRACT_RANDOM_RUNS ?? 4);
const SIGNED_IN = 'active-us';
/** Stands in for a solved captcha in the cases (it is base64, as the schema wants); each request gets a fresh solution. */
const CAPTCHA_PLACEHOLDER = 'U09MVkVE';
/** CONTRACT_ONLY=<regex>: only the operations whose `METHOD /path` it matches (to look into one). */
const ONLY = process.env.CONTRACT_ONLY ? new RegExp(process.env.CONTRACT_ONLY) : undefined;

const passes = (check: () => unknown) => {
  try {
    check();
    return true;
  } catch {
    return false;
  }
};
const rangeRule = {
  says: /`from` must not be after `to`, and the range is shorter than/,
  holds: ({ params }: Case) => passes(() => flowRange(params as { from?: string; to?: string })),
};

/**
 * Rules that the document states in words, keyed by operationId: what the description says, and
 * the rule itself (the server's own function where it has one). Valid-shaped requests that break
 * them are not sent: the server refuses them, as the description says.
 */
const REFINEMENTS: Record<string, { says: RegExp; holds: (c: Case) => boolean }> = {
  getPaymentsByUserIdTransactions: {
    says: /startDate must not be after endDate/,
    holds: ({ params }) =>
      !params.startDate || !params.endDate || !startsAfterEnd(String(params.startDate), String(params.endDate)),
  },
  getFlowsMachines: rangeRule,
  getFlowsSegments: rangeRule,
  getFlowsMachinesByMachineCounts: rangeRule,
  getFlowsExperimentsByGuidResults: rangeRule,
  postFlowsTransitions: {
    says: /an unknown machine, a state or edge the machine does not have, step 0 that is not the start of a visit, or `at` outside the last 35 days/,
    holds: ({ body }) =>
      passes(() => checkTransitions((body as { transitions: Parameters<typeof checkTransitions>[0] }).transitions)),
  },
};

/** Fields whose valid values only the server can give, each named in the operation's description. */
const ONLY_REAL_VALUES: Record<string, RegExp> = { captcha: /solved captcha/ };

/** A transition the app could have sent: the start of a visit of a machine in the registry. */
function realTransitions() {
  const [name, machine] = [...knownMachines()][0]!;
  const to = machine.edges.find((edge) => edge.from === null)!.to;
  return [
    {
      id: crypto.randomUUID(),
      machine: name,
      flowId: crypto.randomUUID(),
      seq: 0,
      from: null,
      event: INIT_EVENT,
      to,
      at: new Date().toISOString(),
      segment: { country: 'US', device: 'desktop', userType: 'ACTV', variations: {} },
    },
  ];
}

describe('the published contract is not looser than the server', () => {
  let api: TestApi;
  let doc: OpenApiDocument & { paths: Record<string, Record<string, any>> };
  let subscriptionId: number;
  let transactionId: number;

  beforeAll(async () => {
    const high = '100000000';
    api = await startAppWithFrontEnd('pglite', {
      RATE_LIMIT_CANCELLATION: high,
      RATE_LIMIT_TELEMETRY: high,
      RATE_LIMIT_CAPTCHA: high,
      RATE_LIMIT_FRESH_PERSONA: high,
    });
    // A captcha as cheap as can be: every valid cancellation request carries a solved one.
    Object.assign(api.config.captcha, { cost: 1, counterMin: 1, counterMax: 2 });
    doc = (await api.get('/api/openapi.json')).body;
    const uid = PERSONA_UID[SIGNED_IN];
    subscriptionId = Number(
      (
        await api.db.query<{ id: string }>(
          'select subscription_id as id from subscriptions where user_uid = $1 order by subscription_id limit 1',
          [uid],
        )
      )[0]!.id,
    );
    transactionId = Number(
      (
        await api.db.query<{ id: string }>(
          'select transaction_id as id from transactions where user_uid = $1 order by transaction_id limit 1',
          [uid],
        )
      )[0]!.id,
    );
  });
  afterAll(() => api?.close());

  /** Real ids and values of the signed-in person, by field name: the document cannot know them. */
  const fixed = (name: string): unknown => {
    if (name === 'captcha') return CAPTCHA_PLACEHOLDER;
    if (/^(user_?uid|userId|userUid|UserUID|UserGuid|uid)$/i.test(name)) return PERSONA_UID[SIGNED_IN];
    return undefined;
  };
  const known =
    (op: Operation) =>
    (name: string, schema: JsonSchema): unknown => {
      const isInteger = schema.type === 'integer' || schema.type === undefined;
      if (name === 'persona') return SIGNED_IN;
      if (name === 'transitions') return realTransitions();
      if (!isInteger) return undefined;
      if (/sku_?id/i.test(name)) return 102;
      if (/subscription_id/i.test(name) || (name === 'id' && op.path.includes('subscriptions'))) return subscriptionId;
      if (/^(order_?id|orderid|transactionId)$/i.test(name) || (name === 'id' && op.path.includes('payments')))
        return transactionId;
      return undefined;
    };

  it('refuses no request the document calls valid, and takes none it calls invalid', async () => {
    const operations = operationsOf(doc).filter((op) => !ONLY || ONLY.test(`${op.method} ${op.path}`));
    let cookie = await api.signIn(SIGNED_IN);
    const failures: string[] = [];
    const counts = { operations: 0, valid: 0, invalid: 0, notChecked: 0 };
    const started = performance.now();

    const send = async (op: Operation, c: Case): Promise<{ status: number; text: string } | undefined> => {
      let url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(serialize(c.params[name])));
      const query = op.parameters
        .filter((p) => p.in === 'query' && c.params[p.name] !== undefined)
        .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(serialize(c.params[p.name]))}`);
      if (query.length) url += `?${query.join('&')}`;
      let body = c.body;
      if (body && typeof body === 'object' && (body as Record<string, unknown>).captcha === CAPTCHA_PLACEHOLDER)
        body = { ...body, captcha: await solveCaptcha(api) };
      const headers: Record<string, string> = { cookie };
      if (op.body) headers['content-type'] = 'application/json';
      try {
        const response = await api.raw(url, {
          method: op.method,
          headers,
          ...(op.body ? { body: JSON.stringify(body) } : {}),
        });
        const text = await response.text();
        // A sign-in or sign-out call ended this session: sign in again for the next request.
        if (response.headers.getSetCookie().some((set) => set.startsWith('rp_session=')))
          cookie = await api.signIn(SIGNED_IN);
        return { status: response.status, text };
      } catch (error) {
        failures.push(
          `${op.method} ${url} (${c.why}): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        );
        return undefined;
      }
    };

    const timeByOperation: { op: string; ms: number }[] = [];
    const withoutValidRequest: string[] = [];
    for (const op of operations) {
      const opStarted = performance.now();
      counts.operations++;
      const refinement = REFINEMENTS[op.operationId];
      if (refinement && !refinement.says.test(op.description))
        failures.push(`${op.operationId}: its description does not state the rule the test knows (${refinement.says})`);
      const isValid = checkerFor(op);
      const onlyFixed = (name: string) => {
        const says = ONLY_REAL_VALUES[name];
        if (says && !says.test(op.description))
          failures.push(`${op.operationId}: its description does not say ${name} must be real (${says})`);
        return Boolean(says);
      };
      const { valid, invalid } = casesOf(op, {
        context: { userUid: PERSONA_UID[SIGNED_IN], skuId: 102 },
        known: known(op),
        fixed,
        onlyFixed,
        randomRuns: RANDOM_RUNS,
        seed: SEED,
      });
      const validBefore = counts.valid;
      for (const c of valid) {
        if (!isValid(c)) {
          counts.notChecked++;
          continue;
        }
        if (refinement && !refinement.holds(c)) continue;
        counts.valid++;
        const answer = await send(op, c);
        if (answer?.status === 400)
          failures.push(`${op.method} ${op.path}: valid (${c.why}) refused 400: ${answer.text.slice(0, 200)}`);
      }
      if (counts.valid === validBefore) withoutValidRequest.push(`${op.method} ${op.path}`);
      for (const c of invalid) {
        if (isValid(c)) {
          counts.notChecked++;
          continue;
        }
        counts.invalid++;
        const answer = await send(op, c);
        if (answer && answer.status >= 200 && answer.status < 300)
          failures.push(`${op.method} ${op.path}: invalid (${c.why}) taken ${answer.status}`);
      }
      timeByOperation.push({ op: `${op.method} ${op.path}`, ms: performance.now() - opStarted });
    }
    console.log(
      timeByOperation
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 8)
        .map((t) => `  ${t.ms.toFixed(0)} ms ${t.op}`)
        .join('\n'),
    );
    console.log(
      `contract vs server: ${counts.operations} operations, ${counts.valid} valid and ${counts.invalid} invalid requests in ${((performance.now() - started) / 1000).toFixed(1)} s` +
        ` (${counts.notChecked} drawn cases the document judged otherwise were not sent)`,
    );
    expect(failures).toEqual([]);
    // No operation is left out: each got at least one request its document calls valid.
    expect(withoutValidRequest).toEqual([]);
    if (!ONLY)
      expect(counts.operations).toBe(Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0));
  }, 120_000);
});
