// Context: shared (pure). A script-variable path as the model writes it (`shop.cart.items[0].name`,
// `window["app"].state`) parsed into plain segments. The path is data: it is parsed here and walked
// property by property by a fixed function; it is never evaluated. Trusts nothing in the path.
import { REFUSED_VARIABLE_NAMES } from './read-sources';

export type PathVerdict = { ok: true; segments: string[] } | { ok: false; reason: string };

const IDENT = /^[A-Za-z_$][\w$]*/;
const ROOTS = new Set(['window', 'self', 'globalThis']);

export function parseVariablePath(path: string): PathVerdict {
  if (path.length === 0 || path.length > 300) return { ok: false, reason: 'a path is 1 to 300 characters' };
  const segments: string[] = [];
  let rest = path.trim();
  const first = IDENT.exec(rest);
  if (!first) return { ok: false, reason: `"${path.slice(0, 60)}" does not start with a variable name` };
  segments.push(first[0]);
  rest = rest.slice(first[0].length);
  while (rest.length > 0) {
    let m: RegExpExecArray | null;
    if ((m = /^\.([A-Za-z_$][\w$]*)/.exec(rest))) segments.push(m[1]!);
    else if ((m = /^\[(\d{1,9})\]/.exec(rest))) segments.push(m[1]!);
    else if ((m = /^\[\s*"([^"\\]{0,100})"\s*\]/.exec(rest)) || (m = /^\[\s*'([^'\\]{0,100})'\s*\]/.exec(rest))) segments.push(m[1]!);
    else return { ok: false, reason: `cannot read "${rest.slice(0, 40)}" in a path: use names, .name, [0] or ["name"]` };
    rest = rest.slice(m[0].length);
    if (segments.length > 20) return { ok: false, reason: 'a path has at most 20 steps' };
  }
  while (segments.length > 1 && ROOTS.has(segments[0]!)) segments.shift();
  if (segments.length === 1 && ROOTS.has(segments[0]!)) return { ok: false, reason: 'name a variable, not the whole window' };
  for (const s of segments) {
    if (REFUSED_VARIABLE_NAMES.has(s)) return { ok: false, reason: `"${s}" is refused: the agent does not read cookies, storage, IndexedDB, caches, credentials or the document through variables` };
    if (s === '__proto__' || s === 'prototype' || s === 'constructor') return { ok: false, reason: `"${s}" is not a variable` };
  }
  return { ok: true, segments };
}
