import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  cancellationRequestMachine,
  type CancellationReceiptData,
  type SubmitInput,
} from '../../machines/cancellation-request.machine';
import {
  isDateFieldShown,
  isSelectableDate,
  localDateTime,
  terminationDateToIso,
  toRequestBody,
} from '../../machines/cancellation-request.rules';
import { accountIdError, emailError, isValidAccountId, isValidEmail } from '../../machines/validation.rules';

const receipt: CancellationReceiptData = {
  CancellationNumber: 'CN1',
  ReceivedAt: '2026-11-22T10:00:00.000Z',
  EffectiveDate: null,
};

function startForm(submit: (input: SubmitInput) => Promise<CancellationReceiptData>) {
  const calls: SubmitInput[] = [];
  const shown: string[] = [];
  const machine = cancellationRequestMachine.provide({
    actions: { showReceipt: () => void shown.push('receipt') },
    actors: {
      submitRequest: fromPromise<CancellationReceiptData, SubmitInput>(async ({ input }) => {
        calls.push(input);
        return submit(input);
      }),
    },
  });
  return { actor: createActor(machine, { input: { dateHiddenByConfig: false } }).start(), calls, shown };
}

function fillValid(actor: ReturnType<typeof startForm>['actor']) {
  actor.send({ type: 'form.email.changed', value: ' Lena.Schneider@Example.DE ' });
  actor.send({ type: 'form.email.blurred' });
  actor.send({ type: 'form.accountId.changed', value: '100000008' });
  actor.send({ type: 'form.accountId.blurred' });
  actor.send({ type: 'form.captcha.solved', payload: 'proof' });
}

