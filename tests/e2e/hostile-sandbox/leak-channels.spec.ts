// Hostile remixlets against the witnesses: every network channel of the leak corpus that remixlet code
// could reach, from the runtime realm and from workers it starts, and every trick to get the real globals
// back (and use them). The witnesses record nothing from them, while the same channels used from an
// ordinary page in the same browser are recorded. Which probe threw, and with what, is in each remixlet's log.
import { test as base, expect, PrivateUdpWitness, DIRECT_TCP_PORT, WITNESS_IP } from '../harness';
import { DIRECT, NESTED, PORT_FLOOD, RECOVER, withPrivateUdpPort } from './probes';
import { expectLive, installOn, probeResults, waitForLog, type ProbeResult } from './kit';
import { NETWORK_CONTROLS, privateHits, runControls, webTransportControl } from './controls';
import { SATURATES } from '../harness/tags';

/**
 * A UDP witness of this test's own, on an ephemeral port, on the browser's proxy bypass list: WebTransport
 * (QUIC) cannot go through the HTTP proxy, so Chromium sends it only to a direct destination. The browser
 * launches after it, so the port can join the bypass list (a later switch wins over the harness's own).
 */
const test = base.extend<{ privateUdp: PrivateUdpWitness }>({
  // eslint-disable-next-line no-empty-pattern
  privateUdp: async ({}, use) => {
    const udp = await PrivateUdpWitness.start();
    await use(udp);
    await udp.close();
  },
  extraChromiumArgs: async ({ privateUdp }, use) => {
    await use([`--proxy-bypass-list=<-loopback>;${WITNESS_IP}:${DIRECT_TCP_PORT};${WITNESS_IP}:${privateUdp.port}`]);
  },
});

const pick = (results: Map<string, ProbeResult>, id: string) => {
  const r = results.get(id);
  expect(r, `probe "${id}" reported`).toBeDefined();
  return r!;
};

