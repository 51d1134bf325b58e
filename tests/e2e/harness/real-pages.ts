// Test harness (Node). Serves the real-page snapshots of tests/corpora/real-pages on `real-pages.test`,
// frozen: a test about structure must see the same page every run and nothing may leave the machine
// because of the page itself. Trusts the corpus files (checked in); a snapshot's own markup is hostile
// only in the sense that it tries to load things, and freezing is what stops that.
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from './paths';
import type { RouteResponse } from './sites';

export const REAL_PAGES_HOST = 'real-pages.test';
export const realPagesDir = path.join(repoRoot, 'tests', 'corpora', 'real-pages');

/**
 * What freezing means: no script runs (script-src 'none' also stops inline handlers and javascript:
 * addresses) and nothing loads from anywhere but the page's own host, which answers 404 for the assets
 * the snapshot names, and no frame navigates (its address is kept as data-frozen-src). Inline styles stay, so
 * the page keeps its own layout rules; `<base href>` to the original site is refused (base-uri), so relative
 * addresses stay on the fixture host.
 */
export const FROZEN_CSP = [
  "default-src 'self'",
  "script-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "object-src 'none'",
  "worker-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

// What a CSP does not govern: resource hints open connections to other hosts, and a refresh navigates.
const UNGOVERNED = /<link\b[^>]*\brel\s*=\s*["']?[^"'>]*\b(?:preconnect|dns-prefetch|prefetch|prerender|preload|modulepreload)\b[^>]*>|<meta\b[^>]*http-equiv\s*=\s*["']?refresh[^>]*>/gi;

// A frame's address. The policy would refuse the navigation, but only after the browser has begun it: an
// error page committed in a process of its own (site isolation), for every ad frame of every load. Tests
// about structure see the frame element either way; none looks at its address.
const FRAME_TAG = /<i?frame\b[^>]*>/gi;
const FRAME_SRC = /(\s)src(\s*=)/i;

export function freeze(html: string): string {
  return html.replace(UNGOVERNED, '').replace(FRAME_TAG, (tag) => tag.replace(FRAME_SRC, '$1data-frozen-src$2'));
}

/** The snapshots' names (folder names), sorted. */
export function realPageNames(): string[] {
  return readdirSync(realPagesDir)
    .filter((d) => existsSync(path.join(realPagesDir, d, 'source.html')))
    .sort();
}

/** `http://real-pages.test/<name>/` (frozen), or `/<name>/live` for the snapshot as a browser received it. */
export function realPagePath(name: string, opts: { live?: boolean } = {}): string {
  return `/${name}/${opts.live ? 'live' : ''}`;
}

/** Reads Readability's extract of a snapshot's main content: the ground truth of "what the article is". */
export function expectedContent(name: string): Promise<string> {
  return readFile(path.join(realPagesDir, name, 'expected.html'), 'utf8');
}

export async function serveRealPage(pathname: string): Promise<RouteResponse | undefined> {
  const m = /^\/([a-z0-9-]+)\/(live)?$/.exec(pathname);
  if (!m || !realPageNames().includes(m[1]!)) return undefined;
  const html = await readFile(path.join(realPagesDir, m[1]!, 'source.html'), 'utf8');
  const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
  if (m[2]) return { headers, body: html };
  return { headers: { ...headers, 'content-security-policy': FROZEN_CSP }, body: freeze(html) };
}
