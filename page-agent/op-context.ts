// Context: page agent. What every dom operation receives: the remixlet's scope as the worker stated it
// (never the sandbox), its handle table, the results of earlier ops in the same batch, and facts about
// the page shared by the batch.
// Trusts only the worker, for the scope.
import type { RemixletScope } from '../contracts/boundaries/worker-page-agent';
import type { DomOp, HandleRef } from '../contracts/dom/ops';
import type { HandleTable } from './handles';
import type { PageFacts } from './page-facts';
import type { Subscriptions } from './subscriptions';

export interface OpContext {
  scope: RemixletScope;
  handles: HandleTable;
  batchResults: unknown[];
  subscriptions: Subscriptions;
  page: PageFacts;
  /** The operation's public name (`dom.setHTML`), for refusals. */
  name: string;
  element(ref: HandleRef): Element;
  /** Tells the author what an operation that succeeded left out; the worker logs it. */
  note(message: string): void;
}

export type OpHandler<T extends DomOp['op']> = (op: Extract<DomOp, { op: T }>, ctx: OpContext) => unknown;
