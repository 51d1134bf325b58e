// Context: background service worker. rmx.fetch: the worker sends the request with the person's cookies,
// only to hosts the remixlet's approved fetch: permissions name. Redirects are never followed by the
// browser (redirect: 'manual'); each Location is read (redirect-watch.ts), checked against the approved
// hosts and only then requested, so no request reaches an unapproved host. An Authorization header is
// dropped for good once a redirect crosses to another origin. Size, time and concurrency are bounded.
// Trusts the grant (already checked) and nothing in the call or the responses.
import { RemixletRefusal } from '../../contracts/refusals';
import { SERVICE_LIMITS, type FetchCall, type FetchResult } from '../../contracts/boundaries/service-calls';
import { urlOnHosts } from '../../contracts/policy/site';
import { fetchHostsOf } from '../../contracts/remixlet-hosts';
import { utf8Length } from '../../contracts/policy/manifest';
import { quote } from '../../contracts/policy/result';
import type { Manifest } from '../../contracts/policy/manifest';
import { serialized } from '../store/db';
import { watchRedirect } from './redirect-watch';
import { readCapped } from './fetch-body';

/** Headers the browser owns (the Fetch standard's forbidden request headers); setting them would be silently ignored. */
const BROWSER_OWNED = /^(accept-charset|accept-encoding|access-control-request-headers|access-control-request-method|connection|content-length|cookie|cookie2|date|dnt|expect|host|keep-alive|origin|referer|set-cookie|te|trailer|transfer-encoding|upgrade|via|proxy-.*|sec-.*)$/i;
const BODY_HEADERS = ['content-type', 'content-encoding', 'content-language', 'content-location'];
/** How long to wait for the redirect's webRequest event after the opaque answer arrived. */
const REDIRECT_EVENT_MS = 2_000;

const inFlight = new Map<string, number>();

export async function rmxFetch(remixletId: string, manifest: Manifest, call: FetchCall): Promise<FetchResult> {
  const hosts = fetchHostsOf(manifest);
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(call.headers ?? {})) {
    if (BROWSER_OWNED.test(name)) throw new RemixletRefusal('MALFORMED_MESSAGE', `The ${quote(name)} header is set by the browser; leave it out.`);
    headers.set(name.toLowerCase(), value);
  }
  if (headers.size > SERVICE_LIMITS.fetchHeaders) throw new RemixletRefusal('PAYLOAD_TOO_LARGE', `At most ${SERVICE_LIMITS.fetchHeaders} request headers.`);
  let method: string = call.method ?? 'GET';
  let body = call.body;
  if (body !== undefined && (method === 'GET' || method === 'HEAD')) throw new RemixletRefusal('MALFORMED_MESSAGE', `A ${method} request has no body.`);
  if (body !== undefined && utf8Length(body) > SERVICE_LIMITS.fetchRequestBodyBytes) {
    throw new RemixletRefusal('PAYLOAD_TOO_LARGE', `A request body may be at most ${SERVICE_LIMITS.fetchRequestBodyBytes} bytes.`);
  }
  let url = approved(call.url, hosts, undefined);

  const running = inFlight.get(remixletId) ?? 0;
  if (running >= SERVICE_LIMITS.fetchConcurrentPerRemixlet) {
    throw new RemixletRefusal('RATE_LIMITED', `At most ${SERVICE_LIMITS.fetchConcurrentPerRemixlet} rmx.fetch calls at a time; wait for one to finish.`);
  }
  inFlight.set(remixletId, running + 1);
  const timeoutMs = call.timeoutMs ?? SERVICE_LIMITS.fetchTimeoutMs;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      const current = url;
      const answer = await serialized(`fetch-hop:${withoutHash(current)}`, async () => {
        const watch = watchRedirect(current);
        try {
          const res = await fetch(current.href, {
            method,
            headers: [...headers],
            ...(body !== undefined ? { body } : {}),
            redirect: 'manual',
            credentials: 'include',
            cache: 'no-store',
            signal: abort.signal,
          });
          if (res.type !== 'opaqueredirect') return { res };
          return { res, redirect: await watch.seen(REDIRECT_EVENT_MS) };
        } finally {
          watch.stop();
        }
      });
      if (answer.res.type !== 'opaqueredirect') {
        const raw = method === 'HEAD' ? '' : await readCapped(answer.res, SERVICE_LIMITS.fetchResponseBytes, current.host);
        return {
          status: answer.res.status,
          statusText: answer.res.statusText,
          ok: answer.res.ok,
          url: current.href,
          redirected: hop > 0,
          headers: Object.fromEntries(answer.res.headers),
          body: call.as === 'json' ? parseJson(raw, current.host) : raw,
        };
      }
      if (!answer.redirect) throw new RemixletRefusal('INTERNAL', `${current.host} answered with a redirect whose address could not be read; it was not followed.`);
      if (hop + 1 > SERVICE_LIMITS.fetchMaxRedirects) throw new RemixletRefusal('TOO_MANY', `More than ${SERVICE_LIMITS.fetchMaxRedirects} redirects; stopped at ${current.host}.`);
      const next = approved(answer.redirect.location, hosts, current);
      const status = answer.redirect.status;
      if (status === 303 ? method !== 'HEAD' : (status === 301 || status === 302) && method === 'POST') {
        method = 'GET';
        body = undefined;
        for (const h of BODY_HEADERS) headers.delete(h);
      }
      if (next.origin !== current.origin) headers.delete('authorization');
      url = next;
    }
  } catch (e) {
    if (abort.signal.aborted) throw new RemixletRefusal('TIMEOUT', `rmx.fetch took longer than ${timeoutMs} ms and was stopped.`);
    if (e instanceof RemixletRefusal) throw e;
    throw new RemixletRefusal('INTERNAL', `The request to ${url.host} failed: ${e instanceof Error ? e.message : String(e)}`.slice(0, 500));
  } finally {
    clearTimeout(timer);
    abort.abort();
    inFlight.set(remixletId, (inFlight.get(remixletId) ?? 1) - 1);
  }
}

/** The address, if it is http(s) on an approved host; a redirect's Location is resolved against the response's URL. */
function approved(address: string, hosts: string[], from: URL | undefined): URL {
  let url: URL;
  try {
    url = new URL(address, from);
  } catch {
    throw new RemixletRefusal('ADDRESS_REFUSED', `${quote(address)} is not an address.`);
  }
  const where = from ? `${from.host} redirected to ${quote(url.host || url.protocol)}, which` : `${quote(url.host || url.protocol)}`;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new RemixletRefusal('ADDRESS_REFUSED', `${from ? `${from.host} redirected to a ${url.protocol} address` : `${url.protocol} addresses are not fetched`}; only http and https are.`);
  }
  if (url.username || url.password) throw new RemixletRefusal('ADDRESS_REFUSED', 'An address with a user name or password is not fetched.');
  if (!urlOnHosts(url, hosts)) {
    throw new RemixletRefusal(
      from ? 'ADDRESS_REFUSED' : 'PERMISSION_MISSING',
      from
        ? `${where} is not an approved host; the redirect was not followed.`
        : `${where} is not a host this remixlet may fetch; it needs the "fetch:${url.hostname}" permission.`,
    );
  }
  return url;
}

function parseJson(text: string, host: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new RemixletRefusal('MALFORMED_MESSAGE', `The response from ${host} is not JSON; ask for { as: 'text' } instead.`);
  }
}

const withoutHash = (u: URL): string => u.href.replace(/#.*$/, '');
