// Context: shared (pure): the page agent (dom.create attrs, setAttr/removeAttr on created elements, every
// attribute of HTML handed to h.setHTML) and Node tests. Trusts nothing: names and values come from
// remixlet code.
// Which real attributes an element the remixlet created may carry. An allowlist per element: anything that
// loads or runs something, ties the element to the page's own elements (form=, for=, popovertarget,
// commandfor, name), steals focus or keys, or feeds a page script gadget (data-*, hx-*, x-*, ng-*, v-*,
// @*, :*) is refused, and so is every attribute nobody has reviewed yet. Ids are marks: a short id is
// written as rmx-<remixlet id>-<name>, and so is every reference to one (aria-labelledby, list,
// url(#…) in SVG), so an element a remixlet made can never take the id or global name of the page's own.
import { type Creatable, SVG_NS } from './elements';
import { isMarkedId, MARK_NAME } from './marks';

export type AttributeVerdict =
  | { ok: true; kind: 'plain'; name: string; value: string }
  /** href on a link or src on an image: allowed only after the address rule, with the resolved address. */
  | { ok: true; kind: 'address'; name: string; addressKind: 'link' | 'image' }
  | { ok: false; reason: string };

const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** A value check: undefined when fine, else why not. */
type ValueCheck = (value: string, remixletId: string) => string | undefined;

/** A short id (or one already marked) as the mark rmx-<remixlet id>-<name>; undefined if it cannot be one. */
export function markedId(value: string, remixletId: string): string | undefined {
  const v = value.trim();
  if (isMarkedId(remixletId, v)) return v;
  return MARK_NAME.test(v) ? `rmx-${remixletId}-${v}` : undefined;
}

const NOT_A_SHORT_ID = 'an id is a short name (a letter, then letters, digits, "-" or "_", at most 40), written as rmx-<remixlet id>-<name>';

