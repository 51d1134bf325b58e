// Context: page agent (isolated world). The data the page loaded, for read_page_data: the addresses it
// fetched (performance entries), its JSON-LD and meta tags, and a same-origin JSON address re-fetched
// with GET as the page would. Nothing here reads cookies or storage; the fetch stays on the page's origin.
import { RemixletRefusal } from '../../contracts/refusals';
import { cap, cleanText } from './describe';

export function resources() {
  const entries = performance
    .getEntriesByType('resource')
    .slice(-300)
    .map((e) => {
      const r = e as PerformanceResourceTiming;
      return { url: cap(r.name, 500), type: r.initiatorType, size: r.transferSize };
    });
  return { entries };
}

export function structuredData() {
  const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].slice(0, 20).map((s) => cleanText(s.textContent ?? '', 10_000));
  const meta: Record<string, string> = {};
  for (const m of document.querySelectorAll('meta[name], meta[property]')) {
    const key = m.getAttribute('name') ?? m.getAttribute('property') ?? '';
    if (key && Object.keys(meta).length < 50) meta[cleanText(key, 100)] = cleanText(m.getAttribute('content') ?? '', 500);
  }
  return { jsonLd, meta };
}

export async function fetchJson(address: string) {
  let url: URL;
  try {
    url = new URL(address, location.href);
  } catch {
    throw new RemixletRefusal('ADDRESS_REFUSED', 'That is not an address.', 'read_page_data');
  }
  if (url.origin !== location.origin) throw new RemixletRefusal('ADDRESS_REFUSED', `Only addresses on ${location.origin} are re-fetched.`, 'read_page_data');
  const response = await fetch(url.href, { method: 'GET', credentials: 'same-origin', redirect: 'error', headers: { accept: 'application/json' } });
  const contentType = response.headers.get('content-type') ?? '';
  const body = await response.text();
  return { url: url.href, status: response.status, contentType: cap(contentType, 200), body: cap(body, 60_000) };
}
