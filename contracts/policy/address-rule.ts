// Context: page agent (href on links, src on images, addresses in inert-parsed HTML, click checks) and
// Node tests. Trusts nothing: raw comes from remixlet code, baseUrl and pageLoaded from the page.

// Resolution uses the WHATWG URL parser, which is what the browser itself does for href and src.
import { failed, passed, quote, refusal } from './result';
import type { PolicyResult } from './result';
import { hostsOf } from './match-pattern';
import { urlOnHosts } from './site';

export interface AddressInput {
  /** The address the remixlet passed, as written. */
  raw: string;
  /** The document's base URL (document.baseURI), which a <base> element may change. */
  baseUrl: string;
  /** The page's own URL (its origin is always allowed). */
  pageUrl: string;
  kind: 'link' | 'image';
  /** The remixlet's manifest matches. */
  remixletMatches: readonly string[];
  /** Hosts of approved fetch: permissions (plain hosts, optionally with a port). */
  fetchHosts: readonly string[];
  /** Resolved addresses (URL.href) the page itself already loads. */
  pageLoaded: ReadonlySet<string>;
}

const MAX_ADDRESS = 64 * 1024;

function refused(raw: string, why: string): PolicyResult<{ href: string }> {
  return failed([refusal('ADDRESS_REFUSED', `The address ${quote(raw)} is refused: ${why}`)]);
}

/**
 * A data: URL whose media type is an image. SVG is included: an image element renders SVG in
 * secure static mode, with no script and no loads of its own, so a data:image/svg+xml image is inert.
 */
function isDataImage(url: URL): boolean {
  if (url.protocol !== 'data:') return false;
  const body = url.href.slice('data:'.length);
  const comma = body.indexOf(',');
  if (comma === -1) return false;
  const mediaType = body.slice(0, comma).split(';')[0]?.trim().toLowerCase() ?? '';
  return /^image\/[a-z0-9.+-]+$/.test(mediaType);
}

/**
 * Resolve an href or src the way the browser would, then allow it only if it is on the page's own
 * origin, on a host the remixlet's matches cover, on an approved fetch: host, exactly an address the
 * page already loads, or (images only) a data: image. The element must receive the returned `href`,
 * never `raw`, so a base address the page changes later cannot redirect it.
 */
export function checkAddress(input: AddressInput): PolicyResult<{ href: string }> {
  const { raw, kind } = input;
  if (raw.length > MAX_ADDRESS) return refused(raw, `it is longer than ${MAX_ADDRESS} characters`);
  let page: URL;
  let url: URL;
  try {
    page = new URL(input.pageUrl);
  } catch {
    return refused(raw, 'the page address is not valid');
  }
  try {
    url = new URL(raw, input.baseUrl);
  } catch {
    return refused(raw, 'it is not a valid address');
  }

  if (url.protocol === 'data:') {
    if (kind === 'image' && isDataImage(url)) return passed({ href: url.href });
    return refused(raw, kind === 'image' ? 'a data: address is allowed only for an image type (data:image/…)' : 'a link may not use a data: address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return refused(raw, `${quote(url.protocol)} addresses are never allowed; use an https:// address`);
  }
  if (url.username !== '' || url.password !== '') {
    return refused(raw, 'an address may not contain a user name or password (text before "@" in the host)');
  }
  // On an https page, an http address would send whatever it carries unencrypted.
  if (page.protocol === 'https:' && url.protocol === 'http:') {
    return refused(raw, 'this page is https, so the address must be https too');
  }
  if (kind === 'link' && url.href.includes('#') && sameDocument(url, page)) {
    // A same-document fragment link scrolls to, focuses and :target-activates the page's own elements.
    return refused(raw, "a link may not point at a fragment of this page; it would act on the page's own elements");
  }

  if (url.origin === page.origin) return passed({ href: url.href });
  if (urlOnHosts(url, hostsOf(input.remixletMatches))) return passed({ href: url.href });
  if (urlOnHosts(url, input.fetchHosts)) return passed({ href: url.href });
  if (input.pageLoaded.has(url.href)) return passed({ href: url.href });
  return refused(
    raw,
    `it resolves to ${quote(url.href)}, on ${quote(url.host)}, which is not this page's origin, one of this remixlet's sites, or a host an approved fetch: permission names. Ask for a fetch:${url.host} permission if the remixlet needs it.`,
  );
}

function sameDocument(a: URL, b: URL): boolean {
  const strip = (u: URL) => {
    const h = u.href;
    const i = h.indexOf('#');
    return i === -1 ? h : h.slice(0, i);
  };
  return strip(a) === strip(b);
}
