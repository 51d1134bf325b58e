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
 */
export const DISABLED_FEATURES = [
  // From Playwright's defaults (kept because ours replaces theirs):
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades', // keep http://shop.test on http (no automatic https upgrade)
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter', // no Cast discovery (mDNS/SSDP)
  'PaintHolding',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints', // no optimization-guide downloads
  'NetworkTimeServiceQuerying', // no clients2.google.com/time queries
  'AimEnabled',
  'PreconnectToSearch', // no preconnect to the default search engine
  // Ours, defensive (from common automation lists; not verified one by one — with the whole list
  // on, a 75 s idle recording showed only the two BACKGROUND_EXCLUSIONS requests):
  'DialMediaRouteProvider', // no DIAL/SSDP multicast
  'Translate', // no translate script/ranker fetches
  'AutofillServerCommunication', // no autofill form-type queries
  'CertificateTransparencyComponentUpdater',
  'InterestFeedContentSuggestions',
  'PrivacySandboxSettings4',
  'SafeBrowsingBeaconReporting',
  'WebRtcHideLocalIpsWithMdns', // host candidates as IPs: no mDNS multicast registration on the LAN
] as const;

export interface ChromiumArgsOptions {
  proxyPort: number;
  /** Absolute path of the unpacked extension; omitted = no extension. */
  extensionPath?: string;
  extraArgs?: readonly string[];
  /** Harness switches to leave out (exact match), e.g. `--no-pings` for a test that needs hyperlink auditing on. */
  omitArgs?: readonly string[];
}

/** Every switch the harness passes to Chromium (see README "Chromium flags"). */
export function chromiumArgs(opts: ChromiumArgsOptions): string[] {
  const args = [
    // `npm start` with a display sets REMIXLET_HEADED so a person can use the demo browser.
    ...(process.env.REMIXLET_HEADED ? [] : ['--headless=new']),
    '--no-sandbox', // we run as root; Playwright adds it too
    '--disable-gpu',
    '--mute-audio',
    '--hide-scrollbars',
    // Network: everything by host name goes through the recording proxy, including loopback
    // (`<-loopback>` removes Chromium's implicit localhost bypass). One exception: the raw TCP
    // witness's direct port, so witness.control() can prove that witness sees direct connections.
    `--proxy-server=http://${WITNESS_IP}:${opts.proxyPort}`,
    `--proxy-bypass-list=<-loopback>;${WITNESS_IP}:${DIRECT_TCP_PORT}`,
    // Anything that resolves names itself (bypasses the proxy, e.g. WebRTC STUN/TURN to a name)
    // lands on this run's witness address. No quotes: there is no shell, quotes would reach Chromium and void
    // the rules.
    `--host-resolver-rules=MAP * ${WITNESS_IP}, EXCLUDE localhost`,
    '--ignore-certificate-errors', // fixture/witness TLS uses a throw-away self-signed cert
    '--disable-quic', // QUIC would bypass an HTTP proxy; keep everything on TCP
    // Quiet profile: no first-run, sync, component updates or other background fetches.
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-default-apps',
    '--disable-domain-reliability',
    '--disable-client-side-phishing-detection',
    '--disable-breakpad',
    '--no-pings',
    '--metrics-recording-only',
    '--disable-search-engine-choice-screen',
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
