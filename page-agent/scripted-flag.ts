// Context: page agent and its scripted marker (one isolated world, this extension's only; the page cannot see
// it). The key by which the marker (scripted-marker.ts) tells the page agent (main.ts) that a remixlet with a
// script matches this host: a Symbol, since an element's id is a name on the window in every world.
export const SCRIPTED_FLAG = Symbol.for('remixlet.page-agent.scripted');

export type ScriptedWorld = { [SCRIPTED_FLAG]?: unknown };
