// The worker's grant middleware, called through tRPC's caller exactly as the offscreen port would call
// it: every forged or misplaced call is refused with a typed reason, and the refusal lands in the log.
import { freshWorker } from '../fresh-worker';
import { calls } from '../chrome-stub';
import { beforeEach, describe, expect, it } from 'vitest';
import { rootRouter } from '../../../../worker/ports/router';
import { documentCommittedIn, pageWhenThere, tabGone, trackPage, type PageRecord } from '../../../../worker/pages/pages';
import { tokens } from '../../../../worker/ports/tokens';
import { save } from '../../../../worker/activation/activation';
import { decide } from '../../../../worker/activation/activation';
import { createApproval } from '../../../../worker/activation/approvals';
import { setSitePaused } from '../../../../worker/store/settings';
import { setOffInTab } from '../../../../worker/pages/tab-off';
import { readLog } from '../../../../worker/store/logs';
import { db } from '../../../../worker/store/db';
import { refusalCode } from '../../refusal-code';
import { pageRecord } from '../page-record';
import type { DomOp, OpResult } from '../../../../contracts/dom/ops';

const TAB = 7;
type Caller = { offscreen: Record<string, (input: unknown) => Promise<unknown>>; ui: Record<string, (input: unknown) => Promise<unknown>> };
const offscreen = rootRouter.createCaller({ role: 'offscreen', sender: undefined }) as unknown as Caller;
const fromUi = rootRouter.createCaller({ role: 'ui', sender: undefined }) as unknown as typeof offscreen;

const execCalls: Array<{ remixlet: { id: string }; ops: DomOp[] }> = [];
function page(documentId: string, url: string): PageRecord {
  return pageRecord(TAB, documentId, url, async (input: { remixlet: { id: string }; ops: DomOp[] }) => {
    execCalls.push(input);
    return { batch: execCalls.length, results: input.ops.map((): OpResult => ({ ok: true, value: 'done' })) };
  });
}

function manifest(name: string, permissions: Array<{ name: string; reason: string }> = []) {
  return JSON.stringify({ name, description: 'test', matches: ['*://shop.test/*'], runAt: 'document_idle', permissions });
}

async function install(name: string, permissions: Array<{ name: string; reason: string }> = []): Promise<string> {
  if (permissions.length) {
    const card = await createApproval({
      kind: 'permissions',
      tabId: TAB,
      site: 'shop.test',
      rows: [],
      permissionNames: permissions.map((p) => p.name),
      reasons: [],
      sites: ['shop.test'],
    });
    await decide(card.approvalId, true);
  }
  const result = await save(TAB, undefined, { 'manifest.json': manifest(name, permissions), 'script.js': 'rmx.log("hi")' });
  if (result.status !== 'activated') throw new Error(`install failed: ${JSON.stringify(result)}`);
  return result.remixletId;
}

let withStorage: string;
let plain: string;
let tokenA: string;
let tokenB: string;

beforeEach(async () => {
  await freshWorker(TAB, 'https://shop.test/');
  tabGone(TAB);
  execCalls.length = 0;
  trackPage(page('doc-1', 'https://shop.test/'));
  withStorage = await install('With storage', [{ name: 'storage', reason: 'remember hidden items' }]);
  plain = await install('Plain');
  tokenA = (await tokens.issue({ remixletId: withStorage, tabId: TAB, frameId: 0, documentId: 'doc-1' })).token;
  tokenB = (await tokens.issue({ remixletId: plain, tabId: TAB, frameId: 0, documentId: 'doc-1' })).token;
});

