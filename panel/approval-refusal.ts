// Context: side panel (pure). What the person reads when their answer to a card could not be recorded:
// the refusal's reason in words for them, never its code, and never advice written for the model.
import { asRefusal } from '../contracts/trpc-errors';

export function answerNotRecorded(error: unknown): string {
  const refusal = asRefusal(error);
  switch (refusal.code) {
    case 'APPROVAL_EXPIRED':
      return 'Nothing was applied: this request waited more than ten minutes. Ask the agent to save it again.';
    case 'APPROVAL_USED':
      return 'This request was already answered.';
    case 'APPROVAL_INVALID':
      return 'Nothing was applied: this request no longer exists. Ask the agent to save it again.';
    case 'APPROVAL_DIGEST_MISMATCH':
      return 'Nothing was applied: the files changed after this was asked. Ask the agent to save again.';
    case 'APPROVAL_TAB_LEFT_SITE':
      return 'Nothing was applied: this tab left the site the request was made on. Go back to it and ask the agent to save again.';
    default:
      return `Could not record that: ${refusal.reason}`;
  }
}