describe('the cancellation request form machine', () => {
  it('starts with every field untouched and judges a field when it is left', () => {
    const { actor } = startForm(async () => receipt);
    expect(
      actor.getSnapshot().matches({ form: { email: 'untouched', accountId: 'untouched', captcha: 'untouched' } }),
    ).toBe(true);
    actor.send({ type: 'form.email.changed', value: 'nope' });
    expect(actor.getSnapshot().matches({ form: { email: 'untouched' } })).toBe(true);
    actor.send({ type: 'form.email.blurred' });
    expect(actor.getSnapshot().matches({ form: { email: 'invalid' } })).toBe(true);
    actor.send({ type: 'form.email.changed', value: 'ok@example.com' });
    expect(actor.getSnapshot().matches({ form: { email: 'valid' } })).toBe(true);
  });

  it('blocks submit, shows every error and sends nothing until all fields are valid', () => {
    const { actor, calls } = startForm(async () => receipt);
    actor.send({ type: 'form.email.changed', value: 'ok@example.com' });
    actor.send({ type: 'form.submitted' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.errorsRevealed).toBe(true);
    expect(
      snapshot.matches({ form: { email: 'valid', accountId: 'invalid', captcha: 'invalid', submission: 'idle' } }),
    ).toBe(true);
    expect(calls).toHaveLength(0);
    expect(snapshot.can({ type: 'form.submitted' })).toBe(true);
  });

  it('submits lowercased values once and ends on the receipt', async () => {
    const { actor, calls, shown } = startForm(async () => receipt);
    fillValid(actor);
    actor.send({ type: 'form.submitted' });
    actor.send({ type: 'form.submitted' });
    expect(shown, 'nothing to show before the answer').toEqual([]);
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(shown, 'the receipt page is shown once').toEqual(['receipt']);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      values: { email: 'lena.schneider@example.de', accountId: '100000008' },
      captchaPayload: 'proof',
    });
    expect(done.output).toEqual({ receipt });
  });

  it('keeps the input after a failure and succeeds on retry', async () => {
    let attempts = 0;
    const { actor, calls } = startForm(async () => {
      attempts += 1;
      if (attempts === 1) throw Object.assign(new Error('offline'), { kind: 'network' });
      return receipt;
    });
    fillValid(actor);
    actor.send({ type: 'form.reason.changed', value: 'kept' });
    actor.send({ type: 'form.submitted' });
    const failed = await waitFor(actor, (s) => s.matches({ form: { submission: 'failed' } }));
    expect(failed.context.failure).toBe('network');
    expect(failed.context.values).toMatchObject({
      email: 'lena.schneider@example.de',
      accountId: '100000008',
      reason: 'kept',
    });
    expect(failed.matches({ form: { email: 'valid', accountId: 'valid', captcha: 'solved' } })).toBe(true);
    actor.send({ type: 'form.retried' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toHaveLength(2);
  });

  it('reports a rate limit and a server failure apart', async () => {
    const { actor } = startForm(async () => {
      throw { kind: 'rateLimited' };
    });
    fillValid(actor);
    actor.send({ type: 'form.submitted' });
    expect((await waitFor(actor, (s) => s.matches({ form: { submission: 'failed' } }))).context.failure).toBe(
      'rateLimited',
    );
    const other = startForm(async () => {
      throw new Error('boom');
    });
    fillValid(other.actor);
    other.actor.send({ type: 'form.submitted' });
    expect((await waitFor(other.actor, (s) => s.matches({ form: { submission: 'failed' } }))).context.failure).toBe(
      'server',
    );
  });

  it('switches between ordinary and extraordinary termination', () => {
    const { actor } = startForm(async () => receipt);
    actor.send({ type: 'form.extraordinary.toggled' });
    expect(actor.getSnapshot().matches({ form: { termination: 'extraordinary' } })).toBe(true);
    expect(actor.getSnapshot().context.values.extraordinary).toBe(true);
    actor.send({ type: 'form.extraordinary.toggled' });
    expect(actor.getSnapshot().context.values.extraordinary).toBe(false);
  });
});

describe('cancellation request rules', () => {
  const now = new Date(2026, 10, 22, 14, 30, 5);

  it.each([
    ['name@example.com', true],
    ['Name@Example.COM', true],
    ['  name@example.de  ', true],
    ['name@[192.168.0.1]', true],
    ['name@example.c', false],
    ['name@example', false],
    ['name example.com', false],
    ['', false],
  ])('e-mail %j valid: %s', (value, valid) => {
    expect(isValidEmail(value)).toBe(valid);
  });

  it.each([
    ['1', true],
    ['100000008', true],
    ['1'.repeat(128), true],
    ['1'.repeat(129), false],
    ['12ab', false],
    ['-1', false],
    ['', false],
  ])('account id %j valid: %s', (value, valid) => {
    expect(isValidAccountId(value)).toBe(valid);
  });

  it('names the kind of error for empty and malformed fields', () => {
    expect(emailError('   ')).toBe('required');
    expect(emailError('x@')).toBe('invalid');
    expect(accountIdError('')).toBe('required');
    expect(accountIdError('a')).toBe('invalid');
    expect(accountIdError('42')).toBeNull();
  });

  it('sends today as now and a later day as local midnight', () => {
    expect(terminationDateToIso('2026-11-22', now)).toBe(now.toISOString());
    expect(terminationDateToIso('2026-12-31', now)).toBe(new Date(2026, 11, 31).toISOString());
  });

  it('disables past dates', () => {
    expect(isSelectableDate('2026-11-21', now)).toBe(false);
    expect(isSelectableDate('2026-11-22', now)).toBe(true);
    expect(isSelectableDate('2027-01-01', now)).toBe(true);
  });

  it('sends the request time as local time without a zone', () => {
    expect(localDateTime(now)).toBe('2026-11-22T14:30:05');
  });

  it('builds the request: a reason only when extraordinary, a date only when ordinary and shown', () => {
    const values = {
      email: ' A@B.de ',
      accountId: ' 42 ',
      extraordinary: false,
      reason: 'ignored',
      date: '2026-12-31',
    };
    expect(toRequestBody(values, { portalId: 3, dateHidden: false, now })).toEqual({
      email_address: 'a@b.de',
      portal_id: 3,
      account_id: '42',
      is_extraordinary_cancellation: false,
      cancellation_date: new Date(2026, 11, 31).toISOString(),
      cancellation_request_time: '2026-11-22T14:30:05',
    });
    expect(toRequestBody(values, { portalId: 3, dateHidden: true, now }).cancellation_date).toBeUndefined();
    const extraordinary = toRequestBody(
      { ...values, extraordinary: true, reason: ' Moved ' },
      { portalId: 3, dateHidden: false, now },
    );
    expect(extraordinary).toMatchObject({ is_extraordinary_cancellation: true, cancellation_reason: 'Moved' });
    expect(extraordinary.cancellation_date).toBeUndefined();
  });

  it.each([
    [false, false, true],
    [true, false, false],
    [false, true, false],
    [true, true, false],
  ])('date field with extraordinary %s and hidden by config %s is shown: %s', (extraordinary, hidden, shown) => {
    expect(isDateFieldShown(extraordinary, hidden)).toBe(shown);
  });
});
