// Context: page agent and its idle marker (one isolated world, this extension's only; the page cannot see
// it). The names by which the marker (idle-marker.ts) tells the page agent (ready.ts) that Chrome reached
// document_idle: a flag, for a page agent that arrives later, and a hook, for one already waiting.
export const IDLE_FLAG = '__remixletIdle';
export const IDLE_HOOK = '__remixletOnIdle';
