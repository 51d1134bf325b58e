// Context: shared (pure): the page agent (dom.create, h.setHTML, h.clone, writes) and Node tests.
// Trusts nothing: tag names come from remixlet code or from HTML a remixlet handed over.
// The fixed list of elements a remixlet may create, and the page elements whose content it may not write.
// An allowlist, not a denylist: anything a browser adds later is refused until someone adds it here.

export const HTML_NS = 'http://www.w3.org/1999/xhtml';
export const SVG_NS = 'http://www.w3.org/2000/svg';

/** Layout, text, form-control and image elements. Each loads nothing by itself and runs nothing. */
export const HTML_ELEMENTS = {
  layout: [
    'div', 'span', 'section', 'article', 'aside', 'header', 'footer', 'nav', 'main', 'search', 'address', 'hgroup',
    'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'figure', 'figcaption',
    'blockquote', 'pre', 'hr', 'br', 'wbr', 'details', 'summary',
    'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th',
  ],
  text: [
    'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'ins', 'kbd', 'mark', 'q',
    'rp', 'rt', 'ruby', 's', 'samp', 'small', 'strong', 'sub', 'sup', 'time', 'u', 'var',
  ],
  formControl: ['button', 'input', 'select', 'option', 'optgroup', 'textarea', 'label', 'fieldset', 'legend', 'output', 'meter', 'progress', 'datalist'],
  image: ['img'],
} as const;

/**
 * Simple SVG: shapes, text, gradients and clipping. No element that references or loads another
 * document (use, image, feImage, a, textPath, pattern, filter), runs code (script, animation elements,
 * set, foreignObject) or carries a stylesheet (style). Names keep SVG's case.
 */
export const SVG_ELEMENTS = [
  'svg', 'g', 'path', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'rect', 'text', 'tspan', 'title', 'desc',
  'defs', 'linearGradient', 'radialGradient', 'stop', 'clipPath',
] as const;

const HTML_SET: ReadonlySet<string> = new Set(Object.values(HTML_ELEMENTS).flat());
const SVG_BY_LOWER: ReadonlyMap<string, string> = new Map(SVG_ELEMENTS.map((n) => [n.toLowerCase(), n]));

export type Namespace = 'html' | 'svg';

export interface Creatable {
  ns: Namespace;
  /** The element's local name as the DOM spells it (SVG keeps its case: linearGradient). */
  localName: string;
}

/**
 * The element dom.create makes for a tag, or undefined when the tag is not on the list. A name on both
 * lists (there is none today but `a`, whose SVG form is refused) resolves to HTML.
 */
export function creatableTag(tag: string): Creatable | undefined {
  const lower = tag.toLowerCase();
  if (HTML_SET.has(lower)) return { ns: 'html', localName: lower };
  const svg = SVG_BY_LOWER.get(lower);
  return svg ? { ns: 'svg', localName: svg } : undefined;
}

/** Whether an element that exists (parsed or created) is on the list, judged by namespace and local name. */
export function isCreatable(namespaceURI: string | null, localName: string): boolean {
  if (namespaceURI === HTML_NS) return HTML_SET.has(localName);
  if (namespaceURI === SVG_NS) return SVG_BY_LOWER.get(localName.toLowerCase()) === localName;
  return false;
}

const WHY_REFUSED: Record<string, string> = {
  script: 'it runs code',
  style: 'it carries a stylesheet; use dom.addStyle(css) or style.css',
  link: 'it loads a resource',
  meta: 'it can refresh or redirect the page',
  base: 'it changes where every address on the page points',
  form: 'a form submits data; use the page\'s own forms and h.click() on their buttons',
  iframe: 'it loads another document',
  frame: 'it loads another document',
  frameset: 'it loads other documents',
  fencedframe: 'it loads another document',
  object: 'it loads and runs a plugin or document',
  embed: 'it loads and runs a plugin or document',
  video: 'it loads media',
  audio: 'it loads media',
  source: 'it loads media or images',
  track: 'it loads a resource',
  picture: 'its sources load images without the address check; use img',
  portal: 'it loads another document',
  template: 'its content is parsed later by page scripts',
  slot: 'it moves the page\'s own content',
  dialog: 'a modal dialog takes over the page',
  canvas: 'it is drawn by script',
  noscript: 'its content is parsed differently when scripting is on',
  math: 'MathML links and loads are not checked',
  image: 'an SVG image loads an address without the image check; use img',
  use: 'it loads another SVG document',
  feimage: 'it loads an image without the address check',
  foreignobject: 'it embeds HTML inside SVG',
  animate: 'animation elements can change links and addresses',
  set: 'animation elements can change links and addresses',
  animatemotion: 'animation elements can change links and addresses',
  animatetransform: 'animation elements can change links and addresses',
};

/**
 * Why an element that already exists (on the page, to be cloned) is one dom.create refuses outright
 * because of what it does: a form, frame, script, style, link, meta, media… (the list above), or anything
 * outside HTML and SVG. Undefined for the rest, including elements that are merely not on the creatable
 * list (a page's custom elements), which load and run nothing of their own choosing.
 */
export function refusedElementReason(namespaceURI: string | null, localName: string): string | undefined {
  if (namespaceURI !== HTML_NS && namespaceURI !== SVG_NS) return WHY_REFUSED.math;
  return WHY_REFUSED[localName.toLowerCase()];
}

/** A sentence that tells the author why a tag is refused and what to use instead. */
export function elementRefusalReason(tag: string): string {
  const lower = tag.toLowerCase();
  const why = WHY_REFUSED[lower] ?? 'it is not on the list of layout, text, form-control, image and simple SVG elements';
  return `<${tag.slice(0, 40)}> cannot be created: ${why}.`;
}

/**
 * Page elements whose content a remixlet may not write (setText, setHTML, or insert into): their text
 * is code, a stylesheet, markup parsed later, or another document.
 */
const CONTENT_LOCKED_HTML: ReadonlySet<string> = new Set([
  'script', 'style', 'template', 'iframe', 'frame', 'frameset', 'object', 'embed', 'noscript', 'noembed',
  'noframes', 'xmp', 'plaintext', 'link', 'meta', 'base', 'head', 'html', 'video', 'audio', 'picture', 'canvas', 'slot',
]);
const CONTENT_LOCKED_SVG: ReadonlySet<string> = new Set(['script', 'style', 'foreignObject', 'use', 'image', 'animate', 'set', 'animateMotion', 'animateTransform']);

export function isContentLocked(namespaceURI: string | null, localName: string): boolean {
  if (namespaceURI === HTML_NS) return CONTENT_LOCKED_HTML.has(localName);
  if (namespaceURI === SVG_NS) return CONTENT_LOCKED_SVG.has(localName);
  // MathML and unknown namespaces: links and loads there are not checked.
  return true;
}

/** Elements that cannot hold children (setHTML on them is refused). */
export const VOID_ELEMENTS: ReadonlySet<string> = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
