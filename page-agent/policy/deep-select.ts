// Context: page agent. Selectors with `>>>` (contracts/dom/shadow-selector.ts) run here: each part is
// matched in one tree (the document, a scope element's subtree, or a shadow root, open or closed) and
// `>>>` steps into the shadow root of what the part before it matched. A selector without `>>>` runs as
// the browser runs it. Every dom op, the agent's tools and the shadow stylesheets find elements through
// this file. Trusts nothing in the selector: the caller checked it (policy/selector.ts), and the browser
// parses each part again.
import { shadowPaths } from '../../contracts/dom/shadow-selector';
import { shadowOf } from './shadow';
import { reachableElement } from './password';
import { firstIn, hostOf, matchesOf, parentOrHost, queryAll, queryInRoot, queryWithin, shadowRootAround } from './unclobbered';

export type SearchRoot = Document | Element | ShadowRoot;

function within(root: SearchRoot, sel: string): Element[] {
  if (root instanceof Document) return queryAll(sel, root);
  if (root instanceof ShadowRoot) return queryInRoot(root, sel);
  return queryWithin(root, sel);
}

function pathsOf(sel: string): string[][] {
  const split = shadowPaths(sel);
  // The caller checked the selector; a split that fails here would be a bug, and finds nothing.
  return split.ok ? split.paths : [];
}

/**
 * The elements under `root` that match, at most `limit`: tree order within each tree, each element once;
 * never one inside a password editor (policy/password.ts, reachableElement: what typing made there).
 */
export function selectAll(root: SearchRoot, sel: string, limit = Infinity): Element[] {
  const found = everyMatch(root, sel, limit);
  if (found.every(reachableElement)) return found;
  const reachable = everyMatch(root, sel, Infinity).filter(reachableElement);
  return reachable.length > limit ? reachable.slice(0, limit) : reachable;
}

function everyMatch(root: SearchRoot, sel: string, limit: number): Element[] {
  const paths = pathsOf(sel);
  if (paths.length === 1 && paths[0]!.length === 1) {
    if (limit === 1) {
      const first = firstIn(root, sel);
      return first ? [first] : [];
    }
    const all = within(root, sel);
    return all.length > limit ? all.slice(0, limit) : all;
  }
  const out = new Set<Element>();
  for (const path of paths) {
    let roots: SearchRoot[] = [root];
    for (let i = 0; i < path.length && roots.length; i++) {
      // `:scope >>> …` on a handle: the handle's own element is the host (querySelectorAll never answers the scope itself).
      const own = i === 0 && path[0] === ':scope' && !(root instanceof ShadowRoot);
      const found = own ? [root instanceof Document ? root.documentElement : root] : roots.flatMap((r) => within(r, path[i]!));
      if (i === path.length - 1) {
        for (const el of found) {
          if (out.size >= limit) return [...out];
          out.add(el);
        }
      } else {
        roots = found.map(shadowOf).filter((r): r is ShadowRoot => r !== null);
      }
    }
  }
  return [...out];
}

export function selectFirst(root: SearchRoot, sel: string): Element | null {
  return selectAll(root, sel, 1)[0] ?? null;
}

/**
 * Whether `el` matches the last part and each host it sits in matches the part before; `anchored`: the
 * outermost part matched in the document's own tree, as a document-wide query would have found it.
 */
function matchesPath(el: Element, path: readonly string[], anchored = false): boolean {
  let node = el;
  for (let i = path.length - 1; i >= 0; i--) {
    if (!matchesOf(node, path[i]!)) return false;
    if (i === 0) return !anchored || shadowRootAround(node) === null;
    const root = shadowRootAround(node);
    if (!root) return false;
    node = hostOf(root);
  }
  return true;
}

/** h.matches: the element matches some alternative, its hosts matching the parts before `>>>`. */
export function matchesDeep(el: Element, sel: string, anchored = false): boolean {
  return pathsOf(sel).some((path) => matchesPath(el, path, anchored));
}

/** h.closest: the element or its nearest ancestor that matches, walking out of shadow roots through their hosts. */
export function closestDeep(el: Element, sel: string): Element | null {
  const paths = pathsOf(sel);
  for (let node: Element | null = el; node; node = parentOrHost(node)) {
    if (paths.some((path) => matchesPath(node!, path))) return node;
  }
  return null;
}
