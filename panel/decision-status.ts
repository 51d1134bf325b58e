// Context: side panel (pure). The status line after the person answers a card or a dialog, in words that
// fit what they answered: a permission card is allowed or not ("Not now"), an activation dialog applied or
// not. Fixed text; only the version number is filled in.
import type { PendingApproval } from '../contracts/boundaries/panel-worker';
import type { DecisionOutcome } from './assistant/decisions';

export function decisionStatus(card: Pick<PendingApproval, 'kind'>, result: DecisionOutcome): string {
  switch (result.status) {
    case 'activated':
      return `Applied version ${result.version}.`;
    case 'allowed':
      return 'Allowed: the agent may use it now.';
    case 'declined':
      return card.kind === 'permissions' ? 'Not allowed for now; the agent was told.' : 'Not applied; the previous version stays.';
    case 'refused':
      return 'Not applied: the save was refused by its checks.';
    case 'needs-approval':
      return 'Another approval is needed.';
    case 'gone':
      return result.reason;
  }
}
