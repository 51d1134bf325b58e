// Context: shared (pure). The one way a selector reaches into shadow roots: `>>>` steps into the shadow
// root (open or closed) of the element matched so far, and the selector after it is matched inside that
// root only, as if the root were a document of its own. `my-card >>> .title` is the .title inside
// <my-card>'s shadow root; `app-shell >>> my-card >>> .title` goes two roots deep, one `>>>` per root. A
// child the page slots into <my-card> stays in the page's own tree (`my-card .title`). The page agent, the
// assistant's tools and the stylesheets (dom.addStyle, style.css) all read selectors through this file.
// Trusts nothing: a selector is split as text, and every part is checked again by whoever uses it.

export const SHADOW_STEP = '>>>';

/** How a model is told to write it; every refusal about `>>>` ends with this. */
export const SHADOW_STEP_HOW =
  'write the host, then " >>> ", then a selector inside its shadow root (open or closed), one ">>>" for each shadow root: "my-card >>> .title", "app-shell >>> my-card >>> .title"; on a handle to the host, ":scope >>> .title"';

/** What the generated dom reference and the assistant's tool descriptions say about `>>>`. */
export const SHADOW_SELECTOR_GUIDE =
  'Selectors are CSS selectors, with one addition for web components: `>>>` steps into the shadow root (open or closed) of the element matched before it, and the selector after it is matched inside that root only. `my-card >>> .title` is the `.title` inside `<my-card>`\'s shadow root; `app-shell >>> my-card >>> .title` goes two roots deep (one `>>>` per root); on a handle to the host, `h.query(\':scope >>> .title\')`. A child the page slots into a component stays in the page\'s own tree (`my-card > .byline`). Without `>>>` a selector never enters a shadow root. `h.parent()` and `h.closest()` walk back out through the host, and style.css and `dom.addStyle` rules with `>>>` style inside the roots they name (`news-card >>> .title { color: red }`), including roots the page adds later. The agent\'s outline shows each shadow root with the selector into it, and every page rule (marks, addresses, password fields, clicks) holds inside shadow roots as outside.';

export type ShadowPaths = { ok: true; paths: string[][] } | { ok: false; reason: string };

/** The top-level parts of a selector list or path, split where `at` says, outside strings, brackets and parentheses. */
function splitTop(sel: string, at: (sel: string, i: number) => number): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < sel.length; i++) {
    const c = sel[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (depth === 0) {
      const n = at(sel, i);
      if (n > 0) {
        parts.push(sel.slice(start, i));
        start = i + n;
        i += n - 1;
      }
    }
  }
  parts.push(sel.slice(start));
  return parts;
}

const comma = (s: string, i: number) => (s[i] === ',' ? 1 : 0);
/** A run of three or more ">" (four is refused below, so "a >>>> b" does not read as ">>>" then ">"). */
const step = (s: string, i: number) => {
  if (!s.startsWith(SHADOW_STEP, i)) return 0;
  let n = 3;
  while (s[i + n] === '>') n++;
  return n;
};

/** Whether the selector steps into a shadow root anywhere (a cheap test; shadowPaths checks it). */
export function hasShadowStep(sel: string): boolean {
  return sel.includes(SHADOW_STEP);
}

/**
 * Each alternative of a selector list as the selectors of the trees it passes through, outermost first: a
 * selector without `>>>` is one path of one part. Refused: an empty part (`>>> .a`, `a >>>`, `a >>> >>> b`)
 * and a run of more than three ">".
 */
export function shadowPaths(sel: string): ShadowPaths {
  if (!hasShadowStep(sel)) return { ok: true, paths: [[sel]] };
  const paths: string[][] = [];
  for (const alternative of splitTop(sel, comma)) {
    const raw = splitTop(alternative, step);
    const parts = raw.map((p) => p.trim());
    if (parts.some((p) => p === '')) {
      return { ok: false, reason: `${SHADOW_STEP} needs an element selector on both sides; ${SHADOW_STEP_HOW}.` };
    }
    if (/>{4,}/.test(alternative.replace(/"[^"]*"|'[^']*'|\[[^\]]*\]/g, ''))) {
      return { ok: false, reason: `only ${SHADOW_STEP} (three ">") steps into a shadow root; ${SHADOW_STEP_HOW}.` };
    }
    paths.push(parts);
  }
  return { ok: true, paths };
}

/** Every part of a selector, each a plain selector one tree matches (what the value and validity checks read). */
export function shadowParts(sel: string): string[] {
  const split = shadowPaths(sel);
  return split.ok ? split.paths.flat() : [sel];
}
