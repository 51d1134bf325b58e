import http from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Certificate } from './cert';
import type { FixtureServers } from './sites';
import { WITNESS_IP } from './socket-witness';

/**
 * How the proxy saw a request:
 * - `http`: a plain proxied request (`GET http://host/path`), or a direct request to the proxy port.
 * - `upgrade`: a plain proxied request with `Upgrade:` (WebSocket without a tunnel).
 * - `connect`: a `CONNECT host:port` tunnel request (https, wss, and Chromium's ws:// too).
 * - `tunnel-https` / `tunnel-http`: a request seen *inside* a CONNECT tunnel to a non-fixture host
 *   (the proxy terminates TLS with the harness certificate, which Chromium accepts because of
 *   `--ignore-certificate-errors`). A WebSocket handshake inside a tunnel is `tunnel-http`/`tunnel-https`
 *   with `websocket: true`.
 * - `tunnel-raw`: bytes inside a tunnel to a non-fixture host that are neither TLS nor HTTP
 *   (e.g. TURN over TCP, if Chromium routes it via the proxy).
 */
export type ProxyRecordKind = 'http' | 'upgrade' | 'connect' | 'tunnel-http' | 'tunnel-https' | 'tunnel-raw';

export interface ProxyRecord {
  seq: number;
  time: number;
  kind: ProxyRecordKind;
  method: string;
  /** Host name or IP literal, lower-case, no port. */
  host: string;
  port: number;
  /** Path + query; absent for `connect` and `tunnel-raw`. */
  path?: string;
  /** True when the host is a fixture host (forwarded to the fixture servers, not a witness hit). */
  fixture: boolean;
  websocket: boolean;
  /** `Origin` header, else `Referer`, when the request carried one. */
  initiator?: string;
  headers: Partial<Record<'origin' | 'referer' | 'sec-fetch-site' | 'sec-fetch-mode' | 'sec-fetch-dest' | 'user-agent' | 'upgrade' | 'content-type', string>>;
  /** Request body bytes (non-fixture plain requests) or raw tunnel bytes (`tunnel-raw`). */
  bodyBytes?: number;
  /** First bytes of a body / raw tunnel payload, for diagnostics. */
  bodyPreview?: string;
  /**
   * Set when this record matched a deliberate exclusion (known Chromium background traffic);
   * such records are logged but are not witness hits. See README "Background traffic".
   */
  ignored?: string;
}

/**
 * A deliberate exclusion of one kind of Chromium background request. Every field must match;
 * `origin: null` means the request must carry NO Origin header (Chromium adds Origin to every
 * POST a page, worker or extension makes, so an Origin-less POST can only come from the browser
 * itself).
 */
export interface ProxyExclusion {
  reason: string;
  method: string;
  host: string;
  path: RegExp;
  origin: string | null;
  body?: RegExp;
  /** Further headers that must match exactly; `null` means the header must be absent. */
  headers?: Partial<Record<keyof ProxyRecord['headers'], string | null>>;
  /** Sent instead of the default empty 204 (e.g. so Chromium does not retry). */
  reply?: { status: number; headers?: Record<string, string>; body?: string };
}

/**
 * Chromium (Debian: 156, and 150 since 2026-12-02) background requests that no switch, feature or preference we found
 * turns off. They are matched exactly and excluded from witness hits; they stay in the proxy
 * log with `ignored` set. A CONNECT tunnel to these hosts is excluded only once every request
 * seen inside it matched an exclusion. See tests/e2e/README.md "Background traffic".
 */
