// Context: page agent. Stops forwarding an event; only the remixlet's own listeners can be named.
import type { OpHandler } from '../op-context';

export const off: OpHandler<'off'> = (op, ctx) => op.listener.startsWith('l') && ctx.subscriptions.remove(ctx.scope.id, op.listener);