/** Values rewritten before they are written: ids and id references get the remixlet's mark. */
type Rewrite = (value: string, remixletId: string) => { value: string } | { why: string };
const idValue: Rewrite = (v, id) => {
  const marked = markedId(v, id);
  return marked ? { value: marked } : { why: NOT_A_SHORT_ID };
};
const idRefs: Rewrite = (v, id) => {
  const out: string[] = [];
  for (const ref of v.trim().split(/\s+/).filter(Boolean)) {
    const marked = markedId(ref, id);
    if (!marked) return { why: `"${ref.slice(0, 40)}" is not a short id; ${NOT_A_SHORT_ID}` };
    out.push(marked);
  }
  return { value: out.join(' ') };
};
/** url(#name) in an SVG attribute points at this remixlet's own element; the rest of the value is checked as is. */
const svgRefs: Rewrite = (v, id) => {
  let why: string | undefined;
  const value = v.replace(/url\(\s*(['"]?)#([^'")\s]{1,80})\1\s*\)/gi, (_m, q: string, name: string) => {
    const marked = markedId(name, id);
    if (!marked) why = `url(#${name.slice(0, 40)}) does not name a short id`;
    return `url(${q}#${marked ?? name}${q})`;
  });
  return why ? { why } : { value };
};

/** A rule for one attribute's value: the value to write, or why it is refused. */
type ValueRule = (value: string, remixletId: string) => { value: string } | { why: string };
/** A check that passes the value through unchanged when it is fine. */
const asWritten =
  (check: ValueCheck): ValueRule =>
  (v, id) => {
    const why = check(v, id);
    return why === undefined ? { value: v } : { why };
  };

/**
 * An enumerated attribute: the value is compared trimmed and lower-cased, and that form is what is
 * written. Browsers match keywords case-insensitively but do not trim them, and an unknown keyword falls
 * back to the default: type=" button" would be a submit button, target=" _self" a new window's name.
 */
const oneOf =
  (...allowed: string[]): ValueRule =>
  (v) => {
    const keyword = v.trim().toLowerCase();
    return allowed.includes(keyword) ? { value: keyword } : { why: `only ${allowed.map((a) => `"${a}"`).join(', ')} ${allowed.length === 1 ? 'is' : 'are'} allowed` };
  };

const integer = asWritten((v) => (/^\s*-?\d{1,6}\s*$/.test(v) ? undefined : 'it must be a whole number'));
const text = asWritten(() => undefined);

const REL_TOKENS = new Set(['noopener', 'noreferrer', 'nofollow', 'ugc', 'sponsored', 'external', 'help', 'license', 'tag', 'author', 'bookmark', 'next', 'prev']);
const rel = asWritten((v) => {
  const bad = v.toLowerCase().split(/\s+/).filter((t) => t && !REL_TOKENS.has(t));
  return bad.length ? `rel "${bad[0]!.slice(0, 30)}" is not allowed (it can hand the page to the link's target or prefetch it)` : undefined;
});

const INPUT_TYPES = ['text', 'search', 'email', 'url', 'tel', 'number', 'range', 'date', 'month', 'week', 'time', 'datetime-local', 'color', 'checkbox', 'radio', 'button'];
const inputType: ValueRule = (v) => {
  const keyword = v.trim().toLowerCase();
  return INPUT_TYPES.includes(keyword)
    ? { value: keyword }
    : { why: `type "${v.slice(0, 30)}" is not allowed (password fields, submit, reset, image and file inputs cannot be created); use one of ${INPUT_TYPES.join(', ')}` };
};

/** Functions an SVG attribute value may call; url() only as a reference to this remixlet's own element. */
const SVG_FUNCTIONS = new Set(['rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color', 'translate', 'translatex', 'translatey', 'scale', 'scalex', 'scaley', 'rotate', 'skewx', 'skewy', 'matrix', 'calc']);
const svgValue: ValueCheck = (v, id) => {
  if (/[\\<>{};]/.test(v)) return 'it may not contain \\ < > { } or ;';
  for (const m of v.toLowerCase().matchAll(/([a-z_-][a-z0-9_-]*)?\s*\(/g)) {
    const fn = m[1] ?? '';
    if (fn === 'url') {
      const rest = v.slice((m.index ?? 0) + m[0].length);
      const ref = /^\s*(['"]?)#([A-Za-z0-9_-]{1,80})\1\s*\)/.exec(rest);
      if (!ref || !isMarkedId(id, ref[2]!)) return `url() may only point at an element of this remixlet's own, written url(#rmx-${id}-name)`;
      continue;
    }
    if (!SVG_FUNCTIONS.has(fn)) return `${fn || 'a bare ('}() is not allowed in an SVG attribute`;
  }
  return undefined;
};

const HTML_GLOBAL: Record<string, ValueRule> = {
  class: text,
  title: text,
  lang: text,
  dir: oneOf('ltr', 'rtl', 'auto'),
  hidden: text,
  role: text,
  tabindex: integer,
  translate: oneOf('yes', 'no'),
  spellcheck: oneOf('true', 'false'),
  draggable: oneOf('true', 'false'),
  inert: text,
};

const HTML_BY_ELEMENT: Record<string, Record<string, ValueRule>> = {
  a: { rel, target: oneOf('_self'), hreflang: text },
  img: { alt: text, width: integer, height: integer, loading: oneOf('lazy', 'eager'), decoding: oneOf('sync', 'async', 'auto') },
  td: { colspan: integer, rowspan: integer, headers: text, abbr: text },
  th: { colspan: integer, rowspan: integer, headers: text, abbr: text, scope: oneOf('row', 'col', 'rowgroup', 'colgroup') },
  col: { span: integer },
  colgroup: { span: integer },
  ol: { start: integer, reversed: text, type: oneOf('1', 'a', 'i') },
  li: { value: integer },
  time: { datetime: text },
  data: { value: text },
  del: { datetime: text },
  ins: { datetime: text },
  details: { open: text },
  bdo: { dir: oneOf('ltr', 'rtl') },
  meter: { value: text, min: text, max: text, low: text, high: text, optimum: text },
  progress: { value: text, max: text },
  fieldset: { disabled: text },
  button: { type: oneOf('button'), disabled: text, value: text },
  input: {
    type: inputType,
    value: text,
    placeholder: text,
    disabled: text,
    readonly: text,
    checked: text,
    required: text,
    multiple: text,
    min: text,
    max: text,
    step: text,
    minlength: integer,
    maxlength: integer,
    size: integer,
    pattern: text,
    inputmode: text,
    enterkeyhint: text,
    autocomplete: oneOf('off'),
  },
  select: { disabled: text, multiple: text, size: integer, required: text, autocomplete: oneOf('off') },
  option: { value: text, selected: text, disabled: text, label: text },
  optgroup: { label: text, disabled: text },
  textarea: { rows: integer, cols: integer, placeholder: text, disabled: text, readonly: text, maxlength: integer, minlength: integer, wrap: oneOf('soft', 'hard', 'off'), required: text, autocomplete: oneOf('off') },
};

const SVG_PRESENTATION = [
  'transform', 'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-dasharray',
  'stroke-dashoffset', 'stroke-miterlimit', 'stroke-opacity', 'opacity', 'color', 'clip-path', 'clip-rule', 'display', 'visibility',
  'vector-effect', 'shape-rendering', 'text-rendering', 'paint-order', 'font-family', 'font-size', 'font-weight', 'font-style',
  'text-anchor', 'dominant-baseline', 'alignment-baseline', 'letter-spacing', 'pathLength', 'focusable', 'overflow',
];
const SVG_GEOMETRY: Record<string, string[]> = {
  svg: ['viewBox', 'width', 'height', 'x', 'y', 'preserveAspectRatio'],
  path: ['d'],
  circle: ['cx', 'cy', 'r'],
  ellipse: ['cx', 'cy', 'rx', 'ry'],
  line: ['x1', 'y1', 'x2', 'y2'],
  polyline: ['points'],
  polygon: ['points'],
  rect: ['x', 'y', 'width', 'height', 'rx', 'ry'],
  text: ['x', 'y', 'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust'],
  tspan: ['x', 'y', 'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust'],
  linearGradient: ['x1', 'y1', 'x2', 'y2', 'gradientUnits', 'gradientTransform', 'spreadMethod'],
  radialGradient: ['cx', 'cy', 'r', 'fx', 'fy', 'fr', 'gradientUnits', 'gradientTransform', 'spreadMethod'],
  stop: ['offset', 'stop-color', 'stop-opacity'],
  clipPath: ['clipPathUnits'],
};
/** SVG attribute names are case-sensitive; a lower-case spelling is mapped to the one SVG knows. */
const SVG_CANONICAL: ReadonlyMap<string, string> = new Map(
  [...SVG_PRESENTATION, ...Object.values(SVG_GEOMETRY).flat()].map((n) => [n.toLowerCase(), n]),
);

const LOADS =
  /^(?:src|srcset|sizes|poster|background|data|codebase|lowsrc|dynsrc|longdesc|href|xlink:href|xml:base|action|formaction|srcdoc|ping|attributionsrc|manifest|cite|icon|profile|archive|classid|usemap|ismap|imagesrcset|imagesizes|itemtype|itemid|fetchpriority|referrerpolicy|crossorigin|integrity|blocking|download|shadowrootmode|is)$/;

/** Why an attribute outside the allowlist is refused, in words that tell the author what to do instead. */
function whyRefused(el: Creatable, name: string): string {
  const n = name.toLowerCase();
  const tag = `<${el.localName}>`;
  if (n.startsWith('on')) return `"${name}" is an event handler attribute and would run code; use h.on("${n.slice(2) || 'click'}", handler) instead`;
  if (n === 'style') return 'a style attribute is not checked; use h.setStyle({ property: value }) instead';
  if (n === 'href') return `href is allowed only on <a> (and is checked by the address rule); ${tag} may not carry one`;
  if (n === 'src') return `src is allowed only on <img> (and is checked by the address rule); ${tag} may not carry one`;
  if (LOADS.test(n)) return `"${name}" makes the browser load or send something; it is refused on every element`;
  if (FORM_ATTRIBUTES.includes(n)) return `"${name}" would send a form another way than the form's own; it is refused on every element`;
  if (n === 'name') return '"name" is refused: a named element can shadow the page\'s own globals and form fields; use a class';
  if (n === 'form' || n === 'for' || n === 'popovertarget' || n === 'popovertargetaction' || n === 'commandfor' || n === 'command' || n === 'anchor') {
    return `"${name}" ties the element to one of the page's own elements, so activating it would act on the page; it is refused`;
  }
  if (n === 'accesskey' || n === 'autofocus' || n === 'popover' || n === 'contenteditable') return `"${name}" takes focus, keys or input from the page; it is refused`;
  if (n === 'type' && el.localName === 'input') return 'this input type is refused';
  if (n.startsWith('data-')) {
    return `"${name}" is refused: page scripts act on data-* attributes (script gadgets); use a class, or h.setAttr("${n.slice(5)}", …) on the page's own elements, which writes a marked data attribute`;
  }
  if (/^(?:hx-|x-|ng-|v-|:|@|xmlns:|xml:)/.test(n) || n.includes(':')) return `"${name}" is refused: frameworks on the page act on attributes like it (script gadgets)`;
  return `"${name}" is not on the list of attributes allowed on ${tag}`;
}

/**
 * The verdict on one attribute of an element the remixlet created (or HTML it handed over). `name` is the
 * attribute's qualified name as written; the verdict carries the name to write (SVG case restored).
 */
export function checkCreatedAttribute(el: Creatable, rawName: string, value: string, remixletId: string): AttributeVerdict {
  const fail = (why: string): AttributeVerdict => ({ ok: false, reason: `${rawName.slice(0, 60)} on <${el.localName}> is refused: ${why}.` });
  /** id, ARIA and list: ids and references to them are marked; the rest of ARIA is text. */
  const htmlLike = (name: string, v: string): AttributeVerdict => {
    const rewrite = name === 'id' ? idValue : ID_REFERENCES.has(name) ? idRefs : undefined;
    if (!rewrite) return { ok: true, kind: 'plain', name, value: v };
    const r = rewrite(v, remixletId);
    return 'why' in r ? fail(r.why) : { ok: true, kind: 'plain', name, value: r.value };
  };
  if (el.ns === 'svg') {
    if (rawName === 'xmlns') return value === SVG_NS ? { ok: true, kind: 'plain', name: rawName, value } : fail(`xmlns must be "${SVG_NS}"`);
    if (rawName === 'xmlns:xlink') return value === XLINK_NS ? { ok: true, kind: 'plain', name: rawName, value } : fail(`xmlns:xlink must be "${XLINK_NS}"`);
    const lower = rawName.toLowerCase();
    if (lower === 'class') return { ok: true, kind: 'plain', name: 'class', value };
    if (lower === 'id' || lower === 'role' || /^aria-[a-z]+$/.test(lower)) return htmlLike(lower, value);
    const canonical = SVG_CANONICAL.get(lower);
    const allowed = canonical !== undefined && (SVG_PRESENTATION.includes(canonical) || (SVG_GEOMETRY[el.localName] ?? []).includes(canonical));
    if (!allowed) return fail(whyRefused(el, rawName));
    const rewritten = svgRefs(value, remixletId);
    if ('why' in rewritten) return fail(rewritten.why);
    const bad = svgValue(rewritten.value, remixletId);
    return bad ? fail(bad) : { ok: true, kind: 'plain', name: canonical, value: rewritten.value };
  }
  const name = rawName.toLowerCase();
  if (name === 'href' && el.localName === 'a') return { ok: true, kind: 'address', name, addressKind: 'link' };
  if (name === 'src' && el.localName === 'img') return { ok: true, kind: 'address', name, addressKind: 'image' };
  if (name === 'id' || /^aria-[a-z]+$/.test(name) || (name === 'list' && el.localName === 'input') || (name === 'headers' && (el.localName === 'td' || el.localName === 'th'))) {
    return htmlLike(name, value);
  }
  const check = HTML_BY_ELEMENT[el.localName]?.[name] ?? HTML_GLOBAL[name];
  if (!check) return fail(whyRefused(el, rawName));
  const ruled = check(value, remixletId);
  return 'why' in ruled ? fail(ruled.why) : { ok: true, kind: 'plain', name, value: ruled.value };
}

const ID_REFERENCES: ReadonlySet<string> = new Set(['list', 'headers', 'aria-controls', 'aria-owns', 'aria-flowto', 'aria-activedescendant', 'aria-details', 'aria-errormessage', 'aria-labelledby', 'aria-describedby']);

/** A password field's type, autocomplete, pattern, minlength and maxlength cannot change. */
/**
 * Attributes by which a submit button overrides its form: it would send the form by another address, method,
 * encoding or window than the form's own. A click on an element carrying one is refused, and a clone never
 * carries one (formnovalidate, which changes none of these, is left off clones too: FORM_ATTRIBUTES).
 */
export const FORM_OVERRIDE_ATTRIBUTES = ['formaction', 'formmethod', 'formenctype', 'formtarget'] as const;
/** Every form* attribute a submit button can carry; none is allowed on a created element or kept on a clone. */
export const FORM_ATTRIBUTES: readonly string[] = [...FORM_OVERRIDE_ATTRIBUTES, 'formnovalidate'];
/** Attributes by which a link's click contacts addresses besides its href (hyperlink auditing, attribution reporting). */
export const LINK_CONTACT_ATTRIBUTES = ['ping', 'attributionsrc'] as const;

export const PASSWORD_LOCKED_ATTRIBUTES: ReadonlySet<string> = new Set(['type', 'autocomplete', 'pattern', 'minlength', 'maxlength', 'value']);
