import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  serviceIntakeMachine,
  type IntakeRecord,
  type ServiceIntakeOutput,
  type SubmitIntakeInput,
} from '../../machines/service-intake.machine';
import {
  answersOf,
  EMPTY_ANSWERS,
  EMPTY_DRAFT,
  intakeErrors,
  intakeFieldRule,
  INTAKE_FIELDS,
  normalizedAnswers,
  sendFailureOf,
  type IntakeAnswers,
} from '../../machines/service-intake.rules';
import { serviceKindOf, type ServiceKind } from '../../machines/service-products.rules';
import { intakeExit, intakeServiceFor } from '../../src/features/services/service-intake-effects';
import { intakeRecords, outage, refused } from './models/serviceIntake.model';
import { hrefOfDestination } from '../../src/routing/route-target';

describe('service rules', () => {
  it.each([
    ['RSMRVW', 'resumeReview'],
    ['rstune', 'tuneUp'],
    ['RSWRIT-UK', 'resumeWriting'],
    ['CLWRIT_DE', 'coverLetterWriting'],
    ['RSWRITER', null],
    ['RSMBLD', null],
    ['BOLDPRO', null],
    ['', null],
    [null, null],
  ] as const)('product %s is the service %s', (product, kind) => {
    expect(serviceKindOf(product)).toBe(kind);
  });

  it('the intake page is chosen by product id, else by its route', () => {
    expect(intakeServiceFor('resumeTuneup', null)).toBe('tuneUp');
    expect(intakeServiceFor('availResumeReview', null)).toBe('resumeReview');
    expect(intakeServiceFor('resumeReview', 'CLWRIT')).toBe('coverLetterWriting');
    expect(intakeServiceFor('coverLetterWriting', 'RSMBLD')).toBe('coverLetterWriting');
  });

  const valid: IntakeAnswers = {
    targetJobTitle: 'Nurse',
    yearsExperience: 4,
    industry: 'Health care',
    companyName: 'St. Mary',
    comments: '',
  };
  it.each([
    ['resumeReview', {}, {}],
    ['resumeReview', { targetJobTitle: ' ' }, { targetJobTitle: 'required' }],
    ['resumeReview', { targetJobTitle: 'x' }, { targetJobTitle: 'tooShort' }],
    ['resumeReview', { targetJobTitle: 'x'.repeat(101) }, { targetJobTitle: 'tooLong' }],
    ['resumeReview', { comments: 'x'.repeat(1001) }, { comments: 'tooLong' }],
    // A review does not ask for years: an empty one is fine.
    ['resumeReview', { yearsExperience: null }, {}],
    ['tuneUp', { yearsExperience: null }, { yearsExperience: 'required' }],
    ['tuneUp', { yearsExperience: 2.5 }, { yearsExperience: 'notWholeYears' }],
    ['tuneUp', { yearsExperience: Number.NaN }, { yearsExperience: 'notWholeYears' }],
    ['tuneUp', { yearsExperience: 61 }, { yearsExperience: 'outOfRange' }],
    ['resumeWriting', { industry: '' }, { industry: 'required' }],
    ['coverLetterWriting', { companyName: '' }, { companyName: 'required' }],
  ] as const)('%s with %o is refused as %o', (kind, overrides, errors) => {
    expect(intakeErrors(kind, { ...valid, ...overrides })).toEqual(errors);
  });

  it('each field names its bounds, and every one is required but the comments', () => {
    expect(intakeFieldRule('targetJobTitle')).toEqual({ required: true, min: 2, max: 100 });
    expect(intakeFieldRule('yearsExperience')).toEqual({ required: true, min: 0, max: 60 });
    expect(intakeFieldRule('comments')).toEqual({ required: false, min: 2, max: 1000 });
  });

  it('each service asks its own questions, and only those are stored', () => {
    expect(INTAKE_FIELDS.coverLetterWriting).toEqual(['targetJobTitle', 'companyName', 'comments']);
    expect(normalizedAnswers('resumeReview', { ...valid, targetJobTitle: ' Nurse ' })).toEqual({
      ...EMPTY_ANSWERS,
      targetJobTitle: 'Nurse',
    });
    expect(answersOf({ ...EMPTY_DRAFT, yearsExperience: ' 7 ' }).yearsExperience).toBe(7);
    expect(answersOf({ ...EMPTY_DRAFT, yearsExperience: 'seven' }).yearsExperience).toBeNaN();
    expect(answersOf(EMPTY_DRAFT).yearsExperience).toBeNull();
  });

  it('a refusal naming fields is corrected, anything else retried', () => {
    expect(sendFailureOf(refused)).toEqual({ kind: 'rejected', errors: { targetJobTitle: 'tooShort' } });
    expect(sendFailureOf({ kind: 'rejected', fields: { body: 'bad' } })).toEqual({ kind: 'unavailable' });
    expect(sendFailureOf(outage)).toEqual({ kind: 'unavailable' });
    expect(sendFailureOf(new Error('offline'))).toEqual({ kind: 'unavailable' });
  });

  it('leaves for checkout with the service, or for the dashboard', () => {
    expect(
      hrefOfDestination(intakeExit({ next: 'checkout', skuId: 125 }, { dashboardUrl: '/dashboard', mobile: false })),
    ).toBe('/payment/checkout?skuid=125');
    expect(
      hrefOfDestination(intakeExit({ next: 'checkout', skuId: 125 }, { dashboardUrl: '/dashboard', mobile: true })),
    ).toBe('/payment/mobile/checkout?skuid=125');
    expect(hrefOfDestination(intakeExit({ next: 'dashboard' }, { dashboardUrl: '/dashboard', mobile: true }))).toBe(
      '/dashboard',
    );
  });
});

