import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the repository root (three levels above this file). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const e2eDir = path.join(repoRoot, 'tests', 'e2e');
export const fixturesDir = path.join(e2eDir, 'fixtures');
/** `fixtures/sites/<host>/...` is served for `<host>` over http and https. */
export const sitesDir = path.join(fixturesDir, 'sites');
/** Minimal MV3 extension used only by the harness self-test when `dist/` has not been built. */
export const placeholderExtensionDir = path.join(fixturesDir, 'placeholder-extension');

/** The built extension. `REMIXLET_DIST` overrides (must be absolute or relative to the repo root). */
export const defaultDistDir = path.resolve(repoRoot, process.env.REMIXLET_DIST ?? 'dist');

export function distIsBuilt(dir: string = defaultDistDir): boolean {
  return existsSync(path.join(dir, 'manifest.json'));
}

/**
 * Chromium binary: Debian's real binary, not the `/usr/bin/chromium` wrapper script, which sources
 * /etc/chromium.d/* and adds its own switches (`--disable-pings`, `--media-router=0`, …) and Google API keys.
 * The harness passes every switch itself (harness/browser.ts), so the browser under test is the one a
 * person installs, with hyperlink auditing on. `REMIXLET_CHROMIUM` overrides. Every launcher in the
 * repository (the e2e fixtures, `npm start`'s demo, the benchmarks, the DOM unit tests) uses this.
 */
export const chromiumExecutable = process.env.REMIXLET_CHROMIUM ?? '/usr/lib/chromium/chromium';
