import dgram from 'node:dgram';
import { readFile, readdir, readlink } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Raw socket witnesses on fixed loopback ports. They catch traffic that does not go through
 * the proxy: WebRTC (STUN/TURN over UDP and TCP ignore --host-resolver-rules and may bypass the
 * proxy) and anything else that opens a socket to an IP literal.
 *
 * The ports are fixed so hostile code can hard-code them (`stun:127.0.0.1:3478`). Because two
 * Playwright workers run browsers at the same time, the witnesses live once per test run (started
 * by globalSetup, shared by all workers over a small HTTP control endpoint), and every hit is
 * attributed to the Chromium that sent it: the sender's socket inode is looked up in
 * /proc/net/{tcp,udp}[6], its owning process in /proc/<pid>/fd, and that process (or its
 * ancestor, the browser process) carries REMIXLET_E2E_TAG in its environment (set per browser
 * context by the harness). A hit whose owner cannot be found is reported to every test that asks
 * (never silently dropped).
 */

export const TAG_ENV = 'REMIXLET_E2E_TAG';
export const HUB_ENV = 'REMIXLET_E2E_WITNESS_HUB';

export const WITNESS_IP_ENV = 'REMIXLET_E2E_WITNESS_IP';
/**
 * The loopback address of this run's witnesses. globalSetup takes the first of 127.0.0.1, .2, … whose fixed
 * ports are free (or the one REMIXLET_E2E_WITNESS_IP names) and hands it to the workers through that
 * variable, so a second copy of the suite running at the same time gets witnesses of its own. Every hostile
 * probe names this address, never a literal one, or its traffic would reach the other run's witnesses.
 */
export const WITNESS_IP = process.env[WITNESS_IP_ENV] ?? '127.0.0.1';
/** The addresses globalSetup tries, in order. */
export const WITNESS_IP_CANDIDATES = Array.from({ length: 16 }, (_, i) => `127.0.0.${i + 1}`);
/** TCP: TURN (3478), TURNS (5349), an arbitrary high port. */
export const TCP_WITNESS_PORTS = [3478, 5349, 47474] as const;
/** UDP: STUN/TURN (3478), Google's STUN port (19302), an arbitrary high port. */
export const UDP_WITNESS_PORTS = [3478, 19302, 47474] as const;
/**
 * The one TCP witness port on Chromium's proxy bypass list: http://127.0.0.1:47474/ (and TURN
 * to it) connects directly, which is how witness.control() proves the raw TCP witness sees.
 */
export const DIRECT_TCP_PORT = 47474;

export interface SocketHit {
  seq: number;
  time: number;
  channel: 'tcp' | 'udp';
  /** Witness port that was hit. */
  port: number;
  /** Sender address and port as seen by the witness. */
  from: { address: string; port: number };
  /** Bytes received (datagram size for UDP; first bytes of the stream for TCP). */
  bytes: number;
  /** Hex of the first bytes (a STUN binding request starts with 0001). */
  preview: string;
  /** Owning process, if found. */
  pid?: number;
  /** REMIXLET_E2E_TAG of the owning process; undefined = not attributable (shown to everyone). */
  tag?: string;
  /** Why attribution failed, if it did. */
  attribution?: string;
}

interface SocketEntry {
  inode: string;
  localPort: number;
  remotePort: number;
}

async function readSocketTable(file: string): Promise<SocketEntry[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  const out: SocketEntry[] = [];
  for (const line of text.split('\n').slice(1)) {
    const cols = line.trim().split(/\s+/);
    if (cols.length < 10) continue;
    const local = cols[1] ?? '';
    const remote = cols[2] ?? '';
    out.push({
      localPort: parseInt(local.split(':')[1] ?? '0', 16),
      remotePort: parseInt(remote.split(':')[1] ?? '0', 16),
      inode: cols[9] ?? '0',
    });
  }
  return out;
}

/**
 * Processes that carry REMIXLET_E2E_TAG themselves or descend from one that does, with the tag.
 * (Chromium starts its zygotes with a scrubbed environment, so the network service and the
 * renderers do not inherit the variable; their ancestor, the browser process, has it.)
 */
