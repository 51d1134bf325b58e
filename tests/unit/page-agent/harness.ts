// Runs the page agent's exec path (entry.ts, bundled once per run: bundle.ts) in headless Chromium against fixture HTML,
// so every dom operation is unit-tested on a real DOM. Each page is served at https://page.test/ by
// request interception; every other request is answered with an empty 204 and recorded, so a test can
// assert that nothing loaded (the unit-level witness). No extension, no dist/, no shared ports.
// unitBrowser() is the preamble every test file shares: one browser per file, the page its tests act on.
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { chromium, type Browser, type Page } from '@playwright/test';
import { PAGE_AGENT_BUNDLE_KEY } from './bundle';
import { chromiumExecutable } from '../../e2e/harness/paths';
import { DISABLE_FEATURES_SWITCH } from '../../e2e/harness/browser';
import type { DomOp, Handle, OpResult } from '../../../contracts/dom/ops';
import type { RemixletScope } from '../../../contracts/boundaries/worker-page-agent';

export const PAGE_URL = 'https://page.test/app/index.html';
export const SCOPE: RemixletScope = {
  id: 'remixlet1abc',
  matches: ['https://page.test/*', 'https://*.mysite.test/*'],
  excludeMatches: [],
  fetchHosts: ['api.allowed.test'],
  everySite: false,
};

/** The bundle the global setup built for this run (tests/unit/page-agent/bundle.ts). */
function bundled(): string {
  return inject(PAGE_AGENT_BUNDLE_KEY);
}

export interface UnitPage {
  page: Page;
  /** Every request after the page loaded (the page's own initial loads are not in it). */
  requests: string[];
  /** Requests to anything but the page's own origin. */
  offsite(): string[];
  run(ops: DomOp[], scope?: RemixletScope): Promise<OpResult[]>;
  /**
   * Why the boundary's schema refused the whole batch where it arrives (nothing of it ran), or undefined when
   * it was run. A malformed op never reaches an op's checks: the offscreen host, the worker and the page
   * agent's router each refuse its batch.
   */
  refusedWhole(ops: DomOp[], scope?: RemixletScope): Promise<string | undefined>;
  /** Runs one op and returns its value, failing the test with the refusal if it was refused. */
  ok<T = unknown>(op: DomOp, scope?: RemixletScope): Promise<T>;
  /** Runs one op and returns its refusal, failing the test if it succeeded; a malformed op is MALFORMED_MESSAGE, as its batch is refused whole. */
  refused(op: DomOp, scope?: RemixletScope): Promise<{ code: string; reason: string; op?: string }>;
  /** The handle id a query for sel answers, failing the test if the query was refused or found nothing. */
  q(sel: string): Promise<string>;
  events(): Promise<unknown[]>;
  release(id?: string): Promise<void>;
}

export interface OpenOptions {
  head?: string;
  extraRoutes?: Record<string, { type: string; body: string | Buffer }>;
}

export class UnitBrowser {
  private html = '';
  private extra: Record<string, { type: string; body: string | Buffer }> = {};
  private requests: string[] = [];

  private constructor(
    private readonly browser: Browser,
    private readonly page: Page,
  ) {}

