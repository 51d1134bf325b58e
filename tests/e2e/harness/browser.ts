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
  // The omnibox's suggestion popups as WebUI pages (chrome://omnibox-popup.top-chrome/ and its AI-mode
  // page), which Chromium 156 loads in a renderer of their own at every start, before anyone types: browser
  // UI, the address bar's own. Without them the omnibox draws its popup natively, as it did before; no
  // page, content script or extension can reach either. They were half of a bare launch's CPU (1.7 of
  // 3.4 CPU-seconds, measured from /proc), paid by every test's fresh browser.
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
] as const;

/** The one `--disable-features` switch Chromium honours (the last one given), with every entry above. */
export const DISABLE_FEATURES_SWITCH = `--disable-features=${DISABLED_FEATURES.join(',')}`;

/**
 * The switches Playwright passes to every Chromium it launches (its `chromiumSwitches`, and what
 * launchPersistentContext adds), each with why it cannot hide a request that a page, the page agent or a
 * remixlet starts. `--disable-extensions` is the one we drop (ignoreDefaultArgs below): it would stop
 * --load-extension. tests/unit/harness/playwright-switches.test.ts fails when a Playwright upgrade adds a
 * switch this list does not give a reason for.
 */
export const PLAYWRIGHT_DEFAULT_SWITCHES: Readonly<Record<string, string>> = {
  '--disable-field-trial-config':
    "features stay at their compiled defaults instead of a build's testing config of field trials; stock Chromium has no variations seed either, and a default is what every person without a trial runs (a trial that Google's server gives some Chrome users cannot be reproduced by any test)",
  '--disable-background-networking': "the browser's own background fetches (variations, component and safe-browsing lists, suggestions)",
  '--disable-background-timer-throttling': 'timers in background tabs run at full rate: a request such a timer sends is sent sooner, never suppressed',
  '--disable-backgrounding-occluded-windows': 'an occluded window is not deprioritized: timing only, as above',
  '--disable-renderer-backgrounding': 'background renderers keep their priority: timing only, as above',
  '--disable-back-forward-cache':
    'a page left is unloaded rather than frozen: its unload and pagehide handlers run (more than in a frozen page), and going back loads it again, requests included',
  '--disable-breakpad': "crash reports, the browser's own uploads",
  '--disable-component-extensions-with-background-pages': "the browser's built-in component extensions, which make only the browser's own requests",
  '--disable-component-update': "the component updater's downloads, the browser's own",
  '--disable-sync': "sync with a Google account, the browser's own (the profile has none)",
  '--do-not-de-elevate': 'Windows process elevation; nothing on Linux',
  '--no-default-browser-check': 'a first-run dialog',
  '--disable-default-apps': 'preinstalled apps, none of which runs in a page',
  '--disable-dev-shm-usage': 'where shared memory lives (/tmp, not /dev/shm): inter-process plumbing',
  '--disable-edgeupdater': "Edge's updater (macOS); nothing on Chromium",
  '--disable-extensions': 'dropped (ignoreDefaultArgs): it would stop our extension loading',
  '--disable-features': "replaced: Chromium honours the last --disable-features, ours (DISABLED_FEATURES); Playwright's ThirdPartyStoragePartitioning is not in ours, so storage is partitioned as in stock Chrome",
  '--enable-features':
    "CDPScreenshotNewSurface (how DevTools screenshots are taken) and SkipListAccountsWithoutGaiaCookies (no ListAccounts request to accounts.google.com without a Google sign-in: the browser's own)",
  '--allow-pre-commit-input': "input is handled before a navigation's first commit: when a person's keys arrive, not what a page can send",
  '--disable-hang-monitor': 'the "page unresponsive" dialog',
  '--disable-ipc-flooding-protection': 'navigation and history IPC floods are not throttled: lets more through, never less',
  '--disable-popup-blocking': "popups open without a user gesture: more navigations and requests than a person's browser, never fewer",
  '--disable-prompt-on-repost': 'reloading a POST resubmits without asking: more requests, never fewer',
  '--disable-updater-scheduler': "the browser's updater",
  '--force-color-profile=srgb': 'colour management: rendering only',
  '--metrics-recording-only': "UMA is recorded, not uploaded: the browser's own upload",
  '--no-first-run': 'first-run UI',
  '--password-store=basic': "where the browser keeps saved passwords (a file, not the desktop keyring); the profile is fresh, with none",
  '--use-mock-keychain': 'macOS keychain; nothing on Linux',
  '--no-service-autorun': 'macOS/Windows background services; nothing on Linux',
  '--disable-search-engine-choice-screen': 'first-run UI',
  '--unsafely-disable-devtools-self-xss-warnings': "DevTools console warning (DevTools UI)",
  '--enable-unsafe-swiftshader': 'WebGL in software (the harness has no GPU): rendering; a WebGL texture comes from an image the page loads through the network stack like any other',
  '--edge-skip-compat-layer-relaunch': 'Edge on Windows',
  '--disable-stack-profiler': "Chrome for Testing's sampling profiler",
  '--disable-infobars': "Chrome for Testing's infobar (browser UI)",
  '--user-data-dir': 'the fresh profile directory',
  '--remote-debugging-pipe':
    'how Playwright drives the browser (DevTools protocol over a pipe, not the network); the harness intercepts nothing through it: every request goes to the recording proxy',
  'about:blank': 'the first tab',
  '--no-startup-window': 'no window until a page is opened',
  '--headless': 'not passed: headless: false, and we pass --headless=new (the full browser without a window) ourselves',
};

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
    DISABLE_FEATURES_SWITCH,
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
