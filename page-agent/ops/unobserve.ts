// Context: page agent. Stops an observation; only the remixlet's own observers can be named.
import type { OpHandler } from '../op-context';

export const unobserve: OpHandler<'unobserve'> = (op, ctx) => op.observer.startsWith('o') && ctx.subscriptions.remove(ctx.scope.id, op.observer);
