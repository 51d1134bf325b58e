import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { BrowserContext, Worker } from '@playwright/test';
import { chromiumExecutable } from './paths';
import { DIRECT_TCP_PORT, TAG_ENV, WITNESS_IP } from './socket-witness';

/**
 * Features disabled so Chromium itself makes no background requests that would pollute the
 * witnesses, or behaves unlike a plain user profile in ways that break fixture routing.
 * Chromium honours only the LAST --disable-features switch, and Playwright passes its own list
 * first, so this list repeats the Playwright entries we rely on.
 *
 * The test browser must send whatever a person's browser sends for a page, the page agent or a remixlet:
 * each entry says why it cannot hide such a request (it concerns the browser's own traffic, or only how a
 * request that is still sent travels). Nothing here turns off a channel a page can use (hyperlink auditing,
 * `<a ping>`, stays on, as in stock Chrome; see the harness self-test "a plain page's <a ping> click
 * reaches the witness").
 */
export const DISABLED_FEATURES = [
  // From Playwright's defaults (kept because ours replaces theirs):
  'AvoidUnnecessaryBeforeUnloadCheckSync', // when beforeunload handlers run on close; sends nothing
  'DestroyProfileOnBrowserClose', // profile teardown at exit; sends nothing
  // Keep http://shop.test on http (no automatic https upgrade). Upgrading changes only the scheme of a
  // navigation to the same host, which the proxy records either way (CONNECT instead of GET).
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', // browser UI (Google Lens); only the browser's own requests to Google
  // Cast discovery (mDNS/SSDP on the LAN, the browser's own). A page's Presentation / Remote Playback
  // request needs the person to pick a device in the browser's own dialog; the remixlet sandbox has no
  // document and dom has no such call, so neither a remixlet nor the page agent can start one.
  'MediaRouter',
  'PaintHolding', // when the first paint of a navigation is shown; rendering only
  // How the network service restarts a preflighted cross-origin redirect; the redirected request is still
  // sent, through the proxy.
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints', // no optimization-guide downloads: the browser's own fetches
  'NetworkTimeServiceQuerying', // no clients2.google.com/time queries: the browser's own clock check
  'AimEnabled', // AI-mode eligibility requests to www.google.com: the browser's own
  'PreconnectToSearch', // preconnect to the default search engine: the browser's own
  // Ours, defensive (from common automation lists; not verified one by one — with the whole list
  // on, a 75 s idle recording showed only the two BACKGROUND_EXCLUSIONS requests):
  'DialMediaRouteProvider', // DIAL/SSDP multicast for Cast discovery: the browser's own (see MediaRouter)
  'Translate', // translate script/ranker fetches the browser makes for its translate bar
  'AutofillServerCommunication', // autofill form-type queries the browser makes about forms it sees
  'CertificateTransparencyComponentUpdater', // the browser's own component download
  'InterestFeedContentSuggestions', // the new-tab page's feed: the browser's own
  'SafeBrowsingBeaconReporting', // Safe Browsing reports: the browser's own
  // Host candidates as plain IPs instead of mDNS names: no multicast registration of the browser's own on
  // the LAN. A page's own peer connection still sends STUN/TURN to the witnesses (witness.control), and the
  // remixlet sandbox has no RTCPeerConnection at all (hostile-sandbox/leak-channels.spec.ts).
  'WebRtcHideLocalIpsWithMdns',
] as const;

export interface ChromiumArgsOptions {
  proxyPort: number;
  /** Absolute path of the unpacked extension; omitted = no extension. */
  extensionPath?: string;
  extraArgs?: readonly string[];
  /** Harness switches to leave out (exact match). */
  omitArgs?: readonly string[];
}

/**
 * Every switch the harness passes to Chromium (see README "Chromium flags"). Each says why it cannot hide a
 * request that a page, the page agent or a remixlet starts: the suite proves that nothing leaves, so the
 * browser under test must send everything a person's browser would. Playwright's own defaults (README)
 * are of the same kinds: the browser's own background traffic, rendering, and dialogs.
 */
