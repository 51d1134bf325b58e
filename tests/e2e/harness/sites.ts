import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import type { Certificate } from './cert';
import { sitesDir } from './paths';
import { BIG_PAGE_HOST, serveBigPage } from './big-page';
import { REAL_PAGES_HOST, serveRealPage } from './real-pages';

/** Host names that are always fixture hosts, even without a directory under `fixtures/sites/`. */
export const BASE_FIXTURE_HOSTS = ['shop.test', 'news.test', 'other.test', 'api.test', 'spa.test', REAL_PAGES_HOST, BIG_PAGE_HOST] as const;

/** Hosts whose pages are made by code rather than read from fixtures/sites (real-pages.ts, big-page.ts). */
const BUILT_PAGES: Record<string, (pathname: string) => RouteResponse | undefined | Promise<RouteResponse | undefined>> = {
  [REAL_PAGES_HOST]: serveRealPage,
  [BIG_PAGE_HOST]: serveBigPage,
};

export interface RouteContext {
  url: URL;
  host: string;
  https: boolean;
  /** Request body, fully read before the handler runs. */
  body: Buffer;
}

/** What a route handler may return instead of writing `res` itself. */
export interface RouteResponse {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Serialised as JSON with `content-type: application/json`. */
  json?: unknown;
}

export type RouteHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  ctx: RouteContext,
) => void | RouteResponse | Promise<void | RouteResponse>;

/** Handles an `Upgrade:` request (e.g. a WebSocket handshake) on a fixture host; owns `socket`. */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer, ctx: { url: URL; host: string; https: boolean }) => void;

/** `'/api/x'` (exact), `'/api/*'` (prefix) or a RegExp tested against the pathname. */
export type RoutePath = string | RegExp;

