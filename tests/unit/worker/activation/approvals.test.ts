// Activation approvals: bound to the digest of the exact files, single-use, ten minutes, dropped when the
// chat's tab leaves the site, decided only by the UI role. Each way around them is refused and nothing
// reaches the store.
import { freshWorker } from '../fresh-worker';
import { events, tabs } from '../chrome-stub';
import { beforeEach, describe, expect, it } from 'vitest';
import { rootRouter } from '../../../../worker/ports/router';
import { save, decide } from '../../../../worker/activation/activation';
import { ALLOWANCE_TTL_MS, createApproval, dropApprovalsForTab, pendingFor, readApproval, updateApproval, watchApprovals } from '../../../../worker/activation/approvals';
import { clock } from '../../../../worker/clock';
import { startChat } from '../../../../worker/assistant/chats';
import { requestPermissions } from '../../../../worker/assistant/permissions';
import { db } from '../../../../worker/store/db';
import { listVersions, loadRemixlet } from '../../../../worker/store/remixlets';
import { refusalCode } from '../../refusal-code';
import type { SaveResult } from '../../../../contracts/boundaries/panel-worker';
import { CHANGE_MARK as MARK, canDoChanges, canDoText } from '../../../../contracts/can-do/items';

const TAB = 3;
const files = (matches: string[], script = 'rmx.log("v")') => ({
  'manifest.json': JSON.stringify({ name: 'Everywhere', description: 'd', matches, permissions: [] }),
  'script.js': script,
});

async function askForEverySite(): Promise<string> {
  const result = (await save(TAB, undefined, files(['<all_urls>']))) as SaveResult;
  if (result.status !== 'needs-approval') throw new Error(`expected a dialog, got ${result.status}`);
  return result.approval.approvalId;
}

beforeEach(async () => {
  await freshWorker(TAB, 'https://shop.test/cart');
});

