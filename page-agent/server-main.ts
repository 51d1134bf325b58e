// Context: page agent, the entry of its server bundle (page-agent-server.js: its schemas, router and
// operations), run in the same isolated world after the start (main.ts): in the same registration on the
// hosts of remixlets with a script, elsewhere injected by the worker when it first connects
// (worker/pages/pages.ts). Pages where only a style.css applies never parse it (bench/HISTORY.md,
// thirty-eighth session). Trusts what port-server.ts trusts; evaluated twice in one document, the second
// copy builds nothing.
import { offerServer, serverOffered } from './server-slot';

if (!serverOffered()) {
  // Imported here, not at the top, so that a second copy does not build a second router.
  void import('./port-server').then(({ servePort }) => offerServer(servePort));
}
