// Shared by the real-page benchmarks (real-page-keeps.bench.ts, page-thread.bench.ts, page-agent-cpu.bench.ts):
// the three keep-based remixlets written from the assistant's first look at a real page (the banner hidden by
// style.css and kept hidden, the main content marked, its heading rewritten), a fourth with the same style.css
// and no script, the same three effects as one userscript (the floor: what making them costs a page with no
// remixlet path at all), the modes a page is measured in, and the rounds that alternate them. Asserts nothing.
import type { CDPSession, Page } from '@playwright/test';
import type { HarnessFixtures } from '../tests/e2e/harness';
import { REAL_PAGES_HOST, realPagePath } from '../tests/e2e/harness/real-pages';
import { assistantLook, outlineRegion } from '../tests/e2e/real-pages/assistant-look';
import { uiCall } from '../tests/e2e/remixlet';
import { installBench } from './kit';

export const HEADING_TEXT = 'Remixed heading';
/** style.css's probe: a rule on the root that changes nothing drawn, read at every animation frame. */
export const PROBE_RULE = 'html { outline-color: rgb(1, 2, 3); }';

export interface Targets {
  banner: string;
  main: string;
  heading: string;
}

/** The banner remixlet's style.css, which the userscript adds as its sheet too. */
const bannerSheet = (t: Targets) => `${PROBE_RULE}\n${t.banner} { display: none !important; }\n`;

export function remixletsFor(name: string, t: Targets) {
  const matches = [`*://${REAL_PAGES_HOST}/${name}/*`];
  const B = JSON.stringify(t.banner);
  const M = JSON.stringify(t.main);
  const H = JSON.stringify(t.heading);
  return [
    {
      name: `bench banner ${name}`,
      matches,
      style: bannerSheet(t),
      script: `rmx.keep('no banner', {
  check: async () => !(await dom.query(${B} + ':not([style*="none"])')),
  repair: async () => { await (await dom.query(${B}))?.hide(); },
});`,
    },
    {
      name: `bench main ${name}`,
      matches,
      script: `rmx.keep('main marked', {
  check: async () => (await (await dom.query(${M}))?.attr('seen')) === '1',
  repair: async () => { await (await dom.query(${M}))?.setAttr('seen', '1'); },
});`,
    },
    {
      name: `bench heading ${name}`,
      matches,
      script: `rmx.keep('heading', {
  check: async () => (await (await dom.query(${H}))?.text()) === ${JSON.stringify(HEADING_TEXT)},
  repair: async () => { await (await dom.query(${H}))?.setText(${JSON.stringify(HEADING_TEXT)}); },
});`,
    },
  ];
}

/** The attribute the userscript marks the main content with: one the marked check below recognises. */
const USERSCRIPT_MARK = 'data-rmx-userscript-seen';

/**
 * The three keeps' effects as a person would write them for a userscript manager, run in an isolated world of
 * the page from its first script on (CDP Page.addScriptToEvaluateOnNewDocument, as a manager's content script
 * is): the sheet added as a style element at once, then, once the page is parsed and past its own
 * DOMContentLoaded listeners (the keeps run at document_idle), the three checks and repairs, made again from a
 * MutationObserver on the whole document. Each repair writes only what differs, as each keep's check decides.
 */
export function userscriptFor(t: Targets): string {
  return `(() => {
  const sheet = document.createElement('style');
  sheet.textContent = ${JSON.stringify(bannerSheet(t))};
  // A world made with the document may come before its root element; the sheet goes in as soon as there is one.
  if (document.documentElement) document.documentElement.append(sheet);
  else new MutationObserver((_, o) => document.documentElement && (o.disconnect(), document.documentElement.append(sheet))).observe(document, { childList: true });
  const fix = () => {
    const b = document.querySelector(${JSON.stringify(t.banner)});
    if (b && b.style.display !== 'none') b.style.setProperty('display', 'none', 'important');
    const m = document.querySelector(${JSON.stringify(t.main)});
    if (m && m.getAttribute(${JSON.stringify(USERSCRIPT_MARK)}) !== '1') m.setAttribute(${JSON.stringify(USERSCRIPT_MARK)}, '1');
    const h = document.querySelector(${JSON.stringify(t.heading)});
    if (h && h.textContent !== ${JSON.stringify(HEADING_TEXT)}) h.textContent = ${JSON.stringify(HEADING_TEXT)};
  };
  const start = () => {
    fix();
    new MutationObserver(fix).observe(document.documentElement, { childList: true, subtree: true, attributes: true, characterData: true });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => setTimeout(start), { once: true });
  else setTimeout(start);
})();`;
}

/** What the page shows of each effect: the banner hidden by the sheet, and by the keep; the main content marked; the heading rewritten. */
export function effects(page: Page, t: Targets): Promise<{ styled: boolean; kept: boolean; marked: boolean; rewritten: boolean }> {
  return page.evaluate(
    ([t, text]) => {
      const banner = document.querySelector<HTMLElement>(t!.banner);
      const main = document.querySelector(t!.main);
      return {
        styled: !!banner && getComputedStyle(banner).display === 'none',
        kept: !!banner && banner.style.display === 'none',
        marked: !!main && [...main.attributes].some((a) => /^data-rmx-.+-seen$/.test(a.name)),
        rewritten: document.querySelector(t!.heading)?.textContent === text,
      };
    },
    [t, HEADING_TEXT] as const,
  );
}

