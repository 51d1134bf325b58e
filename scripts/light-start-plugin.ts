// Build time (vite.page-agent.config.ts). Fails the page agent's build when a package that builds large
// tables or parsers as it loads is reached from the entry through static imports alone: what main.ts
// imports that way is evaluated on every page at document_start, while the rest (port-server.ts and below)
// is evaluated only where something will call the page agent. One constant imported from the wrong module
// once put css-tree's parser into every page's start (bench/HISTORY.md, thirty-fourth session); this keeps
// such a path from coming back unseen.
import type { Plugin } from 'vite';

/** `notAtStart` names each package kept out of the start with why (the error says it, with the path that reached it). */
export function lightStart(bundle: string, notAtStart: Record<string, string>): Plugin {
  const packageOf = (id: string) => Object.keys(notAtStart).find((name) => id.includes(`/node_modules/${name}/`));
  return {
    name: `remixlet:${bundle}-light-start`,
    buildEnd(error) {
      if (error) return;
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const via = new Map<string, string | undefined>(entries.map((id) => [id, undefined]));
      const queue = [...entries];
      while (queue.length) {
        const id = queue.shift()!;
        const found = packageOf(id);
        if (found) {
          const path: string[] = [];
          for (let at: string | undefined = id; at; at = via.get(at)) path.unshift(at.replace(/^.*\/(node_modules|page-agent|contracts)\//, '$1/'));
          this.error(`the ${bundle} must not evaluate ${found} at its start (${path.join(' → ')}): ${notAtStart[found]}; import it only below a dynamic import().`);
        }
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) {
          if (via.has(next)) continue;
          via.set(next, id);
          queue.push(next);
        }
      }
    },
  };
}