async function taggedProcesses(): Promise<Map<number, string>> {
  const own = new Map<number, string>();
  const parent = new Map<number, number>();
  const pids = (await readdir('/proc')).filter((d) => /^\d+$/.test(d)).map(Number);
  await Promise.all(
    pids.map(async (pid) => {
      try {
        const stat = await readFile(`/proc/${pid}/stat`, 'latin1');
        // "pid (comm) state ppid ..." — comm may contain spaces/parens, so split after the last ')'.
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        parent.set(pid, ppid);
        const env = await readFile(`/proc/${pid}/environ`, 'latin1');
        const i = env.indexOf(`${TAG_ENV}=`);
        if (i < 0 || (i > 0 && env[i - 1] !== '\0')) return;
        const end = env.indexOf('\0', i);
        own.set(pid, env.slice(i + TAG_ENV.length + 1, end < 0 ? undefined : end));
      } catch {
        /* process gone or not readable */
      }
    }),
  );
  const result = new Map<number, string>();
  for (const pid of parent.keys()) {
    let p: number | undefined = pid;
    for (let depth = 0; p !== undefined && p > 1 && depth < 32; depth++) {
      const tag = own.get(p);
      if (tag !== undefined) {
        result.set(pid, tag);
        break;
      }
      p = parent.get(p);
    }
  }
  return result;
}

async function ownerOfInode(inode: string, candidates: Map<number, string>): Promise<number | undefined> {
  const needle = `socket:[${inode}]`;
  for (const pid of candidates.keys()) {
    let fds: string[];
    try {
      fds = await readdir(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if ((await readlink(`/proc/${pid}/fd/${fd}`)) === needle) return pid;
      } catch {
        /* fd closed meanwhile */
      }
    }
  }
  return undefined;
}

/**
 * Finds which tagged process owns the sender socket. For TCP the sender's entry has
 * local port = sender port and remote port = witness port; for UDP only the local port is known.
 */
export async function attribute(
  channel: 'tcp' | 'udp',
  senderPort: number,
  witnessPort: number,
): Promise<{ pid?: number; tag?: string; attribution?: string }> {
  if (process.platform !== 'linux') return { attribution: 'not linux: /proc unavailable' };
  const tables = channel === 'tcp' ? ['/proc/net/tcp', '/proc/net/tcp6'] : ['/proc/net/udp', '/proc/net/udp6'];
  const entries = (await Promise.all(tables.map(readSocketTable))).flat();
  const inodes = entries
    .filter((e) => e.localPort === senderPort && (channel === 'udp' || e.remotePort === witnessPort))
    .map((e) => e.inode)
    .filter((i) => i !== '0');
  if (inodes.length === 0) return { attribution: `no ${channel} socket with local port ${senderPort}` };
  const tagged = await taggedProcesses();
  for (const inode of new Set(inodes)) {
    const pid = await ownerOfInode(inode, tagged);
    if (pid !== undefined) return { pid, tag: tagged.get(pid) ?? '' };
  }
  return { attribution: `socket inode ${inodes.join(',')} not owned by a tagged browser process` };
}

const STUN_MAGIC_COOKIE = 0x2112a442;

/**
 * RFC 5389 Binding success response (XOR-MAPPED-ADDRESS = the sender) to a Binding request, or
 * undefined for anything else (TURN allocations and other datagrams go unanswered).
 */
