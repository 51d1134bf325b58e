// network:observe in the worker: what the recorder reports is untrusted page data. Only a relay the browser
// places in a page's top frame is heard; entries are parsed and kept only for hosts a remixlet there was
// granted, bounded per host; each reaches only sandboxes of that same document that observe its host.
import { freshWorker } from '../fresh-worker';
import { beforeEach, describe, expect, it } from 'vitest';
import { rootRouter } from '../../../../worker/ports/router';
import { trackPage, type PageRecord } from '../../../../worker/pages/pages';
import { tokens } from '../../../../worker/ports/tokens';
import { decide, save } from '../../../../worker/activation/activation';
import { createApproval } from '../../../../worker/activation/approvals';
import { subscribeOffscreen } from '../../../../worker/ports/offscreen-host';
import { deliveriesSettled, onRecorderMessage } from '../../../../worker/services/observe';
import type { OffscreenCommand } from '../../../../contracts/boundaries/offscreen-worker';

const TAB = 9;
const offscreen = (rootRouter.createCaller({ role: 'offscreen', sender: undefined }) as unknown as { offscreen: Record<string, (i: unknown) => Promise<unknown>> }).offscreen;
const sent: OffscreenCommand[] = [];
subscribeOffscreen((cmd) => sent.push(cmd));

const sender = (documentId: string, over: Partial<chrome.runtime.MessageSender> = {}): chrome.runtime.MessageSender => ({
  id: 'testextensionid',
  tab: { id: TAB } as chrome.tabs.Tab,
  frameId: 0,
  documentId,
  url: 'https://shop.test/',
  origin: 'https://shop.test',
  ...over,
});
const entry = (url: string, body = '{"price":1}') => ({ via: 'fetch', url, method: 'GET', status: 200, contentType: 'application/json', body, truncated: false, at: 1 });
/** Sends as the relay would, and lets the worker finish what it does after answering. */
const ask = async (message: unknown, from: chrome.runtime.MessageSender) => {
  const answer = await new Promise<unknown>((resolve) => {
    const handled = onRecorderMessage(message, from, resolve);
    if (!handled) resolve('not handled');
  });
  await deliveriesSettled();
  return answer;
};
const delivered = () =>
  sent.flatMap((c) => (c.type === 'event' && c.event.kind === 'event' && c.event.event.type === 'network' ? [{ sandboxId: c.sandboxId, entry: JSON.parse(c.event.event.value!) as { url: string } }] : []));

async function install(permissions: string[]): Promise<string> {
  const card = await createApproval({ kind: 'permissions', tabId: TAB, site: 'shop.test', rows: [], permissionNames: permissions, reasons: [], sites: ['shop.test'] });
  await decide(card.approvalId, true);
  const manifest = JSON.stringify({ name: 'Observer', matches: ['*://shop.test/*'], permissions: permissions.map((name) => ({ name, reason: 'test' })) });
  const result = await save(TAB, undefined, { 'manifest.json': manifest });
  if (result.status !== 'activated') throw new Error(JSON.stringify(result));
  return result.remixletId;
}

function page(documentId: string): PageRecord {
  const agent = { status: async () => ({ url: 'https://shop.test/', title: 't', readyState: 'complete' as const }), release: async () => ({ released: true }), insertStyle: async () => ({}), events: () => ({ unsubscribe() {} }) };
  return { tabId: TAB, documentId, url: 'https://shop.test/', readyState: 'complete', connect() {}, close() {}, agent: agent as unknown as PageRecord['agent'] };
}

let remixletId: string;
beforeEach(async () => {
  await freshWorker(TAB, 'https://shop.test/');
  sent.length = 0;
  trackPage(page('doc-a'));
  remixletId = await install(['network:observe:api.test']);
});

