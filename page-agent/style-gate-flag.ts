// Context: page agent and its style gate (one isolated world, this extension's only; the page cannot see it).
// The keys by which the gate (style-gate.ts) and the page agent (main.ts) meet on the isolated world's global:
// the gate's lift, for a page agent that hears the worker first-hand, and a flag, for a gate that would go up
// after the word came. Symbols, not names: an element's id is a name on the window in every world.
export const STYLE_GATE_LIFT = Symbol.for('remixlet.style-gate.lift');
export const STYLES_LANDED_FLAG = Symbol.for('remixlet.style-gate.landed');

export type GateWorld = { [STYLE_GATE_LIFT]?: unknown; [STYLES_LANDED_FLAG]?: unknown };

/** The page agent's side: the worker said the styles are in; the gate goes now, or never goes up. */
export function liftStyleGate(world: GateWorld = globalThis as GateWorld): void {
  world[STYLES_LANDED_FLAG] = true;
  const lift = world[STYLE_GATE_LIFT];
  if (typeof lift === 'function') lift();
}
