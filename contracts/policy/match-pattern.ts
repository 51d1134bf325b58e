// Context: worker (grant checks, activation), page agent (address rule), panel (approval dialog), Node
// tests. Trusts nothing: patterns come from assistant-written manifests, URLs from pages.

// Mirrors Chromium's extensions/common/url_pattern.cc (parse and match), narrowed to http and https,
// because remixlets run only on web pages; every deviation from Chromium is a refusal, never a widening.
import { failed, passed, quote, refusal } from './result';
import type { PolicyResult } from './result';
import { canonicalHost } from './site';

export type PageScheme = 'http' | 'https';

/** What the manifest reference says about patterns (scripts/docs); tests/e2e/match-patterns.spec.ts checks each claim against Chromium. */
export const MATCH_PATTERN_RULES = [
  'A pattern means what it means to Chrome, which runs the remixlet: the same parse and the same match, checked against Chromium itself on held-out addresses.',
  'Paths are compared percent-encoded, as the browser writes the address: `*://example.com/caf%C3%A9` matches the page `/café`. As in Chrome, an escape of a letter, a digit, `-`, `_` or `~` is that character (`/%7Euser/*` and `/~user/*` are the same pattern, and each matches both addresses); an escape of a byte past ASCII or of a character the browser escapes itself (a space, `"`, `#`, `%`, `<`, `>`, a backquote) compares in either case (`%c3%a9` is `%C3%A9`); any other escape is only itself, in the case it is written (`%2F` is neither `/` nor `%2f`, `%2E` is not `.`, `%2A` is not a wildcard).',
  'A path spelled with characters an address never shows (a space, a quote, `<`, `>`, `#` or a non-ASCII letter such as `/café`) is refused with a reason, though Chrome would read `/café` as `/caf%C3%A9`: write the escapes, as the address bar does, so that what the approval shows is what the browser compares.',
  'Host names are compared in lowercase punycode: `*://café.example/*`, `*://CAFÉ.example/*` and `*://xn--caf-dma.example/*` are the same pattern. A trailing dot on a host (`example.com.`) is ignored on both sides.',
  'A port may be named only under `http` or `https` (`https://example.com:8443/*`); Chrome refuses one under `*` (`*://example.com:443/*`), and so does the save check. No port, or `:*`, is any port.',
  'Stricter than Chrome on purpose: only the schemes `http`, `https` and `*` and `<all_urls>` (remixlets run on web pages only); a port with a leading zero (`:080`, which Chrome accepts and never matches); a path no address can have (above); and `*.` over a public suffix or a reserved name (`*://*.com/*`, `*://*.co.uk/*`, `*://*.test/*`), which covers every site under it while naming none: use `<all_urls>` for every site.',
] as const;

export interface MatchPattern {
  /** The pattern as written. */
  readonly source: string;
  /** `<all_urls>`: every http and https URL. */
  readonly allUrls: boolean;
  readonly schemes: readonly PageScheme[];
  /** Canonical host without a leading `*.`; empty when the host is `*` (any host). */
  readonly host: string;
  /** True for `*` and `*.host`: the host itself and every subdomain (never for IP addresses). */
  readonly matchSubdomains: boolean;
  /** `*` (the default: any port) or a port number as written. */
  readonly port: string;
  /** The path glob; `*` matches any run of characters, everything else is literal. */
  readonly path: string;
}

const ALL_URLS = '<all_urls>';
const SCHEMES: Record<string, readonly PageScheme[]> = { http: ['http'], https: ['https'], '*': ['http', 'https'] };

function schemesFor(scheme: string): readonly PageScheme[] | undefined {
  return Object.prototype.hasOwnProperty.call(SCHEMES, scheme) ? SCHEMES[scheme] : undefined;
}

function invalid(pattern: string, why: string): PolicyResult<{ pattern: MatchPattern }> {
  return failed([
    refusal('MANIFEST_INVALID', `${quote(pattern)} is not a valid match pattern: ${why}. A pattern looks like https://example.com/* or *://*.example.com/*.`),
  ]);
}

