// Context: page agent. The agent's reads and clicks on the worker → page agent boundary, as their own
// router: its schemas (~20 of the page agent's) are built when a chat first calls one, not at every page
// load (port-server.ts loads this module then). Same checks as every procedure: input and output parsed
// with contracts/assistant/page-boundary.ts. Trusts only the port main.ts admitted.
import { routerFromSpec } from '../../contracts/trpc-server';
import { assistantPageSpec } from '../../contracts/assistant/page-boundary';
import { t } from '../trpc';
import { toolHandlers } from './handlers';

export const toolRouter = routerFromSpec(t, assistantPageSpec, () => t.procedure, toolHandlers);
