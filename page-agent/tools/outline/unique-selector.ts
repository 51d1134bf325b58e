// Context: page agent (isolated world). A short selector that finds exactly one element, the way a person
// would write it (an id, a role, a class), checked against the page as it is now; a path of nth-of-type
// steps only where nothing shorter is unique. The outline names regions with it, so a model can copy it
// into style.css or a dom call. Trusts the DOM only through unclobbered reads.
import { attr, childElementsOf, classesOf, idOf, localNameOf, parentElementOf, queryAll } from '../../policy/unclobbered';
import { selectorFor } from '../describe';

function cssString(value: string): string | undefined {
  if (value.length > 60 || /[\n\r\f]/.test(value)) return undefined;
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

function candidates(el: Element): string[] {
  const tag = CSS.escape(localNameOf(el));
  const out: string[] = [];
  const id = idOf(el);
  if (id) out.push(`#${CSS.escape(id)}`);
  out.push(tag);
  const role = attr(el, 'role');
  const roleString = role ? cssString(role) : undefined;
  if (roleString) out.push(`${tag}[role=${roleString}]`);
  const label = attr(el, 'aria-label');
  const labelString = label ? cssString(label) : undefined;
  if (labelString) out.push(`${tag}[aria-label=${labelString}]`);
  // Hashed class names from build tools say nothing to a model but still find the element; plain words first.
  const classes = classesOf(el).slice(0, 6).sort((a, b) => Number(/\d/.test(a)) - Number(/\d/.test(b)));
  for (const c of classes) out.push(`${tag}.${CSS.escape(c)}`);
  if (classes.length > 1) out.push(`${tag}.${CSS.escape(classes[0]!)}.${CSS.escape(classes[1]!)}`);
  return out;
}

function findsOnly(selector: string, el: Element): boolean {
  try {
    const found = queryAll(selector);
    return found.length === 1 && found[0] === el;
  } catch {
    return false;
  }
}

/** A selector whose only match is `el` now; climbs to a uniquely named ancestor when the element has none. */
export function uniqueSelector(el: Element, depth = 0): string {
  const own = candidates(el);
  for (const c of own) if (findsOnly(c, el)) return c;
  const parent = parentElementOf(el);
  if (parent && depth < 4 && parent !== document.documentElement) {
    const tag = localNameOf(el);
    const same = childElementsOf(parent).filter((c) => localNameOf(c) === tag);
    const step = same.length > 1 ? `${CSS.escape(tag)}:nth-of-type(${same.indexOf(el) + 1})` : CSS.escape(tag);
    const path = `${uniqueSelector(parent, depth + 1)} > ${step}`;
    if (findsOnly(path, el)) return path;
  }
  return selectorFor(el);
}
