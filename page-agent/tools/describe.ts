// Context: page agent (isolated world). How the agent's tools describe an element as plain data: a
// selector that finds it, its text with invisible characters revealed, chosen attributes, whether it is
// visible. A password field's value never appears: not its attribute, not its property, not in HTML.
// Trusts the DOM only, read through the prototypes' getters (policy/unclobbered.ts): a form's named
// fields shadow the form's own properties.
import { revealInvisible } from '../../contracts/assistant/invisible-text';
import { isPasswordField } from '../policy/password';
import { blankPasswords } from '../policy/serialize';
import { attributesOf, checkVisibilityOf, childElementsOf, childNodesOf, hostOf, idOf, localNameOf, parentElementOf, queryAll, queryInRoot, rectOf, shadowRootAround } from '../policy/unclobbered';
import { MAX_SHADOW_DEPTH } from '../policy/shadow';

export const TEXT_CAP = 300;

export function cap(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n)}…(${s.length - n} more)` : s;
}

export function cleanText(s: string, n = TEXT_CAP): string {
  return cap(revealInvisible(s.replace(/\s+/g, ' ').trim()), n);
}

export function isVisible(el: Element): boolean {
  const rect = rectOf(el);
  if (rect.width === 0 && rect.height === 0) return false;
  return checkVisibilityOf(el, { checkOpacity: true, checkVisibilityCSS: true });
}

/**
 * A selector that finds this element now: its id when unique, else a path of tags and nth-of-type; inside a
 * shadow root, its host's selector, " >>> ", then its path in that root. Read through unclobbered getters:
 * a form's fields named id, tagName or parentElement would mislead it.
 */
export function selectorFor(el: Element, depth = 0): string {
  const root = shadowRootAround(el);
  const inTree = pathInTree(el, root);
  return root && depth < MAX_SHADOW_DEPTH ? `${selectorFor(hostOf(root), depth + 1)} >>> ${inTree}` : inTree;
}

function pathInTree(el: Element, root: ShadowRoot | null): string {
  const uniqueId = (e: Element): string | undefined => {
    const id = idOf(e);
    if (!id) return undefined;
    const sel = `#${CSS.escape(id)}`;
    return (root ? queryInRoot(root, sel) : queryAll(sel)).length === 1 ? sel : undefined;
  };
  const own = uniqueId(el);
  if (own) return own;
  const parts: string[] = [];
  let node: Element | null = el;
  while (node && node !== document.documentElement && parts.length < 8) {
    const current: Element = node;
    const id = uniqueId(current);
    if (id) {
      parts.unshift(id);
      break;
    }
    const tag = localNameOf(current);
    const parent = parentElementOf(current);
    const siblings = parent ? childElementsOf(parent) : root && !parentElementOf(current) ? childNodesOf(root).filter((c): c is Element => c instanceof Element) : [];
    const same = siblings.filter((c) => localNameOf(c) === tag);
    parts.unshift(same.length > 1 ? `${CSS.escape(tag)}:nth-of-type(${same.indexOf(current) + 1})` : CSS.escape(tag));
    node = parent;
  }
  return parts.join(' > ');
}

const SHOWN_ATTRS = new Set(['id', 'class', 'href', 'src', 'alt', 'title', 'aria-label', 'role', 'name', 'type', 'placeholder', 'for', 'action', 'method', 'lang', 'datetime', 'content', 'rel', 'target', 'autocomplete']);

/** Attributes worth showing the model; `value` only for fields that are not password fields. */
export function attrsOf(el: Element): Record<string, string> {
  const out: Record<string, string> = {};
  const password = isPasswordField(el);
  for (const a of attributesOf(el)) {
    const name = a.name.toLowerCase();
    if (name === 'value') {
      if (!password) out.value = cleanText(a.value, 200);
      continue;
    }
    if (name === 'style' || name.startsWith('aria-') || name.startsWith('data-') || SHOWN_ATTRS.has(name)) out[name] = cleanText(a.value, 200);
    if (Object.keys(out).length >= 20) break;
  }
  if (password) out.value = '';
  return out;
}

/** Outer HTML with every password field emptied (the live value never appears in HTML; policy/serialize.ts). */
export function safeOuterHtml(el: Element, max: number): string {
  const clone = el.cloneNode(true) as Element;
  blankPasswords(el, clone);
  return cap(revealInvisible(clone.outerHTML), max);
}
