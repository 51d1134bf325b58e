// Build time (vite configs). Fails a bundle's build when a package it must not carry is imported, on any path:
// reached through a shared contracts/ module, such a package escapes the lint walls, which see one import at
// a time. `enforce: 'pre'` so it sees the bare name before vite's resolver does.
import type { Plugin } from 'vite';

/** `notHere` names each kept-out package with why (the error says it). */
export function keepOut(bundle: string, notHere: Record<string, string>): Plugin {
  return {
    name: `remixlet:${bundle}-keep-out`,
    enforce: 'pre',
    resolveId(source, importer) {
      const why = Object.hasOwn(notHere, source) ? notHere[source] : undefined;
      if (why) this.error(`the ${bundle} must not bundle ${source} (imported by ${importer ?? '?'}): ${why}.`);
      return null;
    },
  };
}
