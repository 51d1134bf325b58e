// Context: page agent, in both of its bundles (page-agent.js, at every matched page's start, and
// page-agent-server.js, where something will call it: vite.page-agent.config.ts), which share this extension's
// one isolated world per document and nothing else. A module both bundles evaluate is two copies of its code;
// state it keeps at module level would be two states, and the server would not see what the start recorded
// (a field remembered as masked, a subscription's sink). Such state lives here, on the isolated world's global,
// which the page's scripts cannot reach. Trusts nothing.

/** The one value of `name` in this isolated world, made by the first bundle that asks. */
export function worldShared<T>(name: string, make: () => T): T {
  const world = globalThis as { [key: symbol]: unknown };
  const key = Symbol.for(`remixlet.page-agent.${name}`);
  if (!(key in world)) world[key] = make();
  return world[key] as T;
}