/** Parse a Chrome match pattern. Only http, https and `*` schemes and `<all_urls>` are accepted. */
export function parseMatchPattern(s: string): PolicyResult<{ pattern: MatchPattern }> {
  if (s === ALL_URLS) {
    return passed({ pattern: { source: s, allUrls: true, schemes: ['http', 'https'], host: '', matchSubdomains: true, port: '*', path: '/*' } });
  }
  const sep = s.indexOf('://');
  if (sep === -1) {
    const colon = s.indexOf(':');
    if (colon === -1) return invalid(s, 'it has no scheme separator (://)');
    const scheme = s.slice(0, colon);
    if (schemesFor(scheme) !== undefined) return invalid(s, `write "${scheme}://" after the scheme`);
    return invalid(s, `remixlets run only on http and https pages, not ${quote(scheme + ':')}`);
  }
  const scheme = s.slice(0, sep);
  const schemes = schemesFor(scheme);
  if (schemes === undefined) {
    if (schemesFor(scheme.toLowerCase()) !== undefined) return invalid(s, 'write the scheme in lowercase');
    return invalid(s, `remixlets run only on http and https pages; the scheme must be http, https or *, not ${quote(scheme)}`);
  }
  const rest = s.slice(sep + 3);
  const hostEnd = rest.indexOf('/');
  if (rest.length === 0 || hostEnd === 0) return invalid(s, 'the host is empty');
  if (hostEnd === -1) return invalid(s, 'it has no path; add one, such as /*');

  const hostAndPort = rest.slice(0, hostEnd);
  let hostPiece = hostAndPort;
  let port = '*';
  let portSep = -1;
  if (hostAndPort.startsWith('[')) {
    const close = hostAndPort.indexOf(']');
    if (close === -1) return invalid(s, 'the IPv6 address has no closing ]');
    if (close === 1) return invalid(s, 'the host is empty');
    if (close < hostAndPort.length - 1) {
      if (hostAndPort[close + 1] !== ':') return invalid(s, 'only a port may follow the IPv6 address');
      portSep = close + 1;
    }
  } else {
    portSep = hostAndPort.indexOf(':');
  }
  if (portSep !== -1) {
    port = hostAndPort.slice(portSep + 1);
    hostPiece = hostAndPort.slice(0, portSep);
    // Chromium compares ports as strings, so "080" would parse yet never match: refused instead.
    if (port !== '*' && (!/^(0|[1-9]\d{0,4})$/.test(port) || Number(port) > 65535)) {
      return invalid(s, 'the port must be * or a number from 0 to 65535');
    }
    // Chromium refuses a port under the * scheme (its URLPattern: a port is only valid with a scheme that has
    // ports, and * stands for schemes that do not), so such a pattern could never be registered.
    if (port !== '*' && scheme === '*') {
      return invalid(s, `a port may be named only under http or https, as Chrome requires; write http://${hostAndPort}/… or https://${hostAndPort}/…, or leave the port out`);
    }
  }
  if (hostPiece.length === 0) return invalid(s, 'the host is empty');

  let matchSubdomains = false;
  let host = hostPiece;
  if (hostPiece === '*') {
    matchSubdomains = true;
    host = '';
  } else if (hostPiece.startsWith('*.')) {
    if (hostPiece.length === 2) return invalid(s, 'the host is empty after "*."');
    matchSubdomains = true;
    host = hostPiece.slice(2);
  }
  if (host.includes('*')) return invalid(s, '"*" may appear in the host only as the whole host or as a leading "*."');
  if (host !== '') {
    const canonical = canonicalHost(host);
    if (canonical === null) return invalid(s, `${quote(host)} is not a valid host`);
    host = canonical;
  }
  const path = rest.slice(hostEnd);
  return passed({ pattern: { source: s, allUrls: false, schemes, host, matchSubdomains, port, path } });
}

/**
 * Patterns already parsed, by their text: the worker matches a remixlet's patterns against the page on every
 * call it checks, and parsing one (a URL built for its host) cost more than the match. The patterns come
 * from stored manifests, so there are few; the cache is emptied whole when it reaches its bound.
 */
const parsedPatterns = new Map<string, MatchPattern | null>();
const PARSED_PATTERNS_MAX = 2_000;