export function chromiumArgs(opts: ChromiumArgsOptions): string[] {
  const args = [
    // `npm start` with a display sets REMIXLET_HEADED so a person can use the demo browser. New headless
    // is the full browser with no window: the same network stack, the same page and extension code.
    ...(process.env.REMIXLET_HEADED ? [] : ['--headless=new']),
    '--no-sandbox', // we run as root; Playwright adds it too. The OS process sandbox only ever takes abilities away.
    '--disable-gpu', // rendering only
    '--mute-audio', // audio output only
    '--hide-scrollbars', // painting only
    // Network: everything by host name goes through the recording proxy, including loopback
    // (`<-loopback>` removes Chromium's implicit localhost bypass). One exception: the raw TCP
    // witness's direct port, so witness.control() can prove that witness sees direct connections.
    // Routing, not filtering: a request is still sent, and lands on a witness.
    `--proxy-server=http://${WITNESS_IP}:${opts.proxyPort}`,
    `--proxy-bypass-list=<-loopback>;${WITNESS_IP}:${DIRECT_TCP_PORT}`,
    // Anything that resolves names itself (bypasses the proxy, e.g. WebRTC STUN/TURN to a name)
    // lands on this run's witness address. No quotes: there is no shell, quotes would reach Chromium and void
    // the rules.
    `--host-resolver-rules=MAP * ${WITNESS_IP}, EXCLUDE localhost`,
    // Fixture/witness TLS uses a throw-away self-signed cert. It lets more requests complete, never fewer:
    // the CONNECT is recorded before any certificate is seen.
    '--ignore-certificate-errors',
    // HTTP loads go over TCP, through the proxy, instead of QUIC (UDP, which an HTTP proxy cannot carry):
    // the same request, on a path the witness sees. WebTransport, which has only QUIC, still sends
    // (hostile-sandbox/leak-channels.spec.ts proves it with a UDP witness of its own).
    '--disable-quic',
    // Quiet profile: no first-run UI, sync, component updates or other background fetches. Each of these
    // concerns the browser's own requests (its updater, its Google services, its crash and metrics uploads),
    // never a request a page, a content script or an extension makes.
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-default-apps',
    '--disable-domain-reliability', // the browser's own error beacons about Google sites
    '--disable-breakpad', // crash reports
    '--metrics-recording-only', // UMA is recorded, not uploaded
    '--disable-search-engine-choice-screen', // first-run UI
    `--disable-features=${DISABLED_FEATURES.join(',')}`,
  ];
  if (opts.extensionPath) {
    args.push(`--disable-extensions-except=${opts.extensionPath}`, `--load-extension=${opts.extensionPath}`);
  }
  args.push(...(opts.extraArgs ?? []));
  const omit = new Set(opts.omitArgs ?? []);
  return omit.size ? args.filter((a) => !omit.has(a)) : args;
}

export interface LaunchOptions extends ChromiumArgsOptions {
  /** Tag written into the browser's environment; the socket witnesses attribute hits with it. */
  tag: string;
  executablePath?: string;
  /** Fresh temp dir when omitted; removed on close. */
  userDataDir?: string;
  slowMo?: number;
}

export interface LaunchedContext {
  context: BrowserContext;
  userDataDir: string;
  close(): Promise<void>;
}

/**
 * Playwright's documented extension pattern: a persistent context with `--load-extension`,
 * `headless: false` in Playwright's terms and `--headless=new` on the command line.
 */
export async function launchContext(opts: LaunchOptions): Promise<LaunchedContext> {
  if (opts.extensionPath && !existsSync(path.join(opts.extensionPath, 'manifest.json'))) {
    throw new Error(
      `No extension at ${opts.extensionPath} (manifest.json missing). Build it first (npm run build), ` +
        `or point the \`extensionPath\` option / REMIXLET_DIST at an unpacked extension.`,
    );
  }
  const ownDir = !opts.userDataDir;
  const userDataDir = opts.userDataDir ?? mkdtempSync(path.join(tmpdir(), 'remixlet-e2e-profile-'));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  env[TAG_ENV] = opts.tag;
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: opts.executablePath ?? chromiumExecutable,
    headless: false,
    args: chromiumArgs(opts),
    // Playwright passes --disable-extensions by default, which would stop --load-extension.
    ignoreDefaultArgs: ['--disable-extensions'],
    env,
    ...(opts.slowMo ? { slowMo: opts.slowMo } : {}),
  });
  return {
    context,
    userDataDir,
    close: async () => {
      await context.close().catch(() => undefined);
      if (ownDir) rmSync(userDataDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/** The extension's service worker: already running, or the next one to start. */
export async function extensionServiceWorker(context: BrowserContext, timeout = 15_000): Promise<Worker> {
  const isExt = (w: Worker): boolean => w.url().startsWith('chrome-extension://');
  const existing = context.serviceWorkers().find(isExt);
  if (existing) return existing;
  return context.waitForEvent('serviceworker', { predicate: isExt, timeout });
}

export function extensionIdOf(worker: Worker): string {
  const id = new URL(worker.url()).host;
  if (!/^[a-p]{32}$/.test(id)) throw new Error(`unexpected extension service worker URL ${worker.url()}`);
  return id;
}
