// Context: page agent. Stops an observation; only the remixlet's own observers can be named.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import type { OpHandler } from '../op-context';

export const unobserve: OpHandler<'unobserve'> = (op, ctx) => op.observer.startsWith('o') && ctx.subscriptions.remove(ctx.scope.id, op.observer);
