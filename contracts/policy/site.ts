// Context: worker, page agent, offscreen host, panel and Node tests. Trusts nothing: hosts come from
// manifests and pages. Hosts are canonicalised with the WHATWG URL parser, which Chrome also follows.
// The registrable domain (the public suffix list) is in registrable-domain.ts: the page agent, which
// evaluates this module at document_start on every page, needs none of it.

// Characters the URL parser refuses in a host, or reads as the end of one (so "a.example@b" or
// "a.example/x" cannot smuggle a different host past a string check).
// eslint-disable-next-line no-control-regex
const NOT_IN_HOST = /[\u0000-\u0020#/:<>?@[\\\]^|\u007f]/;

/**
 * The host as the browser would store it (lowercase, punycode, IPv4 normalised, IPv6 in brackets),
 * or null when the URL parser would refuse it. A trailing dot is kept, as the browser keeps it.
 */
export function canonicalHost(host: string): string | null {
  if (host.length === 0 || host.length > 255) return null;
  if (host.startsWith('[')) {
    if (!/^\[[0-9A-Fa-f:.]+\]$/.test(host)) return null;
  } else if (NOT_IN_HOST.test(host)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(`http://${host}/`);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '' || url.port !== '' || url.pathname !== '/') return null;
  return url.hostname === '' ? null : url.hostname;
}

function isIpv4(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

export function stripTrailingDot(host: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/**
 * Why `s` is not a plain host, or undefined when it is one. A plain host is how a permission names a
 * host: a lowercase ASCII (punycode) name or an IPv4 address, optionally with a port; no scheme,
 * path, userinfo, wildcard, IPv6 or trailing dot. It must already be in canonical form, so the name
 * the user approves is exactly the name that is checked later.
 */
export function plainHostProblem(s: string): string | undefined {
  if (s.length === 0) return 'the host is empty';
  if (s.includes('*')) return 'a permission names one host: wildcards are not allowed';
  if (s.includes('://')) return 'write the host alone, without a scheme such as https://';
  if (s.includes('@')) return 'the host may not contain a user name (@)';
  if (/[/?#\\]/.test(s)) return 'write the host alone, without a path, query or fragment';
  if (s.startsWith('[')) return 'IPv6 addresses are not supported; use a host name';
  let host = s;
  let port: string | undefined;
  const colon = s.lastIndexOf(':');
  if (colon !== -1) {
    host = s.slice(0, colon);
    port = s.slice(colon + 1);
    if (!/^[1-9]\d{0,4}$/.test(port) || Number(port) > 65535) return 'the port must be a number from 1 to 65535, without leading zeros';
  }
  if (host.endsWith('.')) return 'remove the trailing dot from the host';
  if (host.length > 253) return 'the host is longer than 253 characters';
  const canonical = canonicalHost(host);
  if (canonical === null) return 'this is not a valid host name';
  if (canonical !== host) {
    return `write the host in canonical form: ${canonical}`;
  }
  if (!isIpv4(host)) {
    for (const label of host.split('.')) {
      if (label.length === 0 || label.length > 63) return 'each part of the host name must be 1 to 63 characters long';
      if (!/^[a-z0-9_-]+$/.test(label)) return 'the host may contain only a-z, 0-9, "-", "_" and dots (write other letters in punycode, xn--…)';
    }
  }
  return undefined;
}

export function isPlainHost(s: string): boolean {
  return plainHostProblem(s) === undefined;
}

function effectivePort(url: URL): string {
  if (url.port !== '') return url.port;
  return url.protocol === 'https:' || url.protocol === 'wss:' ? '443' : '80';
}

/**
 * Whether the URL's host is one the list names. Entries are host specs as `hostsOf` returns them or
 * as a permission names them: `*` (any host), `example.com`, `*.example.com` (the domain and its
 * subdomains), each optionally with `:port`. An entry without a port allows any port, the way a
 * Chrome match pattern without a port does. A trailing dot on the URL's host is ignored, as Chrome
 * ignores it when matching patterns; subdomain wildcards never match IP addresses.
 */
export function urlOnHosts(url: URL, hostSpecs: readonly string[]): boolean {
  const host = stripTrailingDot(url.hostname);
  if (host === '') return false;
  const isIp = host.startsWith('[') || isIpv4(host);
  for (const spec of hostSpecs) {
    if (spec === '*') return true;
    let hostPart = spec;
    let port: string | undefined;
    const m = /^(.*?)(?::(\d+|\*))?$/.exec(spec);
    if (m?.[2] !== undefined && !spec.endsWith(']')) {
      hostPart = m[1] ?? '';
      port = m[2] === '*' ? undefined : m[2];
    }
    if (port !== undefined && port !== effectivePort(url)) continue;
    if (hostPart === '*') return true;
    const wildcard = hostPart.startsWith('*.');
    const base = stripTrailingDot((wildcard ? hostPart.slice(2) : hostPart).toLowerCase());
    if (base === '') continue;
    if (host === base) return true;
    if (wildcard && !isIp && host.length > base.length + 1 && host.endsWith(`.${base}`)) return true;
  }
  return false;
}

/** Whether an address is an http or https page: the only pages a remixlet runs on or a chat starts from. */
export const isWebAddress = (url: string): boolean => /^https?:/i.test(url);