describe('the recorder relay', () => {
  it('hears only a relay in the top frame of a web page, of this extension', async () => {
    const hello = { kind: 'rmx-recorder', type: 'hello' };
    expect(await ask(hello, sender('doc-a', { frameId: 3 }))).toBeUndefined();
    expect(await ask(hello, sender('doc-a', { id: 'otherextension' }))).toBeUndefined();
    expect(await ask(hello, sender('doc-a', { url: 'chrome-extension://testextensionid/panel/panel.html' }))).toBeUndefined();
    expect(await ask({ kind: 'something else' }, sender('doc-a'))).toBe('not handled');
    expect(await ask(hello, sender('doc-a'))).toMatchObject({ hosts: ['api.test'] });
  });

  it('keeps only parsed entries from granted hosts, a bounded number, and replays them to a new observer', async () => {
    const entries = [entry('https://api.test/v1/prices'), entry('https://other.test/private'), entry('https://api.test/x', 'x'.repeat(70_000)), { ...entry('https://api.test/y'), extra: 'field' }];
    await ask({ kind: 'rmx-recorder', type: 'entries', entries }, sender('doc-a'));
    // The whole message fails to parse when one entry is malformed: nothing of it is kept.
    const { token, record } = await tokens.issue({ remixletId, tabId: TAB, frameId: 0, documentId: 'doc-a' });
    await offscreen.networkObserve!({ token, call: { host: 'api.test', listener: 'rmx-observe:1' } });
    expect(delivered()).toEqual([]);
    await ask({ kind: 'rmx-recorder', type: 'entries', entries: [entry('https://api.test/v1/prices'), entry('https://other.test/private')] }, sender('doc-a'));
    expect(delivered().map((d) => d.entry.url)).toEqual(['https://api.test/v1/prices']);
    expect(delivered()[0]!.sandboxId).toBe(record.sandboxId);
    for (let i = 0; i < 3; i++) {
      await ask({ kind: 'rmx-recorder', type: 'entries', entries: Array.from({ length: 20 }, (_, j) => entry(`https://api.test/n/${i * 20 + j}`)) }, sender('doc-a'));
    }
    sent.length = 0;
    const late = await tokens.issue({ remixletId, tabId: TAB, frameId: 0, documentId: 'doc-a' });
    await offscreen.networkObserve!({ token: late.token, call: { host: 'api.test', listener: 'rmx-observe:1' } });
    const replayed = delivered().filter((d) => d.sandboxId === late.record.sandboxId).map((d) => d.entry.url);
    expect(replayed).toHaveLength(20);
    expect(replayed.at(-1)).toBe('https://api.test/n/59');
  });

  it("never hands one document's responses to a sandbox of another", async () => {
    trackPage(page('doc-c'));
    const { token } = await tokens.issue({ remixletId, tabId: TAB, frameId: 0, documentId: 'doc-c' });
    await offscreen.networkObserve!({ token, call: { host: 'api.test', listener: 'rmx-observe:1' } });
    await ask({ kind: 'rmx-recorder', type: 'entries', entries: [entry('https://api.test/from-d')] }, sender('doc-d'));
    expect(delivered()).toEqual([]);
    await ask({ kind: 'rmx-recorder', type: 'entries', entries: [entry('https://api.test/from-c')] }, sender('doc-c'));
    expect(delivered().map((d) => d.entry.url)).toEqual(['https://api.test/from-c']);
  });

  it('refuses to observe a host the remixlet was not granted', async () => {
    const { token } = await tokens.issue({ remixletId, tabId: TAB, frameId: 0, documentId: 'doc-a' });
    await expect(offscreen.networkObserve!({ token, call: { host: 'other.test', listener: 'rmx-observe:2' } })).rejects.toThrow(/PERMISSION_MISSING/);
  });

  it('stops one observer of its own sandbox: nothing more reaches it, while its other observer and other sandboxes still hear', async () => {
    const mine = await tokens.issue({ remixletId, tabId: TAB, frameId: 0, documentId: 'doc-a' });
    const other = await tokens.issue({ remixletId, tabId: TAB, frameId: 0, documentId: 'doc-a' });
    await offscreen.networkObserve!({ token: mine.token, call: { host: 'api.test', listener: 'rmx-observe:1' } });
    await offscreen.networkObserve!({ token: mine.token, call: { host: 'api.test', listener: 'rmx-observe:2' } });
    await offscreen.networkObserve!({ token: other.token, call: { host: 'api.test', listener: 'rmx-observe:1' } });
    // Another sandbox cannot stop this one's observer by naming its listener.
    await offscreen.networkStop!({ token: other.token, call: { listener: 'rmx-observe:2' } });
    await offscreen.networkStop!({ token: mine.token, call: { listener: 'rmx-observe:1' } });
    sent.length = 0;
    await ask({ kind: 'rmx-recorder', type: 'entries', entries: [entry('https://api.test/after-stop')] }, sender('doc-a'));
    const heard = sent.flatMap((c) => (c.type === 'event' && c.event.kind === 'event' ? [`${c.sandboxId === mine.record.sandboxId ? 'mine' : 'other'} ${c.event.listener}`] : []));
    expect(heard.sort()).toEqual(['mine rmx-observe:2', 'other rmx-observe:1']);
  });
});