export interface ServedRequest {
  time: number;
  method: string;
  host: string;
  path: string;
  https: boolean;
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Completes a WebSocket handshake inside an upgrade route and returns a minimal text sender
 * (server frames are unmasked; incoming frames are not decoded — tests that need them can read
 * `socket` themselves).
 */
export function acceptWebSocket(req: IncomingMessage, socket: Duplex): { send(text: string): void; close(): void } {
  const key = req.headers['sec-websocket-key'] ?? '';
  const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
  socket.write(
    'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );
  return {
    send(text: string) {
      const payload = Buffer.from(text, 'utf8');
      const len = payload.length;
      const header =
        len < 126
          ? Buffer.from([0x81, len])
          : len < 65536
            ? Buffer.from([0x81, 126, len >> 8, len & 0xff])
            : Buffer.concat([Buffer.from([0x81, 127]), (() => { const b = Buffer.alloc(8); b.writeBigUInt64BE(BigInt(len)); return b; })()]);
      socket.write(Buffer.concat([header, payload]));
    },
    close() {
      socket.end(Buffer.from([0x88, 0]));
    },
  };
}

/** Base hosts plus every directory under fixtures/sites/ (lower-case). */
export function fixtureHostsOnDisk(): string[] {
  const dirs = existsSync(sitesDir)
    ? readdirSync(sitesDir).filter((d) => statSync(path.join(sitesDir, d)).isDirectory())
    : [];
  return [...new Set([...BASE_FIXTURE_HOSTS, ...dirs].map((h) => h.toLowerCase()))];
}

interface Route {
  host: string;
  path: RoutePath;
  handler: RouteHandler;
}

interface UpgradeRoute {
  host: string;
  path: RoutePath;
  handler: UpgradeHandler;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

function hostOf(req: IncomingMessage): string {
  return (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
}

function matches(route: RoutePath, pathname: string): boolean {
  if (route instanceof RegExp) return route.test(pathname);
  if (route.endsWith('*')) return pathname.startsWith(route.slice(0, -1));
  return pathname === route;
}

/**
 * Headers a fixture host sends with every file it serves: `<host>/_headers.json`, an object of header names
 * and values (strict.test serves its Content-Security-Policy this way). Not served itself as a page header file.
 */
async function hostHeaders(root: string): Promise<Record<string, string>> {
  const text = await readFile(path.join(root, '_headers.json'), 'utf8').catch(() => undefined);
  return text ? (JSON.parse(text) as Record<string, string>) : {};
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * HTTP + HTTPS fixture servers on loopback (ephemeral ports). Requests are dispatched by
 * the Host header: dynamic routes first (newest wins), then files from
 * `fixtures/sites/<host>/`. Chromium never talks to these ports directly: the recording
 * proxy forwards fixture hosts here, so page URLs carry no port (`http://shop.test/`).
 */
export class FixtureServers {
  readonly http: http.Server;
  readonly https: https.Server;
  private readonly routes: Route[] = [];
  private readonly upgradeRoutes: UpgradeRoute[] = [];
  private readonly extraHosts = new Set<string>();
  private readonly log: ServedRequest[] = [];
  private readonly sockets = new Set<Socket>();

  constructor(cert: Certificate) {
    this.http = http.createServer((req, res) => void this.handle(req, res, false));
    this.https = https.createServer({ key: cert.key, cert: cert.cert }, (req, res) => void this.handle(req, res, true));
    for (const server of [this.http, this.https]) {
      const isHttps = server === this.https;
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.handleUpgrade(req, socket, head, isHttps));
      server.keepAliveTimeout = 1000;
      server.on('connection', (s: Socket) => {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
      });
    }
  }

  async listen(): Promise<void> {
    await Promise.all(
      [this.http, this.https].map(
        (s) => new Promise<void>((resolve, reject) => {
          s.once('error', reject);
          s.listen(0, '127.0.0.1', () => resolve());
        }),
      ),
    );
  }

  get httpPort(): number {
    return (this.http.address() as AddressInfo).port;
  }

  get httpsPort(): number {
    return (this.https.address() as AddressInfo).port;
  }

  /** Hosts with a directory under fixtures/sites, the base hosts, and any added with `addHost`. */
  get hosts(): string[] {
    return [...new Set([...fixtureHostsOnDisk(), ...this.extraHosts])];
  }

  isFixtureHost(host: string): boolean {
    return this.hosts.includes(host.toLowerCase().replace(/\.$/, ''));
  }

  /** Make `host` a fixture host (served, not a witness hit) without a directory. */
  addHost(host: string): void {
    this.extraHosts.add(host.toLowerCase());
  }

  removeHost(host: string): void {
    this.extraHosts.delete(host.toLowerCase());
  }

  /** Registers a dynamic route; returns a function that removes it. */
  route(host: string, routePath: RoutePath, handler: RouteHandler): () => void {
    const route: Route = { host: host.toLowerCase(), path: routePath, handler };
    if (!this.isFixtureHost(route.host)) this.addHost(route.host);
    this.routes.unshift(route);
    return () => {
      const i = this.routes.indexOf(route);
      if (i >= 0) this.routes.splice(i, 1);
    };
  }

  /** Registers an upgrade (WebSocket) route; returns a function that removes it. */
  routeUpgrade(host: string, routePath: RoutePath, handler: UpgradeHandler): () => void {
    const route: UpgradeRoute = { host: host.toLowerCase(), path: routePath, handler };
    if (!this.isFixtureHost(route.host)) this.addHost(route.host);
    this.upgradeRoutes.unshift(route);
    return () => {
      const i = this.upgradeRoutes.indexOf(route);
      if (i >= 0) this.upgradeRoutes.splice(i, 1);
    };
  }

  private handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, isHttps: boolean): void {
    const host = hostOf(req);
    const url = new URL(req.url ?? '/', `${isHttps ? 'https' : 'http'}://${host || 'unknown.invalid'}`);
    this.log.push({
      time: Date.now(), method: req.method ?? 'GET', host, path: url.pathname + url.search, https: isHttps,
      status: 101, headers: { ...req.headers },
    });
    socket.on('error', () => undefined);
    const route = this.upgradeRoutes.find((r) => r.host === host && matches(r.path, url.pathname));
    if (!route) {
      const last = this.log[this.log.length - 1];
      if (last) last.status = 404;
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    route.handler(req, socket, head, { url, host, https: isHttps });
  }

  /** Every request the fixture servers answered (newest last). */
  requests(): ServedRequest[] {
    return [...this.log];
  }

  clearRequests(): void {
    this.log.length = 0;
  }

  private async handle(req: IncomingMessage, res: ServerResponse, isHttps: boolean): Promise<void> {
    const host = hostOf(req);
    const url = new URL(req.url ?? '/', `${isHttps ? 'https' : 'http'}://${host || 'unknown.invalid'}`);
    res.on('finish', () => {
      this.log.push({
        time: Date.now(),
        method: req.method ?? 'GET',
        host,
        path: url.pathname + url.search,
        https: isHttps,
        status: res.statusCode,
        headers: { ...req.headers },
      });
    });
    try {
      const body = await readBody(req);
      const route = this.routes.find((r) => r.host === host && matches(r.path, url.pathname));
      if (route) {
        const out = await route.handler(req, res, { url, host, https: isHttps, body });
        if (out && !res.headersSent) {
          const headers: Record<string, string> = { 'cache-control': 'no-store', ...out.headers };
          let payload: string | Buffer | undefined = out.body;
          if (out.json !== undefined) {
            payload = JSON.stringify(out.json);
            headers['content-type'] ??= 'application/json; charset=utf-8';
          }
          res.writeHead(out.status ?? 200, headers);
          res.end(payload);
        }
        // A handler that returns nothing owns `res` and must end it.
        return;
      }
      const built = await BUILT_PAGES[host]?.(url.pathname);
      if (built) {
        res.writeHead(built.status ?? 200, built.headers);
        res.end(built.body);
        return;
      }
      await this.serveFile(host, url.pathname, res);
    } catch (err) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err instanceof Error ? err.stack : err));
    }
  }

  private async serveFile(host: string, pathname: string, res: ServerResponse): Promise<void> {
    const root = path.join(sitesDir, host);
    let rel: string;
    try {
      rel = decodeURIComponent(pathname);
    } catch {
      rel = pathname;
    }
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.resolve(root, '.' + rel);
    if (!host || !file.startsWith(root + path.sep)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    let data: Buffer;
    let served = file;
    try {
      data = await readFile(file);
    } catch {
      // Single-page-app fallback: `<host>/_fallback` names the file served (200) for unknown
      // extension-less paths, so pushState URLs survive a reload.
      const fallback = path.extname(file) ? undefined : await readFile(path.join(root, '_fallback'), 'utf8').catch(() => undefined);
      const fallbackFile = fallback ? path.resolve(root, fallback.trim()) : undefined;
      const body = fallbackFile?.startsWith(root + path.sep) ? await readFile(fallbackFile).catch(() => undefined) : undefined;
      if (!body || !fallbackFile) {
        res.writeHead(404, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end(`no fixture ${host}${pathname}`);
        return;
      }
      data = body;
      served = fallbackFile;
    }
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(served).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      ...(await hostHeaders(root)),
    });
    res.end(data);
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await Promise.all([this.http, this.https].map((s) => new Promise<void>((r) => s.close(() => r()))));
  }
}

/**
 * The `sites` fixture: a per-test view of the worker's servers. Routes and hosts added through
 * it are removed when the test ends, so tests cannot leak routes into each other.
 */
export class Sites {
  private readonly disposers: Array<() => void> = [];
  private readonly addedHosts: string[] = [];

