// Context: worker, panel and Node tests (not the page agent: the suffix list is built as this module loads,
// and the page agent loads its modules at document_start on every page). Trusts nothing: hosts come from
// manifests and pages.
import { parse as parseDomain } from 'tldts';
import { canonicalHost, stripTrailingDot } from './site';

// Private suffixes such as github.io count, because browsers treat alice.github.io and bob.github.io
// as different sites; the approval dialog must not present them as one.
const TLDTS_OPTIONS = { allowPrivateDomains: true, extractHostname: false } as const;

function hostOf(hostOrUrl: string | URL): string | null {
  if (hostOrUrl instanceof URL) return hostOrUrl.hostname || null;
  if (hostOrUrl.includes('://')) {
    try {
      return new URL(hostOrUrl).hostname || null;
    } catch {
      return null;
    }
  }
  // A bare host may carry a port; the site ignores it.
  const m = /^(\[[^\]]*\]|[^:]*)(?::\d*)?$/.exec(hostOrUrl);
  return m?.[1] ? canonicalHost(m[1]) : null;
}

/**
 * The registrable domain ("site") of a host or URL: example.co.uk for www.example.co.uk,
 * alice.github.io for alice.github.io. An IP address, or a name with no registrable part such as
 * localhost, is its own site. Null when the input is not a valid host.
 */
export function registrableDomain(hostOrUrl: string | URL): string | null {
  const host = hostOf(hostOrUrl);
  if (host === null) return null;
  const bare = stripTrailingDot(host);
  if (bare.startsWith('[')) return bare;
  const parsed = parseDomain(bare, TLDTS_OPTIONS);
  if (parsed.isIp) return bare;
  return parsed.domain ?? bare;
}

/** Schemeless same-site (scheme and port ignored), as the approval dialog means "the same site". */
export function sameSite(a: string | URL, b: string | URL): boolean {
  const da = registrableDomain(a);
  const db = registrableDomain(b);
  return da !== null && da === db;
}

/** True when the host is itself a public suffix (com, co.uk, github.io): a wildcard on it covers many unrelated sites. */
export function isPublicSuffix(host: string): boolean {
  const bare = stripTrailingDot(host);
  const parsed = parseDomain(bare, TLDTS_OPTIONS);
  if (parsed.isIp) return false;
  return parsed.publicSuffix === bare;
}
