// Context: background service worker. The tRPC instance every worker router is built on. Trusts the
// role the connection layer bound to a port (from the browser-filled sender), never anything in a payload.
import { initTRPC } from '@trpc/server';
import { formatRefusal } from '../../contracts/trpc-errors';
import { RemixletRefusal } from '../../contracts/refusals';
import type { Role } from './senders';
import { traced } from '../activation/pending';

export interface WorkerContext {
  role: Role | undefined;
  sender: chrome.runtime.MessageSender | undefined;
}

export const t = initTRPC.context<WorkerContext>().create({
  errorFormatter: formatRefusal,
  isServer: true,
  allowOutsideOfServer: true,
});

/** A procedure only a port bound to `role` may call. */
export function roleProcedure(role: Role) {
  return t.procedure.use(({ ctx, next, path }) => {
    if (ctx.role !== role) {
      throw new RemixletRefusal('UNEXPECTED_SENDER', `Only the ${role} may call this.`);
    }
    return traced(`${role} ${path}`, () => next());
  });
}