export function stunBindingSuccess(msg: Buffer, from: { address: string; port: number }): Buffer | undefined {
  if (msg.length < 20 || msg.readUInt16BE(0) !== 0x0001 || msg.readUInt32BE(4) !== STUN_MAGIC_COOKIE) return undefined;
  const octets = from.address.split('.').map(Number);
  if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255)) return undefined;
  const out = Buffer.alloc(32);
  out.writeUInt16BE(0x0101, 0); // Binding success response
  out.writeUInt16BE(12, 2); // one attribute: 4 header + 8 value
  msg.copy(out, 4, 4, 20); // magic cookie and transaction id, echoed
  out.writeUInt16BE(0x0020, 20); // XOR-MAPPED-ADDRESS
  out.writeUInt16BE(8, 22);
  out.writeUInt8(0x01, 25); // IPv4
  out.writeUInt16BE(from.port ^ (STUN_MAGIC_COOKIE >>> 16), 26);
  const ip = ((octets[0]! << 24) | (octets[1]! << 16) | (octets[2]! << 8) | octets[3]!) >>> 0;
  out.writeUInt32BE((ip ^ STUN_MAGIC_COOKIE) >>> 0, 28);
  return out;
}

/** Another run (another copy of the suite) holds the fixed witness ports on this address. */
export class WitnessPortsTaken extends Error {}

/** The fixed-port TCP/UDP witnesses plus their hit log. One per test run. */
export class SocketWitnesses {
  constructor(readonly ip: string = WITNESS_IP) {}
  private readonly hitsLog: SocketHit[] = [];
  private readonly pending = new Set<Promise<void>>();
  private readonly tcpServers: net.Server[] = [];
  private readonly udpSockets: dgram.Socket[] = [];
  private readonly sockets = new Set<Socket>();
  private seq = 0;

  async start(): Promise<void> {
    try {
      for (const port of TCP_WITNESS_PORTS) {
        const server = net.createServer((sock) => this.onTcp(sock, port));
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, this.ip, () => resolve());
        });
        this.tcpServers.push(server);
      }
      for (const port of UDP_WITNESS_PORTS) {
        const sock = dgram.createSocket('udp4');
        sock.on('message', (msg, rinfo) => this.onUdp(msg, rinfo, port, sock));
        await new Promise<void>((resolve, reject) => {
          sock.once('error', reject);
          sock.bind(port, this.ip, () => resolve());
        });
        this.udpSockets.push(sock);
      }
    } catch (err) {
      await this.close();
      const e = err as NodeJS.ErrnoException;
      if (e.code === 'EADDRINUSE') {
        throw new WitnessPortsTaken(
          `witness port in use (${e.message}). Another harness process owns the fixed witness ports; ` +
            `run through tests/e2e/playwright.config.ts (its globalSetup starts one shared witness hub) ` +
            `or stop the other run.`,
          { cause: err },
        );
      }
      throw err;
    }
  }

  /** Records a hit; the promise settles once its sender has been looked up (or could not be). */
  private push(hit: Omit<SocketHit, 'seq' | 'time' | 'pid' | 'tag' | 'attribution'>): Promise<void> {
    const rec: SocketHit = { seq: ++this.seq, time: Date.now(), ...hit };
    this.hitsLog.push(rec);
    const p = attribute(hit.channel, hit.from.port, hit.port)
      .then((a) => Object.assign(rec, a))
      .catch((err: unknown) => {
        rec.attribution = `attribution failed: ${String(err)}`;
      })
      .then(() => {
        this.pending.delete(p);
      });
    this.pending.add(p);
    return p;
  }

  private onTcp(sock: Socket, port: number): void {
    this.sockets.add(sock);
    const from = { address: sock.remoteAddress ?? '', port: sock.remotePort ?? 0 };
    let first: Buffer | undefined;
    // Record on accept (the sender's socket is alive now, so attribution works); add the
    // first bytes if they arrive promptly.
    const rec = { channel: 'tcp' as const, port, from, bytes: 0, preview: '' };
    const attributed = this.push(rec);
    const entry = this.hitsLog[this.hitsLog.length - 1];
    sock.on('data', (chunk: Buffer) => {
      if (!first) {
        first = chunk;
        if (entry) {
          entry.bytes = chunk.length;
          entry.preview = chunk.subarray(0, 32).toString('hex');
        }
      }
    });
    sock.on('error', () => undefined);
    sock.on('close', () => this.sockets.delete(sock));
    // Held open until its sender is known: on a loaded machine (two suites at once) the /proc walk has taken
    // longer than the idle timeout, and a socket closed first can no longer be attributed.
    sock.setTimeout(5000, () => void attributed.finally(() => sock.destroy()));
  }

  private onUdp(msg: Buffer, rinfo: dgram.RemoteInfo, port: number, sock: dgram.Socket): void {
    this.push({
      channel: 'udp',
      port,
      from: { address: rinfo.address, port: rinfo.port },
      bytes: msg.length,
      preview: msg.subarray(0, 32).toString('hex'),
    });
    // Answered so that a peer connection stops retransmitting: a request resent just before its
    // connection closes arrives after its socket is gone, cannot be attributed, and would be shown
    // to the test running in the other worker. The hit is recorded above either way.
    const reply = stunBindingSuccess(msg, rinfo);
    if (reply) sock.send(reply, rinfo.port, rinfo.address);
  }

  /** All hits after `sinceSeq`, once pending attributions have finished. */
  async hits(sinceSeq = 0): Promise<SocketHit[]> {
    while (this.pending.size) await Promise.all([...this.pending]);
    return this.hitsLog.filter((h) => h.seq > sinceSeq).map((h) => ({ ...h, from: { ...h.from } }));
  }

  get lastSeq(): number {
    return this.seq;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await Promise.all(this.tcpServers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
    await Promise.all(this.udpSockets.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
  }
}

/** Access to the socket witnesses, in-process or over the hub's HTTP endpoint. */
export interface SocketWitnessClient {
  hits(sinceSeq?: number): Promise<SocketHit[]>;
  lastSeq(): Promise<number>;
  close(): Promise<void>;
}

/** Serves a SocketWitnesses instance on an ephemeral loopback port (used by globalSetup). */
export async function serveHub(w: SocketWitnesses): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://hub');
    if (u.pathname === '/hits') {
      void w.hits(Number(u.searchParams.get('since') ?? '0')).then((h) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(h));
      });
    } else if (u.pathname === '/seq') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(w.lastSeq));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

