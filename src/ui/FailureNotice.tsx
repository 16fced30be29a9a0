/**
 * A failure, announced to screen readers, with a retry when the page's machine allows one and a way out when
 * there is one. Every page of the app shows its failures this way.
 */
import { Button } from './Button';

export interface NoticeAction {
  label: string;
  onPress: () => void;
  testId?: string;
}

interface FailureNoticeProps {
  message: string;
  heading?: string;
  retry?: NoticeAction | null;
  leave?: NoticeAction | null;
  testId?: string;
}

export function FailureNotice({ message, heading, retry, leave, testId }: FailureNoticeProps) {
  return (
    <div role="alert" className="notice notice--error" data-testid={testId}>
      {heading ? (
        <p>
          <strong>{heading}</strong>
        </p>
      ) : null}
      <p>{message}</p>
      {retry || leave ? (
        <div className="actions failure-notice__actions">
          {retry ? (
            <Button variant="secondary" onPress={retry.onPress} data-testid={retry.testId}>
              {retry.label}
            </Button>
          ) : null}
          {leave ? (
            <Button variant="secondary" onPress={leave.onPress} data-testid={leave.testId}>
              {leave.label}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
