// Context: page agent. The addresses the page already loads, for the address rule's "an address the page
// already loads exactly as written": the browser's own record of resource loads (performance entries)
// and the src/href of the page's own elements, resolved as the browser resolves them. Trusts the page for
// what it loads; never counts an address a remixlet wrote, so a remixlet cannot launder an address it
// was refused through an element it made.

const XLINK_NS = 'http://www.w3.org/1999/xlink';
const MAX_ELEMENTS = 20_000;

/** Elements any remixlet made (created, cloned, inserted from HTML) on this page. */
export const remixletMade = new WeakSet<Element>();
/** Page elements whose href or src a remixlet rewrote. */
export const remixletAddressed = new WeakSet<Element>();

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
  for (const el of doc.querySelectorAll('[src], [href]')) {
    if (++seen > MAX_ELEMENTS) break;
    if (remixletMade.has(el) || remixletAddressed.has(el)) continue;
    for (const raw of [el.getAttribute('src'), el.getAttribute('href'), el.getAttributeNS(XLINK_NS, 'href')]) {
      const href = resolved(raw, el.baseURI);
      if (href) out.add(href);
    }
  }
  return out;
}
