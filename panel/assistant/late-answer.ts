// Context: side panel. What the model is told when the person answers a card that no tool call is waiting
// for (the turn that asked ended with a panel reload). Fixed extension text built from the worker's answer
// and the card's permission names: nothing the model wrote.
import type { PendingApproval } from '../../contracts/boundaries/panel-worker';
import type { DecisionOutcome } from './decisions';

export function answerWithoutTool(card: PendingApproval, outcome: DecisionOutcome): string {
  const what =
    card.kind === 'permissions'
      ? `the permission card (${card.rows.map((r) => r.name).join(', ') || 'no permissions'})`
      : `the activation dialog${card.remixletId ? ` for remixlet ${card.remixletId}` : ''}`;
  const answer = (() => {
    switch (outcome.status) {
      case 'allowed':
        return 'allowed it';
      case 'activated':
        return `allowed it, and version ${outcome.version} of ${outcome.remixletId} now applies`;
      case 'declined':
        return card.kind === 'permissions' ? 'chose "Not now"' : 'chose "Don\'t allow": nothing new was applied';
      case 'refused':
        return 'answered, but the save was refused by its checks';
      case 'needs-approval':
        return 'answered, and another approval is needed';
      case 'gone':
        return `could not answer it: ${outcome.reason}`;
    }
  })();
  return `Note from Remixlet (not from the page): the person answered ${what} after the earlier turn ended, and ${answer}.`;
}
