// Context: page agent. Stops forwarding an event; only the remixlet's own listeners can be named.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import type { OpHandler } from '../op-context';

export const off: OpHandler<'off'> = (op, ctx) => op.listener.startsWith('l') && ctx.subscriptions.remove(ctx.scope.id, op.listener);