describe('activation approvals', () => {
  it('a save on just the chat site activates without a question', async () => {
    const result = await save(TAB, undefined, files(['*://shop.test/*']));
    expect(result.status).toBe('activated');
  });

  it('every site, other sites and more sites each ask first, and declining keeps the previous version', async () => {
    expect((await save(TAB, undefined, files(['*://news.test/*']))).status).toBe('needs-approval');
    const first = await save(TAB, undefined, files(['*://shop.test/*']));
    if (first.status !== 'activated') throw new Error('setup');
    const wider = await save(TAB, first.remixletId, files(['*://shop.test/*', '*://news.test/*'], 'rmx.log("v2")'));
    expect(wider.status).toBe('needs-approval');
    if (wider.status !== 'needs-approval') return;
    expect(wider.approval.reasons).toContain('new-sites');
    expect(await decide(wider.approval.approvalId, false)).toEqual({ status: 'declined' });
    const still = await loadRemixlet(first.remixletId);
    expect(still.ok && still.remixlet.version.files['script.js']).toBe('rmx.log("v")');
  });

  it('a chat on another site cannot silently update a remixlet that runs on the bank: it asks, and declining keeps the bank\'s code', async () => {
    tabs.set(TAB, { id: TAB, url: 'https://bank.test/' });
    const first = await save(TAB, undefined, files(['*://bank.test/*']));
    if (first.status !== 'activated') throw new Error('setup');
    tabs.set(TAB, { id: TAB, url: 'https://evil.test/' });
    const rewrite = await save(TAB, first.remixletId, files(['*://bank.test/*'], 'rmx.log("steal")'));
    expect(rewrite.status).toBe('needs-approval');
    if (rewrite.status !== 'needs-approval') return;
    expect(rewrite.approval.reasons).toEqual(['other-than-chat-site']);
    await decide(rewrite.approval.approvalId, false);
    const still = await loadRemixlet(first.remixletId);
    expect(still.ok && still.remixlet.version.files['script.js']).toBe('rmx.log("v")');
  });

  it("the dialog's sites are fixed text built from each pattern's host, never the model's words in a path", async () => {
    // What passes the manifest's checks: no space, yet words a person would read.
    const planted = '*://news.test/Checked_by_Remixlet:safe,click_Allow_and_apply*';
    const result = await save(TAB, undefined, files([planted, '*://*.shop.test/*', 'https://news.test/*', '*://shop.test/*', 'https://*/checkout*']));
    if (result.status !== 'needs-approval') throw new Error(`expected a dialog, got ${result.status}`);
    expect(result.approval.sites).toEqual(['some pages of news.test', 'shop.test and every subdomain', 'news.test', 'shop.test', 'some pages of every site']);
    expect((await pendingFor(TAB))[0]?.sites.join(' ')).not.toMatch(/Checked|Allow|checkout/);
  });

  it('"Allow and apply" activates exactly the approved files, once', async () => {
    const id = await askForEverySite();
    const result = await decide(id, true);
    expect(result.status).toBe('activated');
    expect(await refusalCode(decide(id, true))).toBe('APPROVAL_USED');
    expect(await db.versions.length()).toBe(1);
  });

  it('refuses an expired approval', async () => {
    const id = await askForEverySite();
    clock.advance(10 * 60 * 1000 + 1);
    expect(await refusalCode(decide(id, true))).toBe('APPROVAL_EXPIRED');
    expect(await db.versions.length()).toBe(0);
  });

  it('refuses an approval once the tab has left the site, and drops it', async () => {
    const id = await askForEverySite();
    tabs.set(TAB, { id: TAB, url: 'https://other.test/' });
    expect(await refusalCode(decide(id, true))).toBe('APPROVAL_TAB_LEFT_SITE');
    await dropApprovalsForTab(TAB, 'other.test');
    expect(await readApproval(id)).toBeUndefined();
    expect(await db.versions.length()).toBe(0);
  });

  it('refuses files edited after the approval was asked for (digest mismatch)', async () => {
    const id = await askForEverySite();
    const approval = (await readApproval(id))!;
    await updateApproval(id, { files: { ...approval.files!, 'script.js': 'rmx.log("swapped")' } });
    expect(await refusalCode(decide(id, true))).toBe('APPROVAL_DIGEST_MISMATCH');
    expect(await db.versions.length()).toBe(0);
  });

  it('an approval for one set of files cannot activate another', async () => {
    const a = await askForEverySite();
    const b = (await save(TAB, undefined, files(['<all_urls>'], 'rmx.log("other")'))) as SaveResult;
    if (b.status !== 'needs-approval') throw new Error('setup');
    await decide(a, true);
    const stored = await db.versions.keys();
    expect(stored).toHaveLength(1);
    const [only] = await listVersions(stored[0]!.split(':')[0]!);
    expect(only?.files['script.js']).toBe('rmx.log("v")');
  });

  it('only the UI can decide: a forged Allow from the offscreen host or a page is refused', async () => {
    const id = await askForEverySite();
    for (const role of ['offscreen', 'page-agent', undefined] as const) {
      const caller = rootRouter.createCaller({ role, sender: undefined }) as unknown as { ui: { decide: (i: unknown) => Promise<unknown> } };
      expect(await refusalCode(caller.ui.decide({ approvalId: id, allow: true }))).toBe('UNEXPECTED_SENDER');
    }
    expect(await db.versions.length()).toBe(0);
  });

  it('using an approval is safe to repeat after a crash between its steps', async () => {
    const id = await askForEverySite();
    // The worker died after marking the approval in use, before writing the version.
    await updateApproval(id, { state: 'using', targetVersion: 1 });
    const result = await decide(id, true);
    expect(result.status).toBe('activated');
    expect(await db.versions.length()).toBe(1);
  });

  it('refuses a permission the person never allowed', async () => {
    const withFetch = {
      'manifest.json': JSON.stringify({ name: 'n', description: 'd', matches: ['*://shop.test/*'], permissions: [{ name: 'fetch:evil.test', reason: 'the page said so' }] }),
    };
    const result = await save(TAB, undefined, withFetch);
    expect(result.status).toBe('refused');
    if (result.status === 'refused') expect(result.refusals[0]?.code).toBe('PERMISSION_NOT_APPROVED');
  });
});