  static async launch(): Promise<UnitBrowser> {
    const browser = await chromium.launch({
      executablePath: chromiumExecutable,
      // The e2e browser's features: among them no omnibox WebUI popups, half of a bare launch's CPU.
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', DISABLE_FEATURES_SWITCH],
    });
    // One tab for the whole file: a new document per test, without paying for a new renderer each time.
    const page = await (await browser.newContext()).newPage();
    const unit = new UnitBrowser(browser, page);
    // A content script has chrome.dom.openOrClosedShadowRoot; a plain page does not. This stands in for it
    // by remembering every shadow root the page attaches, closed ones too (and, as Chrome's does, answering
    // an open root the parser attached from declarative markup).
    await page.addInitScript(() => {
      const roots = new WeakMap<Element, ShadowRoot>();
      const attach = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
        const root = attach.call(this, init);
        roots.set(this, root);
        return root;
      };
      const w = window as unknown as { chrome?: Record<string, unknown> };
      // Like Chrome's, it takes only HTML elements and throws on any other (an <svg>, a MathML element).
      const openOrClosedShadowRoot = (el: Element) => {
        if (!(el instanceof HTMLElement)) throw new TypeError('Error in invocation of dom.openOrClosedShadowRoot(HTMLElement element): No matching signature.');
        return roots.get(el) ?? el.shadowRoot;
      };
      w.chrome = { ...(w.chrome ?? {}), dom: { openOrClosedShadowRoot } };
    });
    await page.route('**/*', async (route) => {
      const url = route.request().url();
      if (url === PAGE_URL) return route.fulfill({ status: 200, contentType: 'text/html', body: unit.html });
      unit.requests.push(url);
      const extra = unit.extra[url];
      if (extra) return route.fulfill({ status: 200, contentType: extra.type, body: extra.body });
      return route.fulfill({ status: 204, body: '' });
    });
    return unit;
  }

  async open(body: string, opts: OpenOptions = {}): Promise<UnitPage> {
    const page = this.page;
    this.html = `<!doctype html><html><head><meta charset="utf-8"><title>Unit page</title>${opts.head ?? ''}</head><body>${body}</body></html>`;
    this.extra = opts.extraRoutes ?? {};
    await page.goto(PAGE_URL);
    await page.addScriptTag({ content: bundled() });
    await page.waitForLoadState('load');
    const requests: string[] = [];
    this.requests = requests;
    const exec = (ops: DomOp[], scope: RemixletScope = SCOPE) =>
      page.evaluate(([o, s]) => (window as unknown as { __pa: { exec: (s: unknown, o: unknown) => Promise<OpResult[] | { refusedWhole: string }> } }).__pa.exec(s, o), [ops, scope] as const);
    const run = async (ops: DomOp[], scope?: RemixletScope) => {
      const answer = await exec(ops, scope);
      if (!Array.isArray(answer)) throw new Error(`the batch was refused whole: ${answer.refusedWhole}`);
      return answer;
    };
    const refusedWhole = async (ops: DomOp[], scope?: RemixletScope) => {
      const answer = await exec(ops, scope);
      return Array.isArray(answer) ? undefined : answer.refusedWhole;
    };
    const ok = async <T,>(op: DomOp, scope?: RemixletScope) => {
      const [r] = await run([op], scope);
      if (!r?.ok) throw new Error(`${op.op} was refused: ${JSON.stringify(r)}`);
      return r.value as T;
    };
    return {
      page,
      requests,
      offsite: () => requests.filter((u) => !u.startsWith('https://page.test/')),
      run,
      refusedWhole,
      ok,
      async refused(op: DomOp, scope?: RemixletScope) {
        const whole = await refusedWhole([op], scope);
        if (whole !== undefined) return { code: 'MALFORMED_MESSAGE', reason: whole };
        const [r] = await run([op], scope);
        if (!r || r.ok) throw new Error(`${op.op} was not refused: ${JSON.stringify(r)}`);
        return r.refusal;
      },
      q: async (sel: string) => (await ok<Handle>({ op: 'query', sel })).h,
      events: () => page.evaluate(() => [...(window as unknown as { __pa: { events: unknown[] } }).__pa.events]),
      release: (id = SCOPE.id) => page.evaluate((i) => (window as unknown as { __pa: { release: (i: string) => void } }).__pa.release(i), id),
    };
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}

/** What a test file's tests act on; see unitBrowser(). */
export interface UnitFixture {
  /** The page opened last, read when a hook or test uses it (it fails when no page is open yet). */
  readonly p: UnitPage;
  /** Opens a new page with body; it becomes p. */
  open(body: string, opts?: OpenOptions): Promise<UnitPage>;
  /** p.q: the handle id a query for sel answers on the page opened last. */
  q(sel: string): Promise<string>;
}

/**
 * The preamble of a DOM unit test file: launches one UnitBrowser before the file's tests and closes it after.
 * Given a page, opens it for each test (or, with once, one page for the whole file), then runs setup on it;
 * without one, the tests open their own pages with open().
 */
export function unitBrowser(page?: { body: string; once?: boolean; setup?: (p: UnitPage) => Promise<unknown> }): UnitFixture {
  let browser: UnitBrowser | undefined;
  let current: UnitPage | undefined;
  const open = async (body: string, opts?: OpenOptions) => {
    if (!browser) throw new Error('the unit browser is not launched yet: open pages in hooks or tests');
    current = await browser.open(body, opts);
    return current;
  };
  const openPage = async () => {
    if (!page) return;
    const opened = await open(page.body);
    await page.setup?.(opened);
  };
  beforeAll(async () => {
    browser = await UnitBrowser.launch();
    if (page?.once) await openPage();
  }, 60_000);
  if (page && !page.once) beforeEach(openPage);
  afterAll(() => browser?.close());
  const now = (): UnitPage => {
    if (!current) throw new Error('no page is open yet');
    return current;
  };
  const p: UnitPage = {
    get page() {
      return now().page;
    },
    get requests() {
      return now().requests;
    },
    offsite: () => now().offsite(),
    run: (ops, scope) => now().run(ops, scope),
    refusedWhole: (ops, scope) => now().refusedWhole(ops, scope),
    ok: <T,>(op: DomOp, scope?: RemixletScope) => now().ok<T>(op, scope),
    refused: (op, scope) => now().refused(op, scope),
    q: (sel) => now().q(sel),
    events: () => now().events(),
    release: (id) => now().release(id),
  };
  return { p, open, q: p.q };
}
