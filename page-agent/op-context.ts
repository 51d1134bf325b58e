// Context: page agent. What every dom operation receives: the remixlet's scope as the worker stated it
// (never the sandbox), its handle table, and the results of earlier ops in the same batch.
import type { RemixletScope } from '../contracts/boundaries/worker-page-agent';
import type { DomOp, HandleRef } from '../contracts/dom/ops';
import type { HandleTable } from './handles';
import type { Subscriptions } from './subscriptions';

export interface OpContext {
  scope: RemixletScope;
  handles: HandleTable;
  batchResults: unknown[];
  subscriptions: Subscriptions;
  element(ref: HandleRef): Element;
}

export type OpHandler<T extends DomOp['op']> = (op: Extract<DomOp, { op: T }>, ctx: OpContext) => unknown;
