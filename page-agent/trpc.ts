// Context: page agent. The tRPC instance of the page agent's router; errors leave as typed refusals.
// Trusts nothing itself.
import { initTRPC } from '@trpc/server';
import { formatRefusal } from '../contracts/trpc-errors';

export const t = initTRPC.create({ errorFormatter: formatRefusal, isServer: true, allowOutsideOfServer: true });