export const BACKGROUND_EXCLUSIONS: readonly ProxyExclusion[] = [
  {
    reason:
      'Chromium startup: GaiaCookieManagerService lists Google accounts (AccountReconcilor). ' +
      'Not stopped by signin.allowed=false; SkipListAccountsWithoutGaiaCookies is not in 156.',
    method: 'POST',
    host: 'accounts.google.com',
    path: /^\/ListAccounts\?gpsia=1&source=ChromiumBrowser&json=standard(&|$)/,
    origin: 'https://www.google.com',
    // A well-formed empty account list, so Chromium does not retry (it does after a 204).
    reply: { status: 200, headers: { 'content-type': 'application/x-protobuf' }, body: '' },
  },
  {
    reason:
      'Chromium component updater: update check for "Optimization Guide On Device Models Manifest" ' +
      '(appid ceofaddefefcbblgcgnibnonglccbfja) at startup (on demand) and at the first scheduled check ' +
      '(~60 s), https then plain http, despite --disable-component-update.',
    method: 'POST',
    host: 'update.googleapis.com',
    path: /^\/service\/update2\/json\?cup2key=/,
    origin: null,
    // Exactly one app, that one (no second "appid" inside the apps array).
    body: /^\{"request":\{.*"apps":\[\{"appid":"ceofaddefefcbblgcgnibnonglccbfja"(?:(?!"appid")[^\]])*\}\],.*\}\}$/s,
  },
  {
    reason:
      'Chromium 150 (Debian, seen 2026-12-02): the GCM client\'s initial device checkin, about 15 s after ' +
      'startup, with no extension of ours loaded too (a bare manifest-only extension sees it), despite ' +
      '--disable-background-networking; no switch or feature we found stops it. Its body is the browser\'s ' +
      'own AndroidCheckinRequest (id 0, a digest, the browser version), with no Origin header: a page, the ' +
      'page agent or a remixlet sending a POST there would carry an Origin, and is not matched.',
    method: 'POST',
    host: 'android.clients.google.com',
    path: /^\/checkin$/,
    origin: null,
    // AndroidCheckinRequest: field 2 (id) = 0, field 3 (digest) = "1-" and 40 hex digits, then the checkin.
    // Built from a string: the bytes are protobuf tags, which a regex literal may not spell (no-control-regex).
    body: new RegExp(`^${String.fromCharCode(0x10, 0x00, 0x1a)}\\*1-[0-9a-f]{40}"`), // 0x2a is "*", escaped
  },
  {
    reason:
      'Chromium 150 (Debian, seen 2026-12-03): spellcheck fetches the Hunspell dictionary for the browser\'s ' +
      'language (en-US) the first time someone types into a text field of a fresh profile, as stock Chrome does. ' +
      'A fixed address, so it carries nothing; matched with the headers only the browser\'s own fetch has: ' +
      'no Origin, no Referer, Sec-Fetch-Site "none" (a page\'s request is "cross-site"), mode no-cors, dest empty.',
    method: 'GET',
    host: 'redirector.gvt1.com',
    path: /^\/edgedl\/chrome\/dict\/en-us-10-1\.bdic$/,
    origin: null,
    headers: { referer: null, 'sec-fetch-site': 'none', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty' },
  },
];

const KEPT_HEADERS = ['origin', 'referer', 'sec-fetch-site', 'sec-fetch-mode', 'sec-fetch-dest', 'user-agent', 'upgrade', 'content-type'] as const;

function pickHeaders(h: IncomingHttpHeaders): ProxyRecord['headers'] {
  const out: ProxyRecord['headers'] = {};
  for (const k of KEPT_HEADERS) {
    const v = h[k];
    if (typeof v === 'string') out[k] = v;
  }
  return out;
}

function splitHostPort(hostport: string, defaultPort: number): { host: string; port: number } {
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(hostport) ?? /^([^:]+)(?::(\d+))?$/.exec(hostport);
  if (!m) return { host: hostport.toLowerCase(), port: defaultPort };
  return { host: (m[1] ?? '').toLowerCase().replace(/\.$/, ''), port: m[2] ? Number(m[2]) : defaultPort };
}

