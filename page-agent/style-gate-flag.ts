// Context: page agent and its style gate (one isolated world, this extension's only; the page cannot see it).
// The names by which the gate (style-gate.ts) and the page agent (main.ts) meet: the gate's lift, for a page
// agent that hears the worker first-hand, and a flag, for a gate that would go up after the word came.
export const STYLE_GATE_LIFT = '__remixletLiftStyleGate';
export const STYLES_LANDED_FLAG = '__remixletStylesLanded';

/** The page agent's side: the worker said the styles are in; the gate goes now, or never goes up. */
export function stylesLanded(world: Record<string, unknown> = globalThis as Record<string, unknown>): void {
  world[STYLES_LANDED_FLAG] = true;
  const lift = world[STYLE_GATE_LIFT];
  if (typeof lift === 'function') lift();
}
