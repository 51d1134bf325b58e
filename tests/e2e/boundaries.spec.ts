// Real ports, real senders: a port from an unexpected sender is closed, a malformed message gets a typed
// refusal, and neither changes anything stored.
import { test, expect } from './harness';
import { install, manifest, openPanel, uiCall } from './remixlet';

test('ports from the wrong sender are closed; malformed messages are refused and change nothing', async ({ openPage, openExtensionPage, tabIdOf, evaluateInOffscreen }) => {
  const page = await openPage('shop.test', '/index.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  await install(panel, tabId, { 'manifest.json': manifest({ name: 'Keeper', matches: ['*://shop.test/*'] }), 'script.js': 'rmx.log("ok")' });
  const before = await uiCall<Array<{ id: string; version: number }>>(panel, 'list', {}, 'query');

  // The offscreen document claiming to be the UI, and the panel claiming to be the offscreen host.
  const closedFromOffscreen = await evaluateInOffscreen<boolean>(`new Promise((resolve) => {
    const port = chrome.runtime.connect({ name: 'ui' });
    port.onDisconnect.addListener(() => resolve(true));
    port.postMessage({ trpc: { id: 1, method: 'mutation', params: { path: 'ui.remove', input: { remixletId: ${JSON.stringify(before[0]!.id)} } } } });
    setTimeout(() => resolve(false), 3000);
  })`);
  expect(closedFromOffscreen).toBe(true);
  const closedFromPanel = await panel.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const port = chrome.runtime.connect({ name: 'offscreen' });
        port.onDisconnect.addListener(() => resolve(true));
        setTimeout(() => resolve(false), 3000);
      }),
  );
  expect(closedFromPanel).toBe(true);

  // Malformed messages on an admitted port: each gets a typed refusal.
  const replies = await panel.evaluate(async () => {
    const port = chrome.runtime.connect({ name: 'ui' });
    const got: unknown[] = [];
    port.onMessage.addListener((m) => got.push(m));
    for (const bad of ['garbage', 42, null, [], { trpc: 'x' }, { trpc: { id: 9, method: 'delete', params: { path: 'ui.remove' } } }, { trpc: { id: 10, method: 'mutation', params: { path: 'ui.remove', input: { remixletId: '../../x' } } } }]) {
      port.postMessage(bad);
    }
    port.postMessage({ trpc: { id: 11, method: 'mutation', params: { path: 'ui.save', input: { tabId: 1, files: { 'manifest.json': 'x'.repeat(2_000_000) } } } } });
    // Every message gets its answer; the 2 MB one can take over a second on a loaded machine. A missing answer
    // shows as too few replies below.
    for (const end = Date.now() + 10_000; got.length < 8 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    port.disconnect();
    return got as Array<{ trpc?: { id?: unknown; error?: { data?: { refusal?: { code: string } } }; result?: { data?: { status?: string; refusals?: Array<{ code: string }> } } } }>;
  });
  const errors = replies.filter((r) => r.trpc?.id !== 11).map((r) => r.trpc?.error?.data?.refusal?.code);
  expect(errors).toHaveLength(7);
  expect(errors.every((c) => c === 'MALFORMED_MESSAGE')).toBe(true);
  // An oversized file is a well-formed request: it is answered with the save's own typed refusal.
  const huge = replies.find((r) => r.trpc?.id === 11)?.trpc;
  expect(huge?.error?.data?.refusal?.code ?? huge?.result?.data?.refusals?.[0]?.code).toMatch(/FILE_TOO_LARGE|MALFORMED_MESSAGE|NOT_FOUND/);

  const after = await uiCall<Array<{ id: string; version: number }>>(panel, 'list', {}, 'query');
  expect(after).toEqual(before);
});