function getJson<T>(url: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as T);
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)));
          }
        });
      })
      .on('error', reject);
  });
}

/**
 * Connects to the run-wide hub started by globalSetup (HUB_ENV), or, when the harness is used
 * without that config, starts the witnesses in this process (fails if the ports are taken).
 */
export async function connectSocketWitnesses(): Promise<SocketWitnessClient> {
  const hub = process.env[HUB_ENV];
  if (hub) {
    return {
      hits: (since = 0) => getJson<SocketHit[]>(`${hub}/hits?since=${since}`),
      lastSeq: () => getJson<number>(`${hub}/seq`),
      close: async () => undefined,
    };
  }
  const local = new SocketWitnesses();
  await local.start();
  return {
    hits: (since = 0) => local.hits(since),
    lastSeq: async () => local.lastSeq,
    close: () => local.close(),
  };
}

/**
 * A UDP witness of one test's own, on an ephemeral loopback port that only that test knows (and hands to
 * the code it runs). Its hits need no /proc attribution, since nothing else sends there. The shared fixed
 * ports cannot attribute a datagram whose socket closed before it arrived: WebTransport's last QUIC
 * retransmission races its socket's closing, so on them it would count for every test running at the time.
 */
export class PrivateUdpWitness {
  private readonly log: SocketHit[] = [];
  private seq = 0;

  private constructor(
    private readonly socket: dgram.Socket,
    readonly port: number,
  ) {
    socket.on('message', (msg, rinfo) => {
      this.log.push({
        seq: ++this.seq,
        time: Date.now(),
        channel: 'udp',
        port,
        from: { address: rinfo.address, port: rinfo.port },
        bytes: msg.length,
        preview: msg.subarray(0, 32).toString('hex'),
      });
    });
  }

  static async start(): Promise<PrivateUdpWitness> {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, WITNESS_IP, () => resolve());
    });
    return new PrivateUdpWitness(socket, socket.address().port);
  }

  /** Every datagram received so far (copies). */
  hits(): SocketHit[] {
    return this.log.map((h) => ({ ...h, from: { ...h.from } }));
  }

  clear(): void {
    this.log.length = 0;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}
