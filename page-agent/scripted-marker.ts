// Context: page agent's companion content script (isolated world), registered at document_start with the page
// agent, just before it in the same registration, on the hosts of remixlets that have a script
// (worker/pages/registration.ts). It tells the page
// agent that a sandbox will call it here, so the page agent builds its schemas and router at once, while the
// sandbox starts, instead of when the worker first connects (page-agent/main.ts); a host with style.css alone
// never builds them. It reads nothing and trusts nothing.
import { SCRIPTED_FLAG, type ScriptedWorld } from './scripted-flag';

(globalThis as ScriptedWorld)[SCRIPTED_FLAG] = true;