const HOP_BY_HOP = new Set(['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

interface Tunnel {
  connect: ProxyRecord;
  inner: ProxyRecord[];
  closed: boolean;
}

/**
 * The recording forward proxy every Chromium request goes through
 * (`--proxy-server=http://<WITNESS_IP>:<port>` with `--proxy-bypass-list=<-loopback>`). It listens on this run's
 * witness address because the browser's host-resolver rules send every name, the proxy's included, there.
 * Fixture hosts are forwarded to the fixture servers; anything else is recorded and answered
 * with an empty 204 (after TLS termination for tunnels), so nothing ever leaves the machine.
 */
export class RecordingProxy {
  readonly server: http.Server;
  /** Terminates tunnels to non-fixture hosts (plain and TLS) to log their requests. */
  private readonly sinkHttp: http.Server;
  private readonly sinkHttps: https.Server;
  private readonly records: ProxyRecord[] = [];
  private readonly listeners = new Set<(r: ProxyRecord) => void>();
  private readonly sockets = new Set<Duplex>();
  /** Open tunnels to the sinks, by the proxy-side local port of the sink connection. */
  private readonly tunnels = new Map<number, Tunnel>();
  /** Every tunnel to a non-fixture host, by the seq of its CONNECT record. */
  private readonly tunnelsByConnect = new Map<number, Tunnel>();
  // No reuse of upstream sockets: a kept-alive socket the fixture server is just closing (its keepAliveTimeout)
  // fails the next request with "socket hang up", which showed up as a page reading "proxy upstream error".
  private readonly agent = new http.Agent({ keepAlive: false });
  private seq = 0;

  constructor(
    private readonly fixtures: FixtureServers,
    cert: Certificate,
    private readonly exclusions: readonly ProxyExclusion[] = BACKGROUND_EXCLUSIONS,
  ) {
    this.server = http.createServer((req, res) => this.onRequest(req, res));
    this.server.on('connect', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.onConnect(req, socket, head));
    this.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.onUpgrade(req, socket, head));
    this.sinkHttp = http.createServer((req, res) => this.onSinkRequest(req, res, false));
    this.sinkHttp.on('upgrade', (req: IncomingMessage, socket: Duplex) => this.onSinkUpgrade(req, socket, false));
    this.sinkHttps = https.createServer({ key: cert.key, cert: cert.cert }, (req, res) => this.onSinkRequest(req, res, true));
    this.sinkHttps.on('upgrade', (req: IncomingMessage, socket: Duplex) => this.onSinkUpgrade(req, socket, true));
    for (const s of [this.server, this.sinkHttp, this.sinkHttps]) {
      s.on('connection', (sock: Socket) => this.track(sock));
      s.on('clientError', (_err: Error, sock: Duplex) => sock.destroy());
    }
    this.sinkHttps.on('tlsClientError', () => undefined);
  }

  async listen(): Promise<void> {
    await Promise.all(
      ([[this.server, WITNESS_IP], [this.sinkHttp, '127.0.0.1'], [this.sinkHttps, '127.0.0.1']] as const).map(
        ([s, address]) => new Promise<void>((resolve, reject) => {
          s.once('error', reject);
          s.listen(0, address, () => resolve());
        }),
      ),
    );
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** All records, fixture and non-fixture, including ignored ones (copies). */
  all(): ProxyRecord[] {
    return this.records.map((r) => ({ ...r, headers: { ...r.headers } }));
  }

  onRecord(fn: (r: ProxyRecord) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  get lastSeq(): number {
    return this.seq;
  }

  /** Hosts that have a background exclusion. */
  get excludedHosts(): Set<string> {
    return new Set(this.exclusions.map((e) => e.host));
  }

  /** True when the tunnel opened by CONNECT record `seq` has carried no request at all (open or closed). */
  tunnelCarriedNothing(seq: number): boolean {
    const t = this.tunnelsByConnect.get(seq);
    return !!t && t.inner.length === 0;
  }

  /** True while the tunnel opened by CONNECT record `seq` is open and has carried no request yet. */
  tunnelAwaitingRequest(seq: number): boolean {
    const t = this.tunnelsByConnect.get(seq);
    return !!t && !t.closed && t.inner.length === 0;
  }

  private track(sock: Duplex): void {
    this.sockets.add(sock);
    sock.on('close', () => this.sockets.delete(sock));
    sock.on('error', () => undefined);
  }

  private exclusionFor(r: Omit<ProxyRecord, 'seq' | 'time' | 'fixture' | 'ignored'>, body?: Buffer): ProxyExclusion | undefined {
    return this.exclusions.find(
      (e) =>
        e.method === r.method &&
        e.host === r.host &&
        e.path.test(r.path ?? '') &&
        (e.origin === null ? r.headers.origin === undefined : r.headers.origin === e.origin) &&
        (!e.body || e.body.test(body?.toString('latin1') ?? '')) &&
        Object.entries(e.headers ?? {}).every(([k, v]) => (r.headers[k as keyof ProxyRecord['headers']] ?? null) === v),
    );
  }

  private record(r: Omit<ProxyRecord, 'seq' | 'time' | 'fixture' | 'ignored'>, ex?: ProxyExclusion): ProxyRecord {
    const fixture = this.fixtures.isFixtureHost(r.host);
    const rec: ProxyRecord = { seq: ++this.seq, time: Date.now(), fixture, ...r };
    if (!fixture && ex) rec.ignored = ex.reason;
    if (r.headers.origin) rec.initiator = r.headers.origin;
    else if (r.headers.referer) rec.initiator = r.headers.referer;
    this.records.push(rec);
    for (const fn of this.listeners) fn(rec);
    return rec;
  }

  /** Plain proxied request: `GET http://host/path` (or a direct request to the proxy port). */
  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const raw = req.url ?? '/';
    let host: string;
    let port: number;
    let pathAndQuery: string;
    if (/^[a-z]+:\/\//i.test(raw)) {
      const u = new URL(raw);
      ({ host, port } = splitHostPort(u.host, u.protocol === 'https:' ? 443 : 80));
      pathAndQuery = u.pathname + u.search;
    } else {
      // Someone talked to the proxy port as an origin server. Record against the Host header.
      ({ host, port } = splitHostPort(req.headers.host ?? '127.0.0.1', 80));
      pathAndQuery = raw;
    }
    if (this.fixtures.isFixtureHost(host)) {
      this.record({ kind: 'http', method: req.method ?? 'GET', host, port, path: pathAndQuery, websocket: false, headers: pickHeaders(req.headers) });
      const headers: IncomingHttpHeaders = {};
      for (const [k, v] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(k)) headers[k] = v;
      headers.host = port === 80 ? host : `${host}:${port}`;
      const upstream = http.request(
        { host: '127.0.0.1', port: this.fixtures.httpPort, method: req.method, path: pathAndQuery, headers, agent: this.agent },
        (ur) => {
          const out: IncomingHttpHeaders = {};
          for (const [k, v] of Object.entries(ur.headers)) if (!HOP_BY_HOP.has(k)) out[k] = v;
          res.writeHead(ur.statusCode ?? 502, out);
          ur.pipe(res);
        },
      );
      upstream.on('error', (err) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`proxy upstream error: ${err.message}`);
      });
      req.pipe(upstream);
      return;
    }
    this.sinkRequest(req, res, { kind: 'http', host, port, path: pathAndQuery });
  }

  /** Records a request to a non-fixture host once its body is in, and answers it. */
  private sinkRequest(
    req: IncomingMessage,
    res: ServerResponse,
    where: { kind: ProxyRecordKind; host: string; port: number; path: string },
    tunnel?: Tunnel,
  ): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const base = {
        ...where, method: req.method ?? 'GET', websocket: false, headers: pickHeaders(req.headers),
        bodyBytes: body.length, bodyPreview: body.subarray(0, 200).toString('latin1'),
      };
      const ex = this.exclusionFor(base, body);
      const rec = this.record(base, ex);
      if (tunnel) this.addToTunnel(tunnel, rec);
      const reply = ex?.reply;
      if (reply) res.writeHead(reply.status, { 'cache-control': 'no-store', ...reply.headers }).end(reply.body ?? '');
      else res.writeHead(204, { 'cache-control': 'no-store' }).end();
    });
  }

  /** A CONNECT is excluded only while every request seen inside its tunnel was excluded. */
  private addToTunnel(tunnel: Tunnel, rec: ProxyRecord): void {
    tunnel.inner.push(rec);
    if (tunnel.inner.every((r) => r.ignored)) {
      tunnel.connect.ignored = `tunnel carried only excluded background requests (${tunnel.inner.map((r) => r.seq).join(', ')})`;
    } else {
      delete tunnel.connect.ignored;
    }
  }

  /** Plain proxied `Upgrade:` request (Chromium normally tunnels ws:// with CONNECT instead). */
  private onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const raw = req.url ?? '/';
    const u = /^[a-z]+:\/\//i.test(raw) ? new URL(raw) : new URL(raw, `http://${req.headers.host ?? '127.0.0.1'}`);
    const { host, port } = splitHostPort(u.host, 80);
    const path = u.pathname + u.search;
    this.record({ kind: 'upgrade', method: req.method ?? 'GET', host, port, path, websocket: /websocket/i.test(req.headers.upgrade ?? ''), headers: pickHeaders(req.headers) });
    if (!this.fixtures.isFixtureHost(host)) {
      socket.end('HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n');
      return;
    }
    const upstream = net.connect(this.fixtures.httpPort, '127.0.0.1', () => {
      const lines = [`${req.method} ${path} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const k = req.rawHeaders[i] ?? '';
        if (k.toLowerCase().startsWith('proxy-')) continue;
        lines.push(`${k}: ${req.rawHeaders[i + 1] ?? ''}`);
      }
      upstream.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    this.track(upstream);
    upstream.on('error', () => socket.destroy());
  }

  /** `CONNECT host:port`: fixture hosts are tunnelled to the fixture servers, anything else to the sinks. */
  private onConnect(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const { host, port } = splitHostPort(req.url ?? '', 443);
    const rec = this.record({ kind: 'connect', method: 'CONNECT', host, port, websocket: false, headers: pickHeaders(req.headers) });
    const tunnel: Tunnel | undefined = rec.fixture ? undefined : { connect: rec, inner: [], closed: false };
    if (tunnel) {
      this.tunnelsByConnect.set(rec.seq, tunnel);
      socket.on('close', () => {
        tunnel.closed = true;
      });
    }
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    const route = (first: Buffer): void => {
      const isTls = first[0] === 0x16;
      const isHttp = /^[A-Z]{3,10} /.test(first.subarray(0, 12).toString('latin1'));
      let targetPort: number;
      if (rec.fixture) {
        targetPort = isTls ? this.fixtures.httpsPort : this.fixtures.httpPort;
      } else if (isTls || isHttp) {
        targetPort = ((isTls ? this.sinkHttps : this.sinkHttp).address() as AddressInfo).port;
      } else {
        const raw = this.record({
          kind: 'tunnel-raw', method: 'RAW', host, port, websocket: false, headers: {},
          bodyBytes: first.length, bodyPreview: first.subarray(0, 64).toString('hex'),
        });
        if (tunnel) this.addToTunnel(tunnel, raw);
        socket.destroy();
        return;
      }
      const upstream = net.connect(targetPort, '127.0.0.1', () => {
        if (tunnel && upstream.localPort) {
          const key = upstream.localPort;
          this.tunnels.set(key, tunnel);
          upstream.on('close', () => this.tunnels.delete(key));
        }
        upstream.write(first);
        upstream.pipe(socket).pipe(upstream);
      });
      this.track(upstream);
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
      socket.on('close', () => upstream.destroy());
    };
    if (head.length) route(head);
    else socket.once('data', (chunk: Buffer) => route(chunk));
  }

  private tunnelOf(req: IncomingMessage): Tunnel | undefined {
    const p = req.socket.remotePort;
    return p === undefined ? undefined : this.tunnels.get(p);
  }

  /** A request inside a tunnel to a non-fixture host: record it (with its path) and reply. */
  private onSinkRequest(req: IncomingMessage, res: ServerResponse, isTls: boolean): void {
    const tunnel = this.tunnelOf(req);
    const fallback = tunnel ? `${tunnel.connect.host}:${tunnel.connect.port}` : 'unknown.invalid';
    const { host, port } = splitHostPort(req.headers.host ?? fallback, isTls ? 443 : 80);
    this.sinkRequest(req, res, { kind: isTls ? 'tunnel-https' : 'tunnel-http', host, port, path: req.url ?? '/' }, tunnel);
  }

  private onSinkUpgrade(req: IncomingMessage, socket: Duplex, isTls: boolean): void {
    const tunnel = this.tunnelOf(req);
    const fallback = tunnel ? `${tunnel.connect.host}:${tunnel.connect.port}` : 'unknown.invalid';
    const { host, port } = splitHostPort(req.headers.host ?? fallback, isTls ? 443 : 80);
    const rec = this.record({
      kind: isTls ? 'tunnel-https' : 'tunnel-http', method: req.method ?? 'GET', host, port, path: req.url ?? '/',
      websocket: /websocket/i.test(req.headers.upgrade ?? ''), headers: pickHeaders(req.headers),
    });
    if (tunnel) this.addToTunnel(tunnel, rec);
    socket.end('HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n');
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.agent.destroy();
    await Promise.all(
      [this.server, this.sinkHttp, this.sinkHttps].map((s) => new Promise<void>((r) => s.close(() => r()))),
    );
  }
}
