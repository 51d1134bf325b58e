/**
 * Real-browser harness for Remixlet: Playwright fixtures that launch Debian Chromium with the
 * unpacked extension, fixture sites behind a recording proxy, and witnesses that record any
 * request escaping to a non-fixture destination. See tests/e2e/README.md.
 *
 *   import { test, expect } from './harness';
 */
import { randomBytes } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import type { BrowserContext, Page, TestInfo, Worker } from '@playwright/test';
import { extensionIdOf, extensionServiceWorker, launchContext } from './browser';
import { TargetSession, evaluateInOffscreen, findOffscreenTarget, listTargets } from './cdp';
import type { FindTargetOptions, TargetInfo } from './cdp';
import { generateCertificate } from './cert';
import { defaultDistDir } from './paths';
import { RecordingProxy } from './proxy';
import { FixtureServers, Sites, fixtureHostsOnDisk } from './sites';
import { connectSocketWitnesses } from './socket-witness';
import type { SocketWitnessClient } from './socket-witness';
import { Witness } from './witness';

export { expect };
export type { BrowserContext, Page, Worker };
export { Sites, FixtureServers, BASE_FIXTURE_HOSTS, acceptWebSocket } from './sites';
export type { RouteContext, RouteHandler, RoutePath, RouteResponse, ServedRequest, UpgradeHandler } from './sites';
export { Witness, describeHit } from './witness';
export type { ControlResult, HitChannel, WitnessHit } from './witness';
export type { ProxyRecord, ProxyExclusion } from './proxy';
export { BACKGROUND_EXCLUSIONS } from './proxy';
export { DIRECT_TCP_PORT, PrivateUdpWitness, TCP_WITNESS_PORTS, UDP_WITNESS_PORTS, WITNESS_IP } from './socket-witness';
export type { SocketHit } from './socket-witness';
export { chromiumArgs, launchContext, DISABLED_FEATURES } from './browser';
export { TargetSession, listTargets, findOffscreenTarget } from './cdp';
export type { TargetInfo, FindTargetOptions } from './cdp';
export { defaultDistDir, distIsBuilt, placeholderExtensionDir, repoRoot, sitesDir } from './paths';

/** Worker-scoped servers: started once per Playwright worker. */
export interface HarnessServers {
  fixtures: FixtureServers;
  proxy: RecordingProxy;
  sockets: SocketWitnessClient;
}

export interface OpenPageOptions {
  https?: boolean;
  /** Default 'load'. */
  waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit';
  /** Reuse this page instead of opening a new tab. */
  page?: Page;
}

export interface HarnessOptions {
  /** Absolute path of the unpacked extension. Default: `<repo>/dist` (or REMIXLET_DIST). */
  extensionPath: string;
  /** Extra Chromium switches appended after the harness's own (a later switch wins). */
  extraChromiumArgs: string[];
  /** Harness switches to leave out (exact match), e.g. `['--disable-quic']`. */
  omitChromiumArgs: string[];
}

export interface HarnessFixtures {
  /** Fixture sites (per-test view: routes/hosts added in a test are removed after it). */
  sites: Sites;
  /** Witness hits for this test (cleared at test start, before the browser launches). */
  witness: Witness;
  /** Persistent context with the extension loaded; a fresh profile per test. */
  context: BrowserContext;
  /** The extension's id (from its service worker URL). */
  extensionId: string;
  /** The extension's service worker, for `serviceWorker.evaluate(() => chrome...)`. */
  serviceWorker: Worker;
  /** Opens `sites.url(host, path, opts)` in a new tab (the browser's first, blank one, unless `page` or an earlier call took it) and waits for load. */
  openPage: (host: string, path?: string, opts?: OpenPageOptions) => Promise<Page>;
  /** Opens `chrome-extension://<id>/<path>` (e.g. `panel.html?tab=12`) in a new tab. */
  openExtensionPage: (path: string, opts?: { waitUntil?: OpenPageOptions['waitUntil'] }) => Promise<Page>;
  /** The page's chrome.tabs id (queried in the service worker). */
  tabIdOf: (page: Page) => Promise<number>;
  /** Evaluates a JS expression inside the extension's offscreen document (via CDP). */
  evaluateInOffscreen: <T = unknown>(expression: string, opts?: FindTargetOptions) => Promise<T>;
  /** Lower-level CDP access: list targets, attach to any target (offscreen, OOPIF, ...). */
  cdp: {
    listTargets: () => Promise<TargetInfo[]>;
    findOffscreenTarget: (opts?: FindTargetOptions) => Promise<TargetInfo>;
    attach: (target: TargetInfo) => Promise<TargetSession>;
  };
}

export interface HarnessWorkerFixtures {
  servers: HarnessServers;
}

/** Tabs already handed to a test: the browser's first tab is handed out once, by `page` or the first `openPage`. */
const handedOut = new WeakSet<Page>();

/**
 * The browser's first tab while it is still blank and no test code has it. A test's first page goes there
 * rather than into a second tab beside an unused one: each tab's renderer costs a fresh browser about half a
 * CPU-second to start, and every test starts a fresh browser.
 */
function takeBlankTab(context: BrowserContext): Page | undefined {
  const first = context.pages()[0];
  if (!first || handedOut.has(first) || first.isClosed() || first.url() !== 'about:blank') return undefined;
  handedOut.add(first);
  return first;
}