  constructor(readonly servers: FixtureServers) {}

  /** `sites.url('shop.test', '/index.html')` → `http://shop.test/index.html` (`{ https: true }` → https). */
  url(host: string, pathname = '/', opts: { https?: boolean } = {}): string {
    const p = pathname.startsWith('/') ? pathname : `/${pathname}`;
    return `${opts.https ? 'https' : 'http'}://${host}${p}`;
  }

  /** Origin string as a page on that host would report it. */
  origin(host: string, opts: { https?: boolean } = {}): string {
    return `${opts.https ? 'https' : 'http'}://${host}`;
  }

  get hosts(): string[] {
    return this.servers.hosts;
  }

  isFixtureHost(host: string): boolean {
    return this.servers.isFixtureHost(host);
  }

  /** Serve `host` (routes only) for the rest of this test. */
  addHost(host: string): void {
    if (this.servers.isFixtureHost(host)) return;
    this.servers.addHost(host);
    this.addedHosts.push(host);
  }

  /** Dynamic route for the rest of this test (both http and https). Returns an unroute function. */
  route(host: string, routePath: RoutePath, handler: RouteHandler): () => void {
    if (!this.servers.isFixtureHost(host)) this.addHost(host);
    const off = this.servers.route(host, routePath, handler);
    this.disposers.push(off);
    return off;
  }

  /** Upgrade (WebSocket) route for the rest of this test; the handler owns the raw socket. */
  routeUpgrade(host: string, routePath: RoutePath, handler: UpgradeHandler): () => void {
    if (!this.servers.isFixtureHost(host)) this.addHost(host);
    const off = this.servers.routeUpgrade(host, routePath, handler);
    this.disposers.push(off);
    return off;
  }

  /** Requests the fixture servers answered during this test (all hosts; the sites fixture clears them as a test starts). */
  requests(filter?: { host?: string; path?: string }): ServedRequest[] {
    return this.servers
      .requests()
      .filter((r) => (!filter?.host || r.host === filter.host) && (!filter?.path || r.path === filter.path));
  }

  get httpPort(): number {
    return this.servers.httpPort;
  }

  get httpsPort(): number {
    return this.servers.httpsPort;
  }

  /** @internal called by the fixture at test end. */
  dispose(): void {
    for (const off of this.disposers.splice(0)) off();
    for (const h of this.addedHosts.splice(0)) this.servers.removeHost(h);
  }
}