/** Whether the page shows what this mode should have done, and nothing else. */
export async function applied(page: Page, t: Targets, mode: Mode): Promise<boolean> {
  const e = await effects(page, t);
  const want = { off: [false, false, false, false], style: [true, false, false, false], keeps: [true, true, true, true], userscript: [true, true, true, true] }[mode];
  return [e.styled, e.kept, e.marked, e.rewritten].every((x, i) => x === want[i]);
}

/**
 * Off (no remixlet, no page agent); style.css alone (the page agent and the sheets, no sandbox); the three keeps;
 * the userscript doing what they do, with the remixlets off (userscriptFor).
 */
export type Mode = 'off' | 'style' | 'keeps' | 'userscript';
export const MODES: Mode[] = ['keeps', 'off', 'style'];
/** The modes with the userscript's floor among them. */
export const MODES_WITH_USERSCRIPT: Mode[] = ['keeps', 'off', 'style', 'userscript'];

/** The page opened, its first look taken, and the four remixlets installed (all on); which are on in each mode. */
export async function keepsOnRealPage({ openPage, openExtensionPage, tabIdOf }: Pick<HarnessFixtures, 'openPage' | 'openExtensionPage' | 'tabIdOf'>, name: string) {
  const page = await openPage(REAL_PAGES_HOST, realPagePath(name));
  const url = page.url();
  const tabId = await tabIdOf(page);
  const look = await assistantLook(openExtensionPage, tabId);
  const outline = (await look.outline()).outline;
  const main = outlineRegion(outline, 'main content') ?? 'main';
  const banner = outlineRegion(outline, 'banner') ?? outlineRegion(outline, 'navigation');
  if (!banner) throw new Error(`no banner or navigation in the first look of ${name}`);
  const heading = await page.evaluate((main) => (document.querySelector(`${main} h1`) ? `${main} h1` : document.querySelector('h1') ? 'h1' : `${main} h2`), main);
  const targets: Targets = { banner, main, heading };
  const keeps: string[] = [];
  const remixlets = remixletsFor(name, targets);
  for (const r of remixlets) keeps.push(await installBench(look.panel, tabId, r));
  const styleOnly = await installBench(look.panel, tabId, { name: `bench style only ${name}`, matches: remixlets[0]!.matches, style: remixlets[0]!.style });
  const enabledIn: Record<Mode, string[]> = { off: [], style: [styleOnly], keeps, userscript: [] };
  return { page, url, tabId, look, targets, keeps, styleOnly, enabledIn, userscript: userscriptFor(targets) };
}

/** Leaves the page, switches the remixlets to what `mode` has on, and brings the page to the front. */
export async function switchTo(page: Page, panel: Page, enabledIn: Record<Mode, string[]>, mode: Mode): Promise<void> {
  await page.goto('about:blank');
  for (const id of Object.values(enabledIn).flat().filter((id, i, all) => all.indexOf(id) === i)) await uiCall(panel, 'setEnabled', { remixletId: id, enabled: enabledIn[mode].includes(id) });
  await page.bringToFront();
}

/** Each mode's figures, by row, as the mean per load over the rounds. */
export type ModeRows = Record<Mode, Map<string, number>>;

/** In the userscript's mode, the userscript goes into every document the session's page loads, until it detaches. */
async function addUserscript(cdp: CDPSession, mode: Mode, userscript: string | undefined): Promise<void> {
  if (mode !== 'userscript') return;
  if (!userscript) throw new Error('the userscript mode needs the userscript (keepsOnRealPage gives it)');
  await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: userscript, worldName: 'bench userscript' });
}

/**
 * `rounds` rounds of the modes in turn on one page (MODES, or those given), so load on the machine hits each
 * alike: each round leaves the page, switches the remixlets to the mode, opens the site's root (so the
 * renderer stays the same), then lets `measure` make the measured navigation to `url` on a DevTools session
 * of the page (which, in the userscript's mode, runs the userscript in each document). Its rows are summed per
 * mode and divided by `rounds`.
 */
export async function alternateModes(
  page: Page,
  panel: Page,
  enabledIn: Record<Mode, string[]>,
  url: string,
  rounds: number,
  measure: (mode: Mode, cdp: CDPSession) => Promise<Iterable<[string, number]>>,
  { modes = MODES, userscript }: { modes?: Mode[]; userscript?: string } = {},
): Promise<ModeRows> {
  const sums: ModeRows = { off: new Map(), style: new Map(), keeps: new Map(), userscript: new Map() };
  for (let i = 0; i < rounds * modes.length; i++) {
    const mode = modes[i % modes.length]!;
    await switchTo(page, panel, enabledIn, mode);
    await page.goto(new URL('/', url).href);
    const cdp = await page.context().newCDPSession(page);
    // The Page domain, which the userscript needs to be added, is on in every mode, so each is measured alike.
    await cdp.send('Page.enable');
    await addUserscript(cdp, mode, userscript);
    const rows = await measure(mode, cdp);
    await cdp.detach();
    for (const [row, msec] of rows) sums[mode].set(row, (sums[mode].get(row) ?? 0) + msec / rounds);
  }
  return sums;
}

/** Rows sorted by what they cost with the keeps, the dearest first. */
export const rowsByKeeps = (sums: ModeRows): string[] =>
  [...new Set(MODES_WITH_USERSCRIPT.flatMap((m) => [...sums[m].keys()]))].sort((a, b) => (sums.keeps.get(b) ?? 0) - (sums.keeps.get(a) ?? 0));
