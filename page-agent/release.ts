// Context: page agent. Everything a remixlet holds on this page goes with its sandbox: listeners,
// observers, pending waits, change watches, the stylesheets it added, its handles and its op budget.
// The worker calls this (release procedure) when it tears the sandbox down.
// Trusts the worker, the only caller of release.
import { dropTable } from './handles';
import { forgetBudget } from './rate-limit';
import { subscriptions } from './subscriptions';

export function releaseRemixlet(remixletId: string): void {
  subscriptions.removeAll(remixletId);
  dropTable(remixletId);
  forgetBudget(remixletId);
}
