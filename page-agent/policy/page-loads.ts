// Context: page agent. The addresses the page already loads, for the address rule's "an address the page
// already loads exactly as written": the browser's own record of resource loads (performance entries,
// which a content script's isolated world sees as the page does) and the addresses the page's own
// loading elements name (an image's src, a stylesheet's href, a video's poster…), resolved as the browser
// resolves them. A link is not a load: an <a href> may be built by the page from text a remixlet typed,
// and a <link rel=canonical> or dns-prefetch names an address without loading it. Trusts the page for
// what it loads; never counts an address a remixlet wrote, so a remixlet cannot launder an address it
// was refused through an element it made.
import { HTML_NS, SVG_NS } from '../../contracts/dom/elements';
import { attr, attrNS, localNameOf, namespaceOf, queryAll } from './unclobbered';

const XLINK_NS = 'http://www.w3.org/1999/xlink';
const MAX_ELEMENTS = 20_000;

/** Elements any remixlet made (created, cloned, inserted from HTML) on this page. */
export const remixletMade = new WeakSet<Element>();
/** Page elements whose href or src a remixlet rewrote. */
export const remixletAddressed = new WeakSet<Element>();

/** HTML elements that load what an attribute names, by local name. */
const HTML_LOADS: Readonly<Record<string, readonly string[]>> = {
  img: ['src'],
  script: ['src'],
  iframe: ['src'],
  frame: ['src'],
  embed: ['src'],
  object: ['data'],
  video: ['src', 'poster'],
  audio: ['src'],
  source: ['src'],
  track: ['src'],
};
/** rel tokens under which a <link> fetches its href (canonical, alternate, preconnect… do not). */
const LOADING_REL = new Set(['stylesheet', 'icon', 'apple-touch-icon', 'apple-touch-icon-precomposed', 'mask-icon', 'preload', 'modulepreload', 'prefetch', 'manifest']);
const SELECTOR = 'img[src], script[src], iframe[src], frame[src], embed[src], object[data], video[src], video[poster], audio[src], source[src], track[src], input[src], link[href], image, feImage';

/** The attributes whose addresses this element loads, as written. */
function loadedBy(el: Element): (string | null)[] {
  const ns = namespaceOf(el);
  const name = localNameOf(el);
  if (ns === SVG_NS) return name === 'image' || name === 'feImage' ? [attr(el, 'href') ?? attrNS(el, XLINK_NS, 'href')] : [];
  if (ns !== HTML_NS) return [];
  if (name === 'input') return (attr(el, 'type') ?? '').trim().toLowerCase() === 'image' ? [attr(el, 'src')] : [];
  if (name === 'link') {
    const rel = (attr(el, 'rel') ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
    return rel.some((t) => LOADING_REL.has(t)) ? [attr(el, 'href')] : [];
  }
  return (HTML_LOADS[name] ?? []).map((a) => attr(el, a));
}

function resolved(raw: string | null, base: string): string | undefined {
  if (raw === null || raw === '') return undefined;
  try {
    return new URL(raw, base).href;
  } catch {
    return undefined;
  }
}

export function collectPageLoads(doc: Document = document): Set<string> {
  const out = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) out.add(entry.name);
  let seen = 0;
  for (const el of queryAll(SELECTOR, doc)) {
    if (++seen > MAX_ELEMENTS) break;
    if (remixletMade.has(el) || remixletAddressed.has(el)) continue;
    for (const raw of loadedBy(el)) {
      const href = resolved(raw, el.baseURI);
      if (href) out.add(href);
    }
  }
  return out;
}
