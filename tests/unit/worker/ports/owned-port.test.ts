// A port the worker closes itself fails the tRPC calls still waiting on it (worker/ports/owned-port.ts): Chrome fires
// onDisconnect only on the other side, so over the bare port such a call would wait for ever.
import { createTRPCProxyClient } from '@trpc/client';
import { chromeLink } from 'trpc-chrome/link';
import { expect, test } from 'vitest';
import { ownedPort } from '../../../../worker/ports/owned-port';

type Listener = (...args: unknown[]) => void;
function event() {
  const listeners = new Set<Listener>();
  return { addListener: (fn: Listener) => listeners.add(fn), removeListener: (fn: Listener) => listeners.delete(fn), hasListener: (fn: Listener) => listeners.has(fn), fire: (...args: unknown[]) => [...listeners].forEach((fn) => fn(...args)) };
}

/** A chrome.runtime.Port as Chrome behaves: disconnect() on this side fires no onDisconnect here; the other side's does. */
function fakePort() {
  const onMessage = event();
  const onDisconnect = event();
  const sent: unknown[] = [];
  const port = { name: 'worker', postMessage: (m: unknown) => sent.push(m), disconnect: () => undefined, onMessage, onDisconnect };
  return { port: port as unknown as chrome.runtime.Port, sent, otherSideLeft: () => onDisconnect.fire(port) };
}

const settledWithin = async (p: Promise<unknown>) => {
  let settled: 'resolved' | 'rejected' | 'pending' = 'pending';
  p.then(() => (settled = 'resolved'), () => (settled = 'rejected'));
  for (let i = 0; i < 20; i++) await Promise.resolve();
  return settled;
};

test('over the bare port, a call in flight when this side disconnects never settles (why the wrapper exists)', async () => {
  const { port, sent } = fakePort();
  const client = createTRPCProxyClient<never>({ links: [chromeLink({ port })] }) as unknown as { title: { query(): Promise<unknown> } };
  const call = client.title.query();
  await Promise.resolve();
  expect(sent).toHaveLength(1);
  port.disconnect();
  expect(await settledWithin(call)).toBe('pending');
});

test('an owned port fails the calls in flight when this side closes it, and once only', async () => {
  const { port, sent } = fakePort();
  const owned = ownedPort(port);
  const client = createTRPCProxyClient<never>({ links: [chromeLink({ port: owned.port })] }) as unknown as { title: { query(): Promise<unknown> } };
  const call = client.title.query();
  await Promise.resolve();
  expect(sent).toHaveLength(1);
  owned.close();
  owned.close();
  await expect(call).rejects.toThrow(/disconnected/);
});

test("the other side's disconnect still fails them, as before", async () => {
  const { port, otherSideLeft } = fakePort();
  const owned = ownedPort(port);
  const client = createTRPCProxyClient<never>({ links: [chromeLink({ port: owned.port })] }) as unknown as { title: { query(): Promise<unknown> } };
  const call = client.title.query();
  await Promise.resolve();
  otherSideLeft();
  await expect(call).rejects.toThrow(/disconnected/);
});
