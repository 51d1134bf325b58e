// Context: page agent, in both of its bundles (world.ts). Where the server bundle (server-main.ts) hands the
// start (main.ts) its port server: the start takes the worker's ports from the first moment and holds their
// messages until the server is here, whether it came in the same registration (a host with a script) or
// was injected when the worker first connected (worker/pages/pages.ts). Trusts nothing: what is handed over
// is this extension's own code, in a world the page cannot reach.
import { worldShared } from './world';

export type ServePort = (port: chrome.runtime.Port) => (message: unknown) => Promise<void>;

interface Slot {
  serve?: ServePort;
  readonly waiting: Array<(serve: ServePort) => void>;
}

const slot = () => worldShared<Slot>('server', () => ({ waiting: [] }));

/** Whether a server is here already: a second injection of the server bundle then builds nothing. */
export const serverOffered = (): boolean => slot().serve !== undefined;

/** Hands the start the port server; the first one offered stays. */
export function offerServer(serve: ServePort): void {
  const s = slot();
  if (s.serve) return;
  s.serve = serve;
  for (const resolve of s.waiting.splice(0)) resolve(serve);
}

/** The port server, once the server bundle has offered it. */
export function whenServer(): Promise<ServePort> {
  const s = slot();
  return s.serve ? Promise.resolve(s.serve) : new Promise((resolve) => s.waiting.push(resolve));
}
