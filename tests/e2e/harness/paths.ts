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

/** Chromium binary. `REMIXLET_CHROMIUM` overrides. */
export const chromiumExecutable = process.env.REMIXLET_CHROMIUM ?? '/usr/bin/chromium';