function toPattern(p: string | MatchPattern): MatchPattern | null {
  if (typeof p !== 'string') return p;
  const known = parsedPatterns.get(p);
  if (known !== undefined) return known;
  const r = parseMatchPattern(p);
  const pattern = r.ok ? Object.freeze({ ...r.pattern, schemes: Object.freeze([...r.pattern.schemes]) }) : null;
  if (parsedPatterns.size >= PARSED_PATTERNS_MAX) parsedPatterns.clear();
  parsedPatterns.set(p, pattern);
  return pattern;
}

function stripTrailingDot(host: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

function isIpAddress(host: string): boolean {
  return host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

function hostMatches(p: MatchPattern, url: URL): boolean {
  const test = stripTrailingDot(url.hostname);
  const base = stripTrailingDot(p.host);
  if (test === base) return true;
  if (p.matchSubdomains && base === '') return true;
  if (!p.matchSubdomains) return false;
  if (isIpAddress(test)) return false;
  return test.length > base.length + 1 && test.endsWith(`.${base}`);
}

function effectivePort(url: URL): string {
  if (url.port !== '') return url.port;
  return url.protocol === 'https:' ? '443' : '80';
}

/** Path plus query, as Chromium's GURL::PathForRequest gives it (a present but empty query keeps its "?"). */
function pathForRequest(url: URL): string {
  const href = url.href;
  const hash = href.indexOf('#');
  const noFragment = hash === -1 ? href : href.slice(0, hash);
  const q = noFragment.indexOf('?');
  return q === -1 ? url.pathname : url.pathname + noFragment.slice(q);
}

/** base::MatchPattern with only `*` special (Chromium escapes `?` and `\` in pattern paths). Linear-time backtracking. */
function globMatch(text: string, glob: string): boolean {
  let t = 0;
  let g = 0;
  let starG = -1;
  let starT = 0;
  while (t < text.length) {
    if (g < glob.length && glob[g] === '*') {
      starG = g++;
      starT = t;
    } else if (g < glob.length && glob[g] === text[t]) {
      g++;
      t++;
    } else if (starG !== -1) {
      g = starG + 1;
      t = ++starT;
    } else {
      return false;
    }
  }
  while (g < glob.length && glob[g] === '*') g++;
  return g === glob.length;
}

const UNRESERVED = /^[A-Za-z0-9\-_~]$/;
/** Characters Chromium's path canonicalizer writes escaped, and whose escapes it therefore compares in either case. */
const ESCAPED_BY_THE_BROWSER = new Set([' ', '"', '#', '%', '<', '>', '`']);

/**
 * A path as Chromium 156 compares it, on the pattern's side and the address's alike (asked of Chromium itself
 * for every printable ASCII character, escaped in either case and unescaped: tests/e2e/match-patterns.spec.ts):
 * an escape of a letter, a digit, `-`, `_` or `~` is that character (`%7E` is `~`, `%41` is `A`); an escape
 * of a byte past ASCII, or of a character the browser itself escapes (a space, `"`, `#`, `%`, `<`, `>`, a
 * backquote), compares in either case (`%c3%a9` is `%C3%A9`), and so does that character or a letter past
 * ASCII written out (`"` is `%22`, `é` is `%C3%A9`); every other escape is only itself, in the case it is
 * written (`%2F` is not `/` and not `%2f`, `%2A` is never a wildcard).
 */
export function comparablePath(path: string): string {
  const written = path.replace(/[^\p{ASCII}]|["<>]/gu, (c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      return '%EF%BF%BD'; // a lone surrogate: the URL parser writes U+FFFD
    }
  });
  return written.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const byte = parseInt(hex, 16);
    const char = String.fromCharCode(byte);
    if (UNRESERVED.test(char)) return char;
    return byte >= 0x80 || ESCAPED_BY_THE_BROWSER.has(char) ? escape.toUpperCase() : escape;
  });
}

function pathMatches(p: MatchPattern, address: string): boolean {
  const glob = comparablePath(p.path);
  const test = comparablePath(address);
  // Chromium: "https://example.com/foo/*" also matches "https://example.com/foo".
  if (glob.length === test.length + 2 && glob.startsWith(test) && glob.endsWith('/*')) return true;
  return globMatch(test, glob);
}

