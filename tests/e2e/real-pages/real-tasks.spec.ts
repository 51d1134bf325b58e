// Real tasks on real pages: on ten snapshots, a remixlet written as a model writes it after its first look
// (the selectors come from outline_page's regions and one query_elements for the author, exactly as the
// model got them) hides the sidebar and the comments, widens the article, hides the banner and marks the
// author. It applies, holds after a reload, and holds again after the page redraws its whole body (what a
// site's script does when it re-renders). Before it is installed, every target is visible and unmarked:
// the checks below can fail.
import type { Page } from '@playwright/test';
import { test, expect } from '../harness';
import { REAL_PAGES_HOST, realPagePath } from '../harness/real-pages';
import { install, manifest } from '../remixlet';
import { assistantLook, outlineRegion } from './assistant-look';

const PAGES = ['breitbart', 'cnet', 'firefox-nightly-blog', 'quanta-1', 'wapo-1', 'wordpress', 'nytimes-2', 'ehow-1', 'lemonde-1', 'yahoo-1'];
const AUTHOR = '[rel=author], [itemprop=author], .author, .byline, .byline__name, a[href*="/author/"]';

interface Task {
  banner: string;
  sidebar: string;
  comments?: string;
  article: string;
  author?: string;
}

/** The selectors a model reads off the first look: the first region of each kind. */
function fromOutline(outline: string): Omit<Task, 'author'> {
  const region = (kind: string) => outlineRegion(outline, kind);
  const banner = region('banner');
  const sidebar = region('complementary');
  const article = region('main content');
  if (!banner || !sidebar || !article) throw new Error(`the first look lacks a region:\n${outline.slice(0, 2000)}`);
  const comments = region('comments');
  return { banner, sidebar, article, ...(comments ? { comments } : {}) };
}

function remixletFor(name: string, t: Task) {
  const hidden = [t.sidebar, t.comments].filter(Boolean).join(',\n');
  const style = [
    `${hidden} { display: none !important; }`,
    `${t.article} { max-width: none !important; width: auto !important; }`,
    ...(t.author ? [`${t.author} { outline: 3px solid orange !important; }`] : []),
  ].join('\n');
  const B = JSON.stringify(t.banner);
  const script = `rmx.keep('no banner', {
  check: async () => !(await dom.query(${B} + ':not([style*="none"])')),
  repair: async () => { await (await dom.query(${B}))?.hide(); },
});`;
  return { 'manifest.json': manifest({ name: `Reader view for ${name}`, matches: [`*://${REAL_PAGES_HOST}/${name}/*`] }), 'style.css': style, 'script.js': script };
}

interface Seen {
  hidden: boolean[];
  articleMaxWidth: string;
  articleWidth: number;
  authorOutline: string;
}

function seen(page: Page, t: Task): Promise<Seen> {
  return page.evaluate((t) => {
    const el = (s: string) => document.querySelector(s);
    const article = el(t.article)!;
    return {
      hidden: [t.banner, t.sidebar, ...(t.comments ? [t.comments] : [])].map((s) => {
        const e = el(s);
        return !!e && !e.checkVisibility();
      }),
      articleMaxWidth: getComputedStyle(article).maxWidth,
      articleWidth: article.getBoundingClientRect().width,
      authorOutline: t.author ? getComputedStyle(el(t.author)!).outlineStyle : 'solid',
    };
  }, t);
}

for (const name of PAGES) {
  test(`${name}: hide the sidebar, comments and banner, widen the article, mark the author; holds after a reload and a redraw`, async ({ openPage, openExtensionPage, tabIdOf }) => {
    const page = await openPage(REAL_PAGES_HOST, realPagePath(name));
    const tabId = await tabIdOf(page);
    const look = await assistantLook(openExtensionPage, tabId);
    const task: Task = fromOutline((await look.outline()).outline);
    const authors = await look.call<{ elements: Array<{ selector: string; visible: boolean }> }>('assistantQuery', { selector: AUTHOR, limit: 10 });
    const author = authors.elements.find((e) => e.visible)?.selector;
    if (author) task.author = author;

    const before = await seen(page, task);
    expect(before.hidden.every((h) => !h), JSON.stringify(task)).toBe(true);
    if (task.author) expect(before.authorOutline).not.toBe('solid');

    await install(look.panel, tabId, remixletFor(name, task));
    const holds = async () => {
      await expect.poll(() => seen(page, task).then((s) => s.hidden)).toEqual(before.hidden.map(() => true));
      const now = await seen(page, task);
      expect(now.articleMaxWidth).toBe('none');
      expect(now.articleWidth).toBeGreaterThanOrEqual(Math.floor(before.articleWidth));
      expect(now.authorOutline).toBe('solid');
    };
    await holds();
    await page.reload({ waitUntil: 'load' });
    await holds();
    // The site redraws: every element of the body is replaced by a new one.
    await page.evaluate(() => {
      const markup = document.body.innerHTML;
      document.body.innerHTML = markup;
    });
    await holds();
  });
}