export const test = base.extend<HarnessFixtures & HarnessOptions, HarnessWorkerFixtures>({
  extensionPath: [defaultDistDir, { option: true }],
  extraChromiumArgs: [[], { option: true }],
  omitChromiumArgs: [[], { option: true }],

  servers: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const cert = generateCertificate(fixtureHostsOnDisk());
      const fixtures = new FixtureServers(cert);
      await fixtures.listen();
      const proxy = new RecordingProxy(fixtures, cert);
      await proxy.listen();
      const sockets = await connectSocketWitnesses();
      await use({ fixtures, proxy, sockets });
      await sockets.close();
      await proxy.close();
      await fixtures.close();
    },
    { scope: 'worker' },
  ],

  sites: async ({ servers }, use) => {
    // The servers live as long as the worker; each test sees only the requests made while it ran.
    servers.fixtures.clearRequests();
    const sites = new Sites(servers.fixtures);
    await use(sites);
    sites.dispose();
  },

  witness: async ({ servers }, use, testInfo) => {
    const tag = `w${testInfo.workerIndex}-${randomBytes(6).toString('hex')}`;
    const witness = await new Witness(servers.proxy, servers.sockets, tag).init();
    await use(witness);
    if (testInfo.status !== testInfo.expectedStatus) {
      const hits = await witness.hits().catch(() => []);
      await testInfo.attach('witness-hits.txt', { body: witness.format(hits), contentType: 'text/plain' });
      await testInfo.attach('proxy-log.json', { body: JSON.stringify(witness.log(), null, 2), contentType: 'application/json' });
    }
  },

  context: async ({ servers, witness, extensionPath, extraChromiumArgs, omitChromiumArgs }, use, testInfo) => {
    const launched = await launchContext({
      proxyPort: servers.proxy.port,
      extensionPath,
      tag: witness.tag,
      extraArgs: extraChromiumArgs,
      omitArgs: omitChromiumArgs,
    });
    await use(launched.context);
    if (testInfo.status !== testInfo.expectedStatus) await attachPendingWork(launched.context, testInfo);
    await launched.close();
  },

  // Reuse the persistent context's initial tab instead of opening a second one.
  page: async ({ context }, use) => {
    await use(takeBlankTab(context) ?? (await context.newPage()));
  },

  serviceWorker: async ({ context }, use) => {
    await use(await extensionServiceWorker(context));
  },

  extensionId: async ({ serviceWorker }, use) => {
    await use(extensionIdOf(serviceWorker));
  },

  openPage: async ({ context, sites }, use) => {
    await use(async (host, path = '/', opts = {}) => {
      const page = opts.page ?? takeBlankTab(context) ?? (await context.newPage());
      await page.goto(sites.url(host, path, { https: opts.https ?? false }), { waitUntil: opts.waitUntil ?? 'load' });
      return page;
    });
  },

  openExtensionPage: async ({ context, extensionId }, use) => {
    await use(async (path, opts = {}) => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path.replace(/^\//, '')}`, { waitUntil: opts.waitUntil ?? 'load' });
      return page;
    });
  },

  tabIdOf: async ({ serviceWorker }, use) => {
    await use(async (page) => {
      const url = page.url();
      const find = (): Promise<{ ids: number[]; visible: boolean; active: number[] }> =>
        serviceWorker.evaluate(async (u) => {
          const tabs = await chrome.tabs.query({});
          const matching = tabs.filter((t) => t.url === u || t.pendingUrl === u);
          return {
            ids: matching.map((t) => t.id ?? -1),
            visible: tabs.some((t) => t.url !== undefined),
            active: matching.filter((t) => t.active).map((t) => t.id ?? -1),
          };
        }, url);
      let r = await find();
      if (r.ids.length > 1) {
        await page.bringToFront();
        r = await find();
        if (r.active.length === 1 && r.active[0] !== undefined) return r.active[0];
      }
      if (r.ids.length === 1 && r.ids[0] !== undefined) return r.ids[0];
      if (!r.visible) throw new Error('tabIdOf: the extension cannot see tab URLs (needs "tabs" or host permissions)');
      throw new Error(`tabIdOf: ${r.ids.length} tabs have url ${url}`);
    });
  },

  evaluateInOffscreen: async ({ context, extensionId }, use) => {
    await use(<T,>(expression: string, opts: FindTargetOptions = {}) =>
      evaluateInOffscreen<T>(context, expression, { extensionId, ...opts }),
    );
  },

  cdp: async ({ context }, use) => {
    await use({
      listTargets: () => listTargets(context),
      findOffscreenTarget: (opts) => findOffscreenTarget(context, opts),
      attach: (target) => TargetSession.attach(context, target),
    });
  },
});


/** A failed test names the worker's work still under way (worker/activation/pending.ts): a hang says where it hung. */
async function attachPendingWork(context: BrowserContext, testInfo: TestInfo): Promise<void> {
  const sw = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'));
  const pending = sw
    ? await Promise.race([
        sw.evaluate(() => (globalThis as unknown as { remixletPending?: () => string[] }).remixletPending?.() ?? ['(no pending-work hook)']),
        new Promise<string[]>((resolve) => setTimeout(() => resolve(['(the worker did not answer in 2 s)']), 2_000)),
      ]).catch((e: unknown) => [`(could not ask the worker: ${String(e)})`])
    : ['(no extension service worker running)'];
  const body = pending.length ? pending.join('\n') : '(nothing pending)';
  console.log(`[${testInfo.title}] worker work under way at failure:\n${body}`);
  await testInfo.attach('worker-pending.txt', { body, contentType: 'text/plain' });
}