describe('grant middleware', () => {
  it('lets a valid token through, scoped by the worker to its own remixlet', async () => {
    const result = await offscreen.offscreen.dom!({ token: tokenA, ops: [{ op: 'query', sel: '.promo' }] });
    expect(result).toEqual({ batch: 1, results: [{ ok: true, value: 'done' }] });
    expect(execCalls[0]?.remixlet.id).toBe(withStorage);
    expect(await offscreen.offscreen.storage!({ token: tokenA, call: { action: 'set', key: 'k', value: 1 } })).toBeNull();
  });

  it('refuses a forged token', async () => {
    const forged = 'A'.repeat(43);
    expect(await refusalCode(offscreen.offscreen.dom!({ token: forged, ops: [{ op: 'url' }] }))).toBe('TOKEN_INVALID');
  });

  it("refuses another remixlet's permission: a token only ever speaks for its own remixlet", async () => {
    expect(await refusalCode(offscreen.offscreen.storage!({ token: tokenB, call: { action: 'get', key: 'k' } }))).toBe('PERMISSION_MISSING');
    const log = await readLog(plain);
    expect(log[0]?.refusal?.code).toBe('PERMISSION_MISSING');
    expect(log[0]?.message).toContain('storage');
  });

  it('refuses a token for a document the tab no longer shows', async () => {
    trackPage(page('doc-2', 'https://shop.test/'));
    expect(await refusalCode(offscreen.offscreen.dom!({ token: tokenA, ops: [{ op: 'url' }] }))).toBe('TOKEN_STALE_DOCUMENT');
  });

  it('refuses calls on a paused site, but still takes rmx.log', async () => {
    await setSitePaused('shop.test', true);
    expect(await refusalCode(offscreen.offscreen.dom!({ token: tokenA, ops: [{ op: 'url' }] }))).toBe('SITE_PAUSED');
    // eslint-disable-next-line remixlet/no-secret-leak -- the token authenticates the log call; it is not in the message
    expect(await offscreen.offscreen.log!({ token: tokenA, level: 'warn', message: 'why I stopped' })).toEqual({ logged: true });
    const log = await readLog(withStorage);
    expect(log.map((e) => e.message)).toContain('why I stopped');
  });

  it('refuses a remixlet switched off in this tab, even from a sandbox that still holds a token; the others in the tab still pass', async () => {
    const ok = { batch: expect.any(Number), results: [{ ok: true, value: 'done' }] };
    expect(await offscreen.offscreen.dom!({ token: tokenA, ops: [{ op: 'url' }] })).toEqual(ok);
    await setOffInTab(TAB, 'https://shop.test/', withStorage, true);
    expect(await refusalCode(offscreen.offscreen.dom!({ token: tokenA, ops: [{ op: 'url' }] }))).toBe('REMIXLET_OFF');
    expect((await readLog(withStorage)).map((e) => e.message)).toContain('This remixlet is switched off in this tab.');
    expect(await offscreen.offscreen.dom!({ token: tokenB, ops: [{ op: 'url' }] })).toEqual(ok);
    // Switched off in another tab only: this one is not affected.
    await setOffInTab(TAB, 'https://shop.test/', withStorage, false);
    await setOffInTab(TAB + 1, 'https://shop.test/', withStorage, true);
    expect(await offscreen.offscreen.dom!({ token: tokenA, ops: [{ op: 'url' }] })).toEqual(ok);
  });

  it('refuses calls from a page its matches do not cover', async () => {
    trackPage(page('doc-1', 'https://other.test/'));
    expect(await refusalCode(offscreen.offscreen.dom!({ token: tokenA, ops: [{ op: 'url' }] }))).toBe('PAGE_NOT_MATCHED');
  });

  it('refuses a privileged call whose permission is not in the manifest', async () => {
    expect(await refusalCode(offscreen.offscreen.storage!({ token: tokenB, call: { action: 'keys' } }))).toBe('PERMISSION_MISSING');
  });

  it('refuses a remixlet that is switched off', async () => {
    await fromUi.ui.setEnabled!({ remixletId: withStorage, enabled: false });
    expect(await refusalCode(offscreen.offscreen.dom!({ token: tokenA, ops: [{ op: 'url' }] }))).toMatch(/TOKEN_INVALID|REMIXLET_OFF/);
  });

  it('refuses sandbox calls from any role but the offscreen host', async () => {
    expect(await refusalCode(fromUi.offscreen.dom!({ token: tokenA, ops: [{ op: 'url' }] }))).toBe('UNEXPECTED_SENDER');
    const page = rootRouter.createCaller({ role: 'page-agent', sender: undefined }) as unknown as typeof offscreen;
    expect(await refusalCode(page.ui.decide!({ approvalId: 'x', allow: true }))).toBe('UNEXPECTED_SENDER');
  });

  it('on a page with a very long address, refusals keep their code and reach the log, and rmx.log still works', async () => {
    const long = `https://shop.test/?q=${'x'.repeat(2_100)}`;
    trackPage(page('doc-1', long));
    expect(await refusalCode(offscreen.offscreen.storage!({ token: tokenB, call: { action: 'get', key: 'k' } }))).toBe('PERMISSION_MISSING');
    // eslint-disable-next-line remixlet/no-secret-leak -- the token authenticates the log call; it is not in the message
    expect(await offscreen.offscreen.log!({ token: tokenB, level: 'info', message: 'still here' })).toEqual({ logged: true });
    const log = await readLog(plain);
    expect(log.map((e) => e.refusal?.code ?? e.message)).toEqual(['still here', 'PERMISSION_MISSING']);
    expect(log[1]?.url?.startsWith('https://shop.test/?q=xxx')).toBe(true);
  });

  it("a storage call the service refuses is logged with the refusal's code", async () => {
    expect(await refusalCode(offscreen.offscreen.storage!({ token: tokenA, call: { action: 'set', key: 'big', value: 'x'.repeat(300_000) } }))).toBe('PAYLOAD_TOO_LARGE');
    const log = await readLog(withStorage);
    expect(log[0]?.refusal).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', op: 'rmx.storage.set' });
  });

  it('a page agent that answers fewer ops than it was sent gets a typed refusal, logged', async () => {
    const short = page('doc-1', 'https://shop.test/');
    (short.agent as unknown as { exec: () => Promise<unknown> }).exec = async () => ({ batch: 1, results: [] });
    trackPage(short);
    expect(await refusalCode(offscreen.offscreen.dom!({ token: tokenB, ops: [{ op: 'url' }, { op: 'title' }] }))).toBe('NO_PAGE_AGENT');
    expect((await readLog(plain))[0]?.refusal?.code).toBe('NO_PAGE_AGENT');
  });

  it('refuses malformed input with a typed reason and leaves the store as it was', async () => {
    const before = await db.versions.length();
    expect(await refusalCode(offscreen.offscreen.dom!({ token: tokenA, ops: [{ op: 'nope' }] }))).toBe('MALFORMED_MESSAGE');
    expect(await refusalCode(offscreen.offscreen.storage!({ token: tokenA, call: { action: 'set', key: 'x'.repeat(5000), value: 1 } }))).toBe('MALFORMED_MESSAGE');
    expect(await refusalCode(fromUi.ui.save!({ tabId: TAB, files: { 'manifest.json': '{', 'evil.js': 'x' } }))).toBe('MALFORMED_MESSAGE');
    expect(await db.versions.length()).toBe(before);
    expect(calls.filter((c) => c.api === 'scripting.insertCSS')).toHaveLength(0);
  });
});