test('no channel reaches a witness from remixlet code, its workers or recovered globals; the same channels from a page do', { tag: SATURATES }, async ({
  openPage,
  openExtensionPage,
  tabIdOf,
  evaluateInOffscreen,
  witness,
  privateUdp: udp,
}) => {
  test.setTimeout(180_000);
  // WebTransport is aimed at this test's own UDP witness too (besides the shared one): a datagram there is
  // this test's by construction, so its control can run beside the other worker's tests.
  test.info().annotations.push({ type: 'private UDP witness', description: `${WITNESS_IP}:${udp.port}` });
  const page = await openPage('news.test', '/index.html');
  const { panel, ids } = await installOn(page, tabIdOf, openExtensionPage, [
    { name: 'Direct', matches: ['*://news.test/*'], script: withPrivateUdpPort(DIRECT, udp.port) },
    { name: 'Nested', matches: ['*://news.test/*'], script: withPrivateUdpPort(NESTED, udp.port) },
    { name: 'Recover', matches: ['*://news.test/*'], script: withPrivateUdpPort(RECOVER, udp.port) },
    { name: 'Port flood', matches: ['*://news.test/*'], script: PORT_FLOOD },
  ]);
  const [direct, nested, recover, flood] = ids as [string, string, string, string];
  await witness.clear();

  const d = await probeResults(panel, direct, 'direct');
  const inWorker = await probeResults(panel, nested, 'in-worker', 30_000);
  const n = await probeResults(panel, nested, 'nested');
  const r = await probeResults(panel, recover, 'recover');
  test.info().annotations.push(
    ...[d, inWorker, n, r].flatMap((m) => [...m.values()].map((p) => ({ type: `probe ${p.outcome}`, description: `${p.id}: ${p.detail}` }))),
  );

  if (process.env.PROBE_DEBUG) for (const m of [d, inWorker, n, r]) for (const p of m.values()) console.log(`${p.outcome.padEnd(5)} ${p.id}: ${p.detail}`);
  // Every network probe failed, in both realms, at the replaced global or the sandbox's policy.
  for (const results of [d, inWorker]) {
    for (const id of [
      'fetch http', 'fetch https', 'fetch ip literal (direct TCP)', 'XMLHttpRequest', 'sendBeacon', 'WebSocket ws', 'WebSocket wss', 'EventSource',
      'WebTransport (QUIC to the UDP witness)', "WebTransport (QUIC to this test's own UDP witness)", 'RTCPeerConnection STUN/TURN', 'webkitRTCPeerConnection', 'dynamic import remote', 'importScripts remote',
      'Worker from a remote address', 'Worker from data:', 'SharedWorker', 'service worker', 'FontFace', 'window.open', 'document (links, forms, frames, images, CSS)', 'Image',
    ]) {
      expect(pick(results, id).outcome, `${id}: ${pick(results, id).detail}`).toBe('threw');
    }
    expect(pick(results, 'RTC* constructors left').detail).toBe('none');
  }
  expect(pick(d, 'fetch http').detail).toMatch(/use rmx\.fetch with a fetch:<host> permission/);
  expect(pick(inWorker, 'fetch http').detail).toMatch(/use rmx\.fetch with a fetch:<host> permission/);
  expect(pick(inWorker, 'a worker started by a worker').detail).toMatch(/fetch is not available in a remixlet/);
  expect(pick(n, 'nested worker').outcome).toBe('ran');
  expect(pick(d, 'postMessage to the embedder, forged boot').detail).toMatch(/cannot talk to other contexts/);

  // No recovery trick found a real network or WebRTC global, and none built code from text.
  expect(pick(r, 'prototype walk').detail).toBe('nothing');
  expect(pick(r, 'recovered and used').detail).toBe('nothing');
  expect(pick(r, 'interface prototypes').detail).toBe('WorkerGlobalScope: DedicatedWorkerGlobalScope: EventTarget:');
  for (const id of ['descriptor getter', 'Reflect.get', 'Image().ownerDocument', 'URL.createObjectURL replaced back', 'dom and rmx are frozen']) expect(pick(r, id).outcome, id).toBe('threw');
  for (const id of ['Function via constructor chain', 'AsyncFunction', 'GeneratorFunction', 'AsyncGeneratorFunction', 'eval']) {
    expect(pick(r, id).detail, id).toMatch(/^EvalError: .*Content Security Policy/);
  }
  expect(pick(r, 'string timer').detail).toMatch(/^TypeError: Timers take a function/);
  expect(pick(r, 'this in a timer callback').detail).toBe('the worker global');
  // A listener's `this` is the event target; no document behind it.
  expect(pick(r, 'globalThis through a listener').detail).toBe('undefined 1 undefined');
  expect(pick(r, 'window is a stand-in').detail).toBe('null undefined undefined location+title');
  expect(pick(r, 'Worker.prototype.constructor').detail).toMatch(/^true function Worker\(/);
  expect(pick(r, 'native Worker through an instance').detail).toBe('only the wrapper');

  // The port itself is out of reach; Comlink's stand-in for it is not. Through it nothing reaches the offscreen
  // document's prototypes or its Function constructor, and only plain calls of the host's own methods get an answer.
  expect(pick(r, 'port stolen').detail).toBe('no');
  expect(pick(r, 'Comlink endpoint stolen').detail).toBe('a stand-in');
  expect(await evaluateInOffscreen(`[Object.prototype.remixletPolluted, Function.prototype.remixletPolluted, ({}).remixletPolluted].map(String).join()`)).toBe('undefined,undefined,undefined');
  for (const id of ['Comlink GET of the host', 'Comlink SET on Object.prototype', 'Comlink SET on Function.prototype', 'Comlink APPLY Function', 'Comlink CONSTRUCT', 'Comlink ENDPOINT', 'Comlink APPLY with a proxy argument']) {
    expect(pick(r, id).detail, id).toBe('no answer');
  }
  expect(pick(r, 'Comlink APPLY log, well formed').detail).toMatch(/"ok":true/);
  await waitForLog(panel, recover, /a message that is not a plain call of one of the host's methods \(.*\); it was dropped/);

  // A sandbox that floods its port is torn down; the others keep running.
  await waitForLog(panel, flood, /sandbox ended: it sent more than 2000 messages in a second on its rpc port/);
  await expectLive(evaluateInOffscreen, [direct, nested, recover]);

  await witness.expectNoHits({ settleMs: 1_500 });
  expect(privateHits(udp, witness.tag), "datagrams at this test's own UDP witness").toEqual([]);

  // The same channels from an ordinary page in this browser: each one is seen.
  const controls = [...NETWORK_CONTROLS, webTransportControl(udp.port)];
  const seen = await runControls(page, witness, controls, { privateUdp: udp });
  for (const c of controls) expect(seen[c.channel], `control "${c.channel}" seen`).toBeGreaterThan(0);
});