function start(
  options: {
    service?: ServiceKind;
    load?: IntakeRecord;
    submit?: (input: SubmitIntakeInput) => Promise<IntakeRecord>;
    fromUpsells?: boolean;
  } = {},
) {
  const calls: { sent: SubmitIntakeInput[]; left: ServiceIntakeOutput[] } = { sent: [], left: [] };
  const machine = serviceIntakeMachine.provide({
    actors: {
      loadIntake: fromPromise(async () => options.load ?? intakeRecords.awaiting),
      submitIntake: fromPromise(async ({ input }: { input: SubmitIntakeInput }) => {
        calls.sent.push(input);
        return options.submit ? options.submit(input) : { ...intakeRecords.answered, answers: input.answers };
      }),
    },
    actions: { leaveIntake: (_, output) => calls.left.push(output) },
  });
  const actor = createActor(machine, {
    input: {
      userUid: 'u-1',
      service: options.service ?? 'tuneUp',
      orderId: 700100,
      fromUpsells: options.fromUpsells ?? false,
    },
  }).start();
  return { actor, calls };
}

describe('serviceIntake machine', () => {
  it('the form can be left for later at the end of the upsell sequence: the dashboard, nothing sent', async () => {
    const { actor, calls } = start({ service: 'resumeReview', fromUpsells: true });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'intake.change', field: 'targetJobTitle', value: 'Chef' });
    expect(actor.getSnapshot().can({ type: 'intake.dashboard' })).toBe(true);
    actor.send({ type: 'intake.dashboard' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls.left).toEqual([{ next: 'dashboard' }]);
    expect(calls.sent).toEqual([]);
  });

  it('reached from anywhere but the upsells, the form offers no "do this later"', async () => {
    const { actor, calls } = start({ service: 'resumeReview', fromUpsells: false });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().can({ type: 'intake.dashboard' })).toBe(false);
    actor.send({ type: 'intake.dashboard' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(calls.left).toEqual([]);
  });

  it('refuses bad answers without sending, then sends the corrected ones once', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'intake.change', field: 'targetJobTitle', value: 'Chef' });
    actor.send({ type: 'intake.change', field: 'yearsExperience', value: 'many' });
    actor.send({ type: 'intake.submit' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({ yearsExperience: 'notWholeYears' });
    expect(calls.sent).toEqual([]);
    actor.send({ type: 'intake.change', field: 'yearsExperience', value: '12' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'intake.submit' });
    const done = await waitFor(actor, (s) => s.matches('answered'));
    expect(calls.sent).toEqual([
      {
        service: 'tuneUp',
        orderId: 700100,
        answers: { ...EMPTY_ANSWERS, targetJobTitle: 'Chef', yearsExperience: 12 },
      },
    ]);
    expect(done.context.draft.yearsExperience).toBe('12');
  });

  it('a failed send keeps every answer and offers a retry; a refusal shows the server’s fields', async () => {
    let attempt = 0;
    const { actor, calls } = start({
      service: 'resumeReview',
      submit: async (input) => {
        attempt += 1;
        if (attempt === 1) throw outage;
        if (attempt === 2) throw refused;
        return { ...intakeRecords.answered, answers: input.answers };
      },
    });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'intake.change', field: 'targetJobTitle', value: 'Chef' });
    actor.send({ type: 'intake.change', field: 'comments', value: 'Night shifts only' });
    actor.send({ type: 'intake.submit' });
    const failed = await waitFor(actor, (s) => s.matches('sendFailed'));
    expect(failed.context.draft).toMatchObject({ targetJobTitle: 'Chef', comments: 'Night shifts only' });
    actor.send({ type: 'intake.retry' });
    const corrected = await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    expect(corrected.context.errors).toEqual({ targetJobTitle: 'tooShort' });
    actor.send({ type: 'intake.submit' });
    await waitFor(actor, (s) => s.matches('answered'));
    expect(calls.sent).toHaveLength(3);
  });

  it('answers already given are shown, not asked again; someone without an order may buy the service', async () => {
    const answered = start({ load: intakeRecords.answered });
    const shown = await waitFor(answered.actor, (s) => s.matches('answered'));
    expect(shown.context.draft.targetJobTitle).toBe('Product designer');
    expect(shown.can({ type: 'intake.submit' })).toBe(false);

    const buyer = start({ load: intakeRecords.notPurchased });
    await waitFor(buyer.actor, (s) => s.matches('notPurchased'));
    buyer.actor.send({ type: 'intake.buy' });
    expect(buyer.calls.left).toEqual([{ next: 'checkout', skuId: 120 }]);

    const notSold = start({ load: { ...intakeRecords.notPurchased, skuId: null } });
    const s = await waitFor(notSold.actor, (x) => x.matches('notPurchased'));
    expect(s.can({ type: 'intake.buy' })).toBe(false);
  });
});
