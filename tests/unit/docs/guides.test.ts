// The hand-written guides point at the code and tests that keep each promise; a renamed or deleted file
// must not leave a guide pointing at nothing. A bare file name must exist somewhere in the project.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const GUIDES = 'docs/guides';
const REMIXLET_FILES = new Set(['manifest.json', 'script.js', 'style.css', 'rules.json']);
const SKIP = new Set(['node_modules', 'dist', 'dist-package', 'release', 'test-results', '.git']);

function allNames(dir = '.', out = new Set<string>()): Set<string> {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) allNames(full, out);
    else out.add(name);
  }
  return out;
}
const names = allNames();

describe('docs/guides', () => {
  // docs/contributing.md lists the files a capability touches: the same rule holds there.
  for (const file of [...readdirSync(GUIDES).filter((f) => f.endsWith('.md')).map((f) => join(GUIDES, f)), 'docs/contributing.md']) {
    it(`${file}: every file it names exists`, () => {
      const text = readFileSync(file, 'utf8');
      const named = [...text.matchAll(/`([A-Za-z0-9_./-]+\.(?:ts|tsx|md|json|js|mjs))`/g)].map((m) => m[1]!);
      const missing = named.filter((path) => {
        if (REMIXLET_FILES.has(path) || path.startsWith('../')) return false;
        return path.includes('/') ? !existsSync(path) : !names.has(basename(path));
      });
      expect(missing).toEqual([]);
    });
  }
});
