import type { PathModel } from '../coverage';
import { isValidAccountId, isValidEmail } from '../../../machines/validation.rules';

const FORM_EVENTS = [
  { type: 'form.email.changed', value: 'Lena.Schneider@Example.de' },
  { type: 'form.email.changed', value: 'not-an-email' },
  { type: 'form.email.blurred' },
  { type: 'form.accountId.changed', value: '100000008' },
  { type: 'form.accountId.changed', value: '12ab' },
  { type: 'form.accountId.blurred' },
  { type: 'form.captcha.solved', payload: 'proof' },
  { type: 'form.captcha.failed' },
  { type: 'form.captcha.checked' },
  { type: 'form.extraordinary.toggled' },
  { type: 'form.reason.changed', value: 'Moved abroad' },
  { type: 'form.date.changed', value: '2030-01-31' },
  { type: 'form.submitted' },
  { type: 'form.retried' },
];

const receipt = { CancellationNumber: 'CN20261122000001', ReceivedAt: '2026-11-22T10:00:00.000Z', EffectiveDate: null };

export const cancellationRequestModel: PathModel = {
  inputs: [{ dateHiddenByConfig: false }],
  events: (snapshot) =>
    snapshot.matches({ form: { submission: 'submitting' } })
      ? [
          { type: 'xstate.done.actor.submitCancellationRequest', output: receipt },
          { type: 'xstate.error.actor.submitCancellationRequest', error: { kind: 'network' } },
        ]
      : FORM_EVENTS,
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      isValidEmail(snapshot.context.values.email),
      isValidAccountId(snapshot.context.values.accountId),
      snapshot.context.values.extraordinary,
    ]),
};
