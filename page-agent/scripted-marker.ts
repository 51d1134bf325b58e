// Context: page agent's companion content script (isolated world), registered at document_start on the hosts
// of remixlets that have a script, first in the registration that runs the page agent and then its server
// bundle (worker/pages/registration.ts). It tells the page agent that a sandbox will call it, so its hello
// says so and the worker connects at once, while the server bundle builds the router (page-agent/main.ts,
// server-main.ts); a host with style.css alone never parses that bundle. It reads nothing and trusts nothing.
import { SCRIPTED_FLAG, type ScriptedWorld } from './scripted-flag';

(globalThis as ScriptedWorld)[SCRIPTED_FLAG] = true;