describe('a sandbox started when its document committed, before the page agent connected', () => {
  const settled = async (p: Promise<unknown>) => {
    let done = false;
    void p.then(
      () => (done = true),
      () => (done = true),
    );
    await new Promise((r) => setTimeout(r, 30));
    return done;
  };

  it("waits for that document's page agent, then reaches that page", async () => {
    documentCommittedIn(TAB, 'doc-3');
    const token = (await tokens.issue({ remixletId: plain, tabId: TAB, frameId: 0, documentId: 'doc-3' })).token;
    const call = offscreen.offscreen.dom!({ token, ops: [{ op: 'url' }] });
    expect(await settled(call)).toBe(false);
    expect(execCalls).toEqual([]);
    trackPage(page('doc-3', 'https://shop.test/'));
    expect(await call).toEqual({ batch: 1, results: [{ ok: true, value: 'done' }] });
    expect(execCalls.map((c) => c.remixlet.id)).toEqual([plain]);
  });

  it('a token of any document but the tab\'s latest is refused at once, as before', async () => {
    documentCommittedIn(TAB, 'doc-3');
    const older = (await tokens.issue({ remixletId: plain, tabId: TAB, frameId: 0, documentId: 'doc-2' })).token;
    const call = offscreen.offscreen.dom!({ token: older, ops: [{ op: 'url' }] });
    expect(await settled(call)).toBe(true);
    expect(await refusalCode(call)).toBe('TOKEN_STALE_DOCUMENT');
    expect(execCalls).toEqual([]);
  });

  it('a page agent of another document arriving does not answer it; the wait ends without a page', async () => {
    documentCommittedIn(TAB, 'doc-3');
    const waiting = pageWhenThere(TAB, 'doc-3', 50);
    trackPage(page('doc-4', 'https://shop.test/'));
    expect((await waiting)?.documentId).toBe('doc-4');
    // The grant middleware compares the document: doc-4's page is not doc-3's.
    documentCommittedIn(TAB, 'doc-5');
    const token = (await tokens.issue({ remixletId: plain, tabId: TAB, frameId: 0, documentId: 'doc-3' })).token;
    expect(await refusalCode(offscreen.offscreen.dom!({ token, ops: [{ op: 'url' }] }))).toBe('TOKEN_STALE_DOCUMENT');
  });

  it('a log line does not wait for the page', async () => {
    documentCommittedIn(TAB, 'doc-3');
    const token = (await tokens.issue({ remixletId: plain, tabId: TAB, frameId: 0, documentId: 'doc-3' })).token;
    // eslint-disable-next-line remixlet/no-secret-leak -- the token authenticates the log call; it is not in the message
    const call = offscreen.offscreen.log!({ token, level: 'info', message: 'early' });
    expect(await settled(call)).toBe(true);
    await call;
  });
});
