// Context: page agent. Serves the page agent's tRPC routers (its own, and the agent's tools', loaded on
// first use) on one port the worker opened to this document, with trpc-chrome's wire format through the one
// port server in contracts/trpc-port-server.ts (the worker's chromeLink is unchanged). main.ts admits the
// port (its browser-filled sender) before it gets here; messages that arrived while the router was being
// built are held by main.ts and handed over in order. Trusts only that admission: every input is parsed by
// the router's procedures as before.
import { pageAgentRouter } from './router';
import { servePort as serveOnPort, serves, type ServedRouter } from '../contracts/trpc-port-server';

const core = pageAgentRouter as unknown as ServedRouter;
/** The agent's tools' procedures, loaded on the first path the page agent's own router does not have. */
let tools: Promise<ServedRouter> | undefined;
const toolRouter = () => (tools ??= import('./tools/router').then((m) => m.toolRouter as unknown as ServedRouter));

/** Answers every request on this port until it disconnects; returns the message handler. */
export function servePort(port: chrome.runtime.Port): (message: unknown) => Promise<void> {
  return serveOnPort(port, { routerFor: (path) => (path === undefined || serves(core, path) ? core : toolRouter()), context: {} });
}