describe('what an update changes, on its activation dialog', () => {
  it('the dialog of an update that adds a capability and drops another lists them as New and No longer, from the running files', async () => {
    const first = await save(TAB, undefined, files(['*://shop.test/*'], "rmx.log('v1');"));
    if (first.status !== 'activated') throw new Error('setup');
    const update = await save(TAB, first.remixletId, files(['*://shop.test/*', '*://news.test/*'], "const b = await dom.query('#buy'); await b.click();"));
    if (update.status !== 'needs-approval') throw new Error(`expected a dialog, got ${update.status}`);
    // What the person sees is computed from the pending approval the panel receives, not from the save's answer.
    const [pending] = await pendingFor(TAB);
    expect(pending?.canDoBefore?.map(canDoText)).toEqual(['Runs on shop.test, all pages', 'Writes to its log, which the agent can read']);
    const changes = canDoChanges(pending?.canDoBefore, pending?.canDo ?? []).map((c) => `${MARK[c.change]}${c.text}${c.where ? ` (${c.where})` : ''}`);
    expect(changes).toEqual([
      'Runs on shop.test, all pages',
      'New: Runs on news.test, all pages',
      'New: Clicks things on the page (a click can follow a link or submit a form) (line 1)',
      'No longer: Writes to its log, which the agent can read',
    ]);
  });

  it('a first version asked for has no "before": nothing shows as new or gone', async () => {
    const ask = await save(TAB, undefined, files(['*://news.test/*']));
    if (ask.status !== 'needs-approval') throw new Error('setup');
    const [pending] = await pendingFor(TAB);
    expect(pending?.canDoBefore).toBeUndefined();
    expect(canDoChanges(pending?.canDoBefore, pending?.canDo ?? []).map((c) => c.change)).toEqual(['same', 'same']);
  });
});

describe('permission allowances', () => {
  const FETCH = 'fetch:api.shop.test';
  const withFetch = {
    'manifest.json': JSON.stringify({ name: 'n', description: 'd', matches: ['*://shop.test/*'], permissions: [{ name: FETCH, reason: 'prices' }] }),
  };
  let watching = false;

  async function allowCard(): Promise<string> {
    if (!watching) watchApprovals();
    watching = true;
    const card = await createApproval({ kind: 'permissions', tabId: TAB, site: 'shop.test', rows: [], permissionNames: [FETCH], reasons: [], sites: ['shop.test'] });
    expect(await decide(card.approvalId, true)).toEqual({ status: 'allowed' });
    return card.approvalId;
  }

  it('an "Allow" lets the next save use the permission', async () => {
    await allowCard();
    expect((await save(TAB, undefined, withFetch)).status).toBe('activated');
  });

  it('are all forgotten when the browser starts: a reused tab id on the same site inherits no "Allow"', async () => {
    const id = await allowCard();
    await events.onStartup.emit();
    expect(await readApproval(id)).toBeUndefined();
    const result = await save(TAB, undefined, withFetch);
    expect(result.status === 'refused' && result.refusals[0]?.code).toBe('PERMISSION_NOT_APPROVED');
  });

  it('expire an hour after the click', async () => {
    await allowCard();
    clock.advance(ALLOWANCE_TTL_MS + 1);
    const result = await save(TAB, undefined, withFetch);
    expect(result.status === 'refused' && result.refusals[0]?.code).toBe('PERMISSION_NOT_APPROVED');
  });

  it("an assistant's card counts only for its own chat: a new chat on the same tab and site inherits no \"Allow\"", async () => {
    const first = await startChat(TAB);
    const { approvalId } = await requestPermissions(first, [{ name: FETCH, reason: 'prices' }]);
    expect(await decide(approvalId, true)).toEqual({ status: 'allowed' });
    const later = await startChat(TAB);
    const refused = await save(TAB, undefined, withFetch, 'agent', later.chatId);
    expect(refused.status === 'refused' && refused.refusals[0]?.code).toBe('PERMISSION_NOT_APPROVED');
    expect((await save(TAB, undefined, withFetch, 'agent', first.chatId)).status).toBe('activated');
  });

  it('go when the tab leaves the site or closes', async () => {
    const id = await allowCard();
    await events.tabUpdated.emit(TAB, { url: 'https://shop.test/other' });
    expect(await readApproval(id)).toBeDefined();
    await events.tabUpdated.emit(TAB, { url: 'https://other.test/' });
    expect(await readApproval(id)).toBeUndefined();
    const again = await allowCard();
    await events.tabRemoved.emit(TAB);
    expect(await readApproval(again)).toBeUndefined();
  });
});
