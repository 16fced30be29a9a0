/**
 * The pieces every cancellation step shows the same way: the "nothing to cancel" end, and the pair of "cancel" and "keep" buttons in the order the step's rules chose.
 * What each button may do is the caller's machine's answer (`snapshot.can`), passed in.
 */
import type { ReactNode } from 'react';
import { Button } from '../../ui/Button';
import type { NoticeAction } from '../../ui/FailureNotice';

type Action = NoticeAction;

/** The end of a step for a person with no plan that renews: why, and the way to my settings. */
export function NothingToCancel({ body, leave, testId }: { body: string; leave: Action; testId?: string }) {
  return (
    <>
      <p data-testid={testId}>{body}</p>
      <Button variant="secondary" onPress={leave.onPress}>
        {leave.label}
      </Button>
    </>
  );
}

export type CancelOrKeep = 'cancel' | 'keep';

interface ChoiceButton extends Action {
  enabled: boolean;
  testId: string;
}

/** "Cancel" and "keep" side by side, first one primary, in the order given. */
export function CancelKeepActions({
  order,
  cancel,
  keep,
  testId,
}: {
  order: readonly CancelOrKeep[];
  cancel: ChoiceButton;
  keep: ChoiceButton;
  testId: string;
}) {
  const buttons: Record<CancelOrKeep, ReactNode> = {
    cancel: (
      <Button
        key="cancel"
        variant={order[0] === 'cancel' ? 'primary' : 'secondary'}
        isDisabled={!cancel.enabled}
        onPress={cancel.onPress}
        data-testid={cancel.testId}
      >
        {cancel.label}
      </Button>
    ),
    keep: (
      <Button
        key="keep"
        variant={order[0] === 'keep' ? 'primary' : 'secondary'}
        isDisabled={!keep.enabled}
        onPress={keep.onPress}
        data-testid={keep.testId}
      >
        {keep.label}
      </Button>
    ),
  };
  return (
    <div className="actions pre-cancel__actions" data-testid={testId}>
      {order.map((button) => buttons[button])}
    </div>
  );
}
