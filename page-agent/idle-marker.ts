// Context: page agent's companion content script (isolated world), registered at document_idle beside the
// page agent (worker/pages/registration.ts). Chrome runs it when it runs any extension's document_idle scripts:
// once the page has loaded, or a short while after it was parsed when its subresources take long. It tells
// the page agent, in the same isolated world, that the page reached document_idle, so a remixlet's
// runAt means what it means for a content script (page-agent/ready.ts). It reads nothing and trusts nothing.
import { IDLE_FLAG, IDLE_HOOK } from './idle-flag';

const world = globalThis as Record<string, unknown>;
world[IDLE_FLAG] = true;
const hook = world[IDLE_HOOK];
if (typeof hook === 'function') hook();
