/** The logged-out cancellation form's paths the browser drives (cancellation-request.paths.spec.ts). */
import type { AnyMachineSnapshot } from 'xstate';
import { browserPlan } from './plan';

const inForm = (s: AnyMachineSnapshot, region: string, state: string) => s.matches({ form: { [region]: state } });

/** Whether the page offers a way to make `type` happen in state `s`. */
function pageOffers(type: string, s: AnyMachineSnapshot): boolean {
  if (s.status !== 'active') return false;
  const submitting = inForm(s, 'submission', 'submitting');
  switch (type) {
    case 'form.email.changed':
    case 'form.email.blurred':
    case 'form.accountId.changed':
    case 'form.accountId.blurred':
    case 'form.extraordinary.toggled':
    case 'form.submitted':
      return !submitting;
    case 'form.reason.changed':
      return !submitting && inForm(s, 'termination', 'extraordinary');
    // The widget can be checked while it is not verified; once verified it stays so.
    case 'form.captcha.solved':
    case 'form.captcha.failed':
      return !submitting && !inForm(s, 'captcha', 'solved');
    case 'form.retried':
      return inForm(s, 'submission', 'failed');
    case 'xstate.done.actor.submitCancellationRequest':
    case 'xstate.error.actor.submitCancellationRequest':
      return submitting;
    default:
      return false;
  }
}

export const cancellationRequestPlan = browserPlan({
  machine: 'cancellationRequest',
  pageOffers,
  notDriven: {
    'cancellationRequest.form.captcha.untouched --form.captcha.checked--> cancellationRequest.form.captcha.invalid':
      'raised by the machine itself when a submit meets errors (checkEveryField): the browser takes it on every submit with an untouched check, but a raised event is not a step a page can drive',
    'cancellationRequest.form.termination --form.date.changed--> (self)':
      'the termination date is typed into the date picker’s segments; e2e/cancellation-request.spec.ts and compliance-312k.spec.ts drive it, the path driver does not',
  },
});
