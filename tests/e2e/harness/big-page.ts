// Test harness (Node). A page of 50,000 elements on `big.test`, built the same way every time: what a
// long-lived news page with a mega menu, a comment thread in the thousands, a product grid and a data
// table weighs. No script, so its structure is the same in every run; the tests and bench/ use it to see
// what the assistant's tools and a remixlet cost on a page that size.
import type { RouteResponse } from './sites';

export const BIG_PAGE_HOST = 'big.test';
export const BIG_PAGE_ELEMENTS = 50_000;

class Builder {
  elements = 0;
  readonly parts: string[] = [];

  /** One element with text (and optionally inner markup already counted). */
  el(tag: string, attrs: string, inner = ''): string {
    this.elements += 1;
    return `<${tag}${attrs ? ` ${attrs}` : ''}>${inner}</${tag}>`;
  }
}

const WORDS = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat'.split(' ');

function words(seed: number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(WORDS[(seed * 7 + i * 13) % WORDS.length]!);
  return out.join(' ');
}

export function bigPageHtml(): string {
  const b = new Builder();
  // html, head, title, meta, style, body, div.layout and main: written out below.
  b.elements += 8;
  const menus = Array.from({ length: 8 }, (_, m) => {
    const items = Array.from({ length: 25 }, (_, i) => b.el('li', '', b.el('a', `href="/section/${m}/${i}"`, `Section ${m}.${i}`))).join('');
    return b.el('li', 'class="menu"', b.el('a', `href="/section/${m}"`, `Menu ${m}`) + b.el('ul', 'class="submenu"', items));
  }).join('');
  const header = b.el('header', 'id="top" class="site-header"', b.el('a', 'class="logo" href="/"', 'Big Daily') + b.el('nav', 'class="mega-menu" aria-label="Sections"', b.el('ul', '', menus)));
  const banner = b.el('div', 'class="cookie-banner" role="dialog" aria-label="Cookies"', b.el('p', '', 'We use cookies to make this site work.') + b.el('button', 'type="button"', 'Accept'));
  const paragraphs = Array.from({ length: 20 }, (_, i) => (i % 5 === 4 ? b.el('h2', '', `Part ${Math.floor(i / 5) + 1}`) : '') + b.el('p', '', `Paragraph ${i + 1}: ${words(i, 40)}.`)).join('');
  const article = b.el(
    'article',
    'class="story"',
    b.el('h1', '', 'A very long day on a very big page') +
      b.el('p', 'class="byline"', `By ${b.el('a', 'class="author" href="/people/ada"', 'Ada Writer')}`) +
      b.el('div', 'class="share-buttons"', ['Facebook', 'Twitter', 'Email', 'Copy link'].map((n) => b.el('a', `href="/share/${n}"`, `Share on ${n}`)).join('')) +
      b.el('div', 'class="ad-slot" id="div-gpt-ad-top"', b.el('div', '', b.el('span', '', 'Advertisement: buy more lamps'))) +
      paragraphs,
  );
  const grid = b.el(
    'section',
    'class="products" aria-label="Shop"',
    Array.from({ length: 1500 }, (_, i) => b.el('div', 'class="card"', b.el('h3', '', `Product ${i}`) + b.el('p', 'class="price"', `$${(i % 90) + 10}.00`) + b.el('button', 'type="button"', 'Add'))).join(''),
  );
  const comments = b.el(
    'section',
    'id="comments" class="comments"',
    b.el('h2', '', 'Comments') +
      Array.from({ length: 2500 }, (_, i) =>
        b.el(
          'article',
          'class="comment"',
          b.el('header', '', b.el('a', `class="commenter" href="/u/${i}"`, `reader${i}`) + b.el('time', `datetime="2026-01-01T00:${String(i % 60).padStart(2, '0')}"`, `${i % 60} min ago`)) +
            b.el('p', '', words(i, 12)) +
            b.el('footer', '', b.el('button', 'type="button"', 'Reply') + b.el('button', 'type="button"', 'Like')),
        ),
      ).join(''),
  );
  const sidebar = b.el('aside', 'class="sidebar"', b.el('h2', '', 'Most read') + b.el('ul', '', Array.from({ length: 300 }, (_, i) => b.el('li', '', b.el('a', `href="/story/${i}"`, `Story ${i}`))).join('')));
  const hiddenWidgets = Array.from({ length: 200 }, (_, i) => b.el('div', `class="modal" hidden id="modal-${i}"`, b.el('h2', '', `Offer ${i}`) + b.el('p', '', words(i, 8)) + b.el('button', 'type="button"', 'Close'))).join('');
  const footerLinks = (n: number) => Array.from({ length: n }, (_, i) => b.el('li', '', b.el('a', `href="/about/${i}"`, `About ${i}`))).join('');
  // The table fills the page up to the exact count: table, tbody, then rows of five cells, then a remainder list.
  b.elements += 2 /* footer, ul */ + 2 /* table, tbody */;
  const remaining = BIG_PAGE_ELEMENTS - b.elements;
  const rows = Math.floor(remaining / 6);
  const table = `<table class="data"><tbody>${Array.from({ length: rows }, (_, r) => b.el('tr', '', Array.from({ length: 5 }, (_, c) => b.el('td', '', `${r}:${c}`)).join(''))).join('')}</tbody></table>`;
  const rest = BIG_PAGE_ELEMENTS - b.elements;
  const footer = `<footer class="site-footer"><ul>${footerLinks(Math.floor(rest / 2))}</ul>${'<span></span>'.repeat(rest % 2)}</footer>`;
  b.elements += rest % 2;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Big Daily: 50,000 elements</title><style>.submenu{display:none}.card{display:inline-block;width:180px}</style></head><body>${header}${banner}<div class="layout"><main>${article}${grid}${comments}</main>${sidebar}</div>${hiddenWidgets}${table}${footer}</body></html>`;
}

/**
 * What a live news page does to itself, at a rate a real one does: twice a second one comment's "min ago"
 * ticks, every two seconds a new comment arrives at the top of the thread (the oldest goes), and every four
 * seconds the cookie banner is drawn again. Each change is one layout of 50,000 elements, so a faster page
 * would keep the main thread busy with its own layout alone and say nothing about a remixlet. It times its own
 * work per change up to the end of the mutation observers' delivery, and the interval between frames, as
 * bench.test/churn.html does (window.benchChurn, benchChurnReset), so bench/page-cost.bench.ts reads both alike.
 */
const LIVE_SCRIPT = `<script>
(() => {
  const out = (window.benchChurn = { frames: 0, mutations: 0, workMs: 0, intervals: [] });
  window.benchChurnReset = () => { out.frames = 0; out.mutations = 0; out.workMs = 0; out.intervals = []; };
  const thread = document.getElementById('comments');
  const times = thread.getElementsByTagName('time');
  const pristineBanner = document.querySelector('.cookie-banner').cloneNode(true);
  let last = null, tick = 0, n = 0;
  const timed = (change) => () => {
    const t0 = performance.now();
    change();
    queueMicrotask(() => { out.workMs += performance.now() - t0; out.mutations += 1; });
  };
  setInterval(timed(() => { times[tick++ % times.length].textContent = (tick % 60) + ' min ago'; }), 500);
  setInterval(timed(() => {
    const c = thread.querySelector('article.comment').cloneNode(true);
    c.querySelector('.commenter').textContent = 'live' + n++;
    thread.children[0].after(c);
    thread.lastElementChild.remove();
  }), 2000);
  setInterval(timed(() => { document.querySelector('.cookie-banner').replaceWith(pristineBanner.cloneNode(true)); }), 4000);
  const frame = (now) => {
    if (last !== null) out.intervals.push(now - last);
    last = now;
    out.frames++;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
</script>`;

let cached: string | undefined;

/** `/` is the frozen page (no script); `/live.html` is the same page changing itself as a live one does. */
export function serveBigPage(pathname: string): RouteResponse | undefined {
  if (pathname !== '/' && pathname !== '/index.html' && pathname !== '/live.html') return undefined;
  cached ??= bigPageHtml();
  const body = pathname === '/live.html' ? cached.replace('</body>', `${LIVE_SCRIPT}</body>`) : cached;
  return { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body };
}
