// Tests and bench (Node, with a Playwright page). Measures how well an outline lets a model find a real
// page, against ground truth that does not come from the outline's own code: the landmarks by ARIA's
// rules (role or tag; a header or footer counts outside sectioning content) plus the containers whose id
// or class says plainly "comments" or "sidebar", each visible and not inside another of its kind; and
// the main content as Mozilla Readability extracted it (expected.html): its headings and the starts of
// its first ten paragraphs, each matched as its first five words.
import type { Page } from '@playwright/test';
import { expectedContent } from '../harness/real-pages';

export const FIRST_PARAGRAPHS = 10;
const RUN_WORDS = 5;
const RUN_CHARS = 30;

export interface FirstLook {
  bytes: number;
  lines: number;
  truncated: boolean;
  landmarks: number;
  named: number;
  missingLandmarks: string[];
  items: number;
  shown: number;
  missingItems: string[];
}

export function normalize(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** The headings and first paragraphs of Readability's extract, each as its first five normalized words. */
export async function expectedItems(page: Page, name: string): Promise<string[]> {
  const html = await expectedContent(name);
  const texts = await page.evaluate(
    ({ html, first }) => {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const text = (e: Element) => (e.textContent ?? '').replace(/\s+/g, ' ').trim();
      const headings = [...doc.querySelectorAll('h1, h2, h3, h4, h5, h6')].map(text);
      let paragraphs = [...doc.querySelectorAll('p')].map(text).filter(Boolean);
      // A page of plain text (ietf-1) has no paragraphs, only lines.
      if (!paragraphs.length) paragraphs = (doc.body.innerText || doc.body.textContent || '').split('\n').map((l) => l.trim()).filter((l) => l.split(/\s+/).length >= 3);
      return [...headings, ...paragraphs.slice(0, first)];
    },
    { html, first: FIRST_PARAGRAPHS },
  );
  // Five words, or their first 30 characters in a script written without spaces (Japanese, Chinese).
  return texts.map((t) => normalize(t).split(' ').slice(0, RUN_WORDS).join(' ').slice(0, RUN_CHARS)).filter(Boolean);
}

/** Every selector an outline names: in backticks, and the label that starts each line (tag#id.class). */
export function selectorsIn(outline: string): string[] {
  const out = new Set<string>();
  for (const m of outline.matchAll(/`([^`\n]+)`/g)) out.add(m[1]!);
  for (const line of outline.split('\n')) {
    const label = /^\s*([a-z][a-z0-9-]*(?:[#.][^\s[#.]+)*)/i.exec(line)?.[1];
    if (label) out.add(label);
  }
  return [...out];
}

/** How many of the page's landmarks a selector in the list finds (the first match is the landmark). */
export async function namedLandmarks(page: Page, selectors: string[]): Promise<{ landmarks: number; named: number; missing: string[] }> {
  return page.evaluate((selectors) => {
    const SECTIONING = 'article, aside, main, nav, section, [role=article], [role=complementary], [role=main], [role=navigation], [role=region]';
    const ROLES = ['banner', 'navigation', 'main', 'complementary', 'contentinfo', 'search'];
    const kindOf = (el: Element): string | undefined => {
      const role = el.getAttribute('role')?.trim().toLowerCase();
      if (role) return ROLES.includes(role) ? role : undefined;
      const tag = el.localName;
      if (tag === 'main') return 'main';
      if (tag === 'nav') return 'navigation';
      if (tag === 'aside') return 'complementary';
      if (tag === 'header' || tag === 'footer') return el.parentElement?.closest(SECTIONING) ? undefined : tag === 'header' ? 'banner' : 'contentinfo';
      // Plainly so: a container (not a link, a button or an icon that counts comments).
      if (!el.matches('div, section, aside, ul, ol') || el.closest('a, button')) return undefined;
      if (el.matches('#comments, .comments, #disqus_thread')) return 'comments';
      if (el.matches('#sidebar, .sidebar')) return 'complementary';
      return undefined;
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return (r.width > 0 || r.height > 0) && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    };
    const found = new Map<Element, string>();
    for (const el of document.querySelectorAll('header, footer, nav, main, aside, [role], #comments, .comments, #disqus_thread, #sidebar, .sidebar')) {
      const kind = kindOf(el);
      if (kind && visible(el)) found.set(el, kind);
    }
    const landmarks = [...found].filter(([el, kind]) => {
      for (let up = el.parentElement; up; up = up.parentElement) if (found.get(up) === kind) return false;
      return true;
    });
    const finds = new Set<Element>();
    for (const s of selectors) {
      try {
        const el = document.querySelector(s);
        if (el) finds.add(el);
      } catch {
        /* not a selector */
      }
    }
    const describe = (el: Element, kind: string) => `${kind}: ${el.localName}${el.id ? `#${el.id}` : ''}${[...el.classList].slice(0, 2).map((c) => `.${c}`).join('')}`;
    const missing = landmarks.filter(([el]) => !finds.has(el)).map(([el, kind]) => describe(el, kind));
    return { landmarks: landmarks.length, named: landmarks.length - missing.length, missing };
  }, selectors);
}

export async function measureFirstLook(page: Page, name: string, outline: { outline: string; lines: number; truncated: boolean }): Promise<FirstLook> {
  const items = await expectedItems(page, name);
  const hay = ` ${normalize(outline.outline)} `;
  const missingItems = items.filter((run) => !hay.includes(` ${run}${run.length === RUN_CHARS ? '' : ' '}`));
  const marks = await namedLandmarks(page, selectorsIn(outline.outline));
  return {
    bytes: Buffer.byteLength(outline.outline, 'utf8'),
    lines: outline.lines,
    truncated: outline.truncated,
    landmarks: marks.landmarks,
    named: marks.named,
    missingLandmarks: marks.missing,
    items: items.length,
    shown: items.length - missingItems.length,
    missingItems,
  };
}
