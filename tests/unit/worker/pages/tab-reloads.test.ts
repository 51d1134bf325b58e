// The worker, not the page that asked, decides which tabs reload: pausing or resuming a site, switching a
// remixlet off, archiving, deleting and restoring it reload every open tab it covers even when the caller
// asked for no reload, so no UI can leave a remixlet's changes on a page by leaving the option out.
import { freshWorker } from '../fresh-worker';
import { calls, tabs } from '../chrome-stub';
import { beforeEach, describe, expect, it } from 'vitest';
import { rootRouter } from '../../../../worker/ports/router';
import { decide, save } from '../../../../worker/activation/activation';
import { createApproval } from '../../../../worker/activation/approvals';

type Proc = (input: unknown) => Promise<unknown>;
const ui = (rootRouter.createCaller({ role: 'ui', sender: undefined }) as unknown as { ui: Record<string, Proc> }).ui;

const TAB = 5;
const OTHER_SHOP_TAB = 6;
const NEWS_TAB = 7;
const reloadedTabs = () => calls.filter((c) => c.api === 'tabs.reload').map((c) => c.args[0] as number).sort();
const manifest = (permissions: Array<{ name: string; reason: string }>) => JSON.stringify({ name: 'Hider', description: 'd', matches: ['*://shop.test/*'], permissions });

let id: string;
beforeEach(async () => {
  await freshWorker(TAB, 'https://shop.test/');
  tabs.set(OTHER_SHOP_TAB, { id: OTHER_SHOP_TAB, url: 'https://shop.test/cart' });
  tabs.set(NEWS_TAB, { id: NEWS_TAB, url: 'https://news.test/' });
  const card = await createApproval({ kind: 'permissions', tabId: TAB, site: 'shop.test', rows: [], permissionNames: ['storage'], reasons: [], sites: [] });
  await decide(card.approvalId, true);
  const v1 = await save(TAB, undefined, { 'manifest.json': manifest([{ name: 'storage', reason: 'r' }]), 'script.js': 'rmx.log(1)' });
  if (v1.status !== 'activated') throw new Error('setup');
  id = v1.remixletId;
  const v2 = await save(TAB, id, { 'manifest.json': manifest([]), 'script.js': 'rmx.log(2)' });
  if (v2.status !== 'activated') throw new Error('setup');
  calls.length = 0;
});

describe('reloads the worker makes itself', () => {
  it('switching off reloads every tab the remixlet covers; the popup may name its one tab instead', async () => {
    expect(await ui.setEnabled!({ remixletId: id, enabled: false })).toEqual({ ok: true, reloaded: 2 });
    expect(reloadedTabs()).toEqual([TAB, OTHER_SHOP_TAB]);
    calls.length = 0;
    await ui.setEnabled!({ remixletId: id, enabled: true });
    await ui.setEnabled!({ remixletId: id, enabled: false, reload: { tabId: TAB } });
    expect(reloadedTabs()).toEqual([TAB]);
  });

  it('pausing and resuming a site reload its tabs', async () => {
    await ui.pauseSite!({ site: 'shop.test', paused: true });
    expect(reloadedTabs()).toEqual([TAB, OTHER_SHOP_TAB]);
    calls.length = 0;
    await ui.pauseSite!({ site: 'shop.test', paused: false });
    expect(reloadedTabs()).toEqual([TAB, OTHER_SHOP_TAB]);
  });

  it('archiving and deleting reload the tabs it covered', async () => {
    await ui.setArchived!({ remixletId: id, archived: true });
    expect(reloadedTabs()).toEqual([TAB, OTHER_SHOP_TAB]);
    calls.length = 0;
    await ui.remove!({ remixletId: id });
    expect(reloadedTabs()).toEqual([TAB, OTHER_SHOP_TAB]);
  });

  it('an allowed restore reloads the tabs; a declined one reloads nothing', async () => {
    const declined = (await ui.requestRestore!({ remixletId: id, version: 1 })) as { approvalId: string };
    await ui.decide!({ approvalId: declined.approvalId, allow: false });
    expect(reloadedTabs()).toEqual([]);
    const pending = (await ui.requestRestore!({ remixletId: id, version: 1 })) as { approvalId: string };
    expect(await ui.decide!({ approvalId: pending.approvalId, allow: true })).toMatchObject({ status: 'activated', version: 3 });
    expect(reloadedTabs()).toEqual([TAB, OTHER_SHOP_TAB]);
  });

  it('a change that changes nothing reloads nothing', async () => {
    expect(await ui.setEnabled!({ remixletId: id, enabled: true, reload: 'matching' })).toEqual({ ok: true, reloaded: 0 });
    await ui.pauseSite!({ site: 'shop.test', paused: false });
    await ui.setArchived!({ remixletId: id, archived: false });
    expect(reloadedTabs()).toEqual([]);
    await ui.pauseSite!({ site: 'shop.test', paused: true });
    calls.length = 0;
    expect(await ui.pauseSite!({ site: 'shop.test', paused: true })).toEqual({ ok: true, reloaded: 0 });
    await ui.setEnabled!({ remixletId: id, enabled: false });
    calls.length = 0;
    // Off already: switching it off again, or archiving it, leaves every page as it was.
    await ui.setEnabled!({ remixletId: id, enabled: false });
    expect(await ui.setArchived!({ remixletId: id, archived: true })).toEqual({ ok: true, reloaded: 0 });
    expect(reloadedTabs()).toEqual([]);
  });

  it('a change to a remixlet that does not exist is refused', async () => {
    await expect(ui.setEnabled!({ remixletId: 'nosuchremixl', enabled: false })).rejects.toThrow(/NOT_FOUND|no such remixlet/);
    await expect(ui.setArchived!({ remixletId: 'nosuchremixl', archived: true })).rejects.toThrow(/NOT_FOUND|no such remixlet/);
    expect(reloadedTabs()).toEqual([]);
  });
});
