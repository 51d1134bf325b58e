// Context: shared (pure). Every save-time check of a remixlet's files, in one place: the worker runs it
// at save and activation, and `npx remixlet check` runs the very same function on a folder.
import { checkFileSet, type Manifest } from './policy/manifest';
import { checkScript } from './policy/script-check';
import { checkStyleSheet } from './policy/stylesheet-check';
import type { PolicyRefusal } from './policy/result';
import { loadHostsOf } from './remixlet-hosts';
import { checkRulesFile } from './policy/netrules';

export type SaveCheckRefusal = PolicyRefusal;
export type SaveCheckResult = { ok: true; manifest: Manifest } | { ok: false; refusals: SaveCheckRefusal[] };

export function checkRemixletFiles(files: Readonly<Record<string, string | undefined>>): SaveCheckResult {
  const present: Record<string, string> = {};
  for (const [name, content] of Object.entries(files)) if (content !== undefined) present[name] = content;
  const set = checkFileSet(present);
  if (!set.ok) return { ok: false, refusals: set.refusals };
  const manifest = set.manifest;
  const hosts = loadHostsOf(manifest);
  const refusals: SaveCheckRefusal[] = [];
  const script = present['script.js'];
  if (script !== undefined) {
    const verdict = checkScript(script, hosts);
    if (!verdict.ok) refusals.push(...verdict.refusals.map((r) => ({ ...r, file: 'script.js' })));
  }
  const style = present['style.css'];
  if (style !== undefined) {
    const verdict = checkStyleSheet(style, hosts);
    if (!verdict.ok) refusals.push(...verdict.refusals.map((r) => ({ ...r, file: 'style.css' })));
  }
  const rules = present['rules.json'];
  if (rules !== undefined) {
    const verdict = checkRulesFile(rules, manifest);
    if (!verdict.ok) refusals.push(...verdict.refusals);
  }
  return refusals.length ? { ok: false, refusals } : { ok: true, manifest };
}