/** Whether one parsed pattern matches the URL, as Chromium's URLPattern::MatchesURL does for http(s). */
export function patternMatchesUrl(p: MatchPattern, url: URL): boolean {
  const scheme = url.protocol.slice(0, -1);
  if (scheme !== 'http' && scheme !== 'https') return false;
  if (!p.schemes.includes(scheme)) return false;
  if (p.allUrls) return true;
  if (!hostMatches(p, url)) return false;
  if (p.port !== '*' && p.port !== effectivePort(url)) return false;
  return pathMatches(p, pathForRequest(url));
}

/** The last address matchesUrl parsed: the worker checks one page's address call after call. Read, never handed out. */
let lastUrl: { text: string; url: URL | null } | undefined;

function parsedUrl(text: string): URL | null {
  if (lastUrl?.text !== text) {
    let url: URL | null;
    try {
      url = new URL(text);
    } catch {
      url = null;
    }
    lastUrl = { text, url };
  }
  return lastUrl.url;
}

/**
 * Whether a remixlet with these matches and excludeMatches runs on the URL. Only http and https URLs
 * can match. An include that does not parse is ignored; an exclude that does not parse makes the
 * answer false, because ignoring it would run the remixlet where its author meant to keep it out.
 */
export function matchesUrl(
  patterns: readonly (string | MatchPattern)[],
  excludePatterns: readonly (string | MatchPattern)[] | undefined,
  url: string | URL,
): boolean {
  const u = typeof url === 'string' ? parsedUrl(url) : url;
  if (u === null) return false;
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  for (const ex of excludePatterns ?? []) {
    const p = toPattern(ex);
    if (p === null || patternMatchesUrl(p, u)) return false;
  }
  return patterns.some((inc) => {
    const p = toPattern(inc);
    return p !== null && patternMatchesUrl(p, u);
  });
}

/** True for `<all_urls>` and for the pattern that means the same on web pages (scheme `*`, host `*`, path `/*`, any port). */
export function isAllUrls(pattern: string | MatchPattern): boolean {
  const p = toPattern(pattern);
  if (p === null) return false;
  if (p.allUrls) return true;
  return p.host === '' && p.matchSubdomains && p.schemes.length === 2 && p.port === '*' && p.path === '/*';
}

/**
 * The hosts a set of patterns covers, as host specs for `urlOnHosts`: `example.com`, `*.example.com`,
 * with `:port` when the pattern names one, and `*` when a pattern's host is `*` (whatever its scheme or
 * path): such a remixlet runs on every site. Paths are ignored: a host covered for one path is one of
 * the remixlet's sites. Patterns that do not parse are skipped.
 */
export function hostsOf(patterns: readonly (string | MatchPattern)[]): string[] {
  const hosts = new Set<string>();
  for (const raw of patterns) {
    const p = toPattern(raw);
    if (p === null) continue;
    if (p.allUrls || (p.matchSubdomains && p.host === '')) hosts.add('*');
    else hosts.add(`${p.matchSubdomains ? '*.' : ''}${p.host}${p.port === '*' ? '' : `:${p.port}`}`);
  }
  return [...hosts];
}

/** True when any pattern's host is `*`: the remixlet runs on every site (for some scheme or path). */
export function coversEverySite(patterns: readonly (string | MatchPattern)[]): boolean {
  return hostsOf(patterns).includes('*');
}

/**
 * What an approval dialog shows for a pattern, built only from what the parse checked: its host (or
 * "every site") and port, with "some pages of" when its path is not every path. The path itself is
 * never shown: it is free text the model wrote, and the person must not read the model's words there.
 */
export function siteLabel(pattern: string | MatchPattern): string | undefined {
  const p = toPattern(pattern);
  if (p === null) return undefined;
  const everySite = p.allUrls || (p.matchSubdomains && p.host === '');
  const port = p.port === '*' ? '' : `:${p.port}`;
  const where = everySite ? `every site${port ? ` on port ${p.port}` : ''}` : p.matchSubdomains ? `${p.host}${port} and every subdomain` : `${p.host}${port}`;
  return p.path === '/*' ? where : `some pages of ${where}`;
}
