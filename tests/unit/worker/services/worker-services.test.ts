// The rmx services in the worker, called through tRPC's caller exactly as the offscreen port calls them:
// each new procedure passes the grant middleware (permission, pause, a fetch host's port), the typed
// refusals and limits of bad input (a flood of notifications, schedules in the past or every second,
// oversized values), the schedule's fixed actions when its alarm fires, and that nothing stored is lost.
import { freshWorker } from '../fresh-worker';
import { calls } from '../chrome-stub';
import { beforeEach, describe, expect, it } from 'vitest';
import { rootRouter } from '../../../../worker/ports/router';
import { trackPage, type PageRecord } from '../../../../worker/pages/pages';
import { tokens } from '../../../../worker/ports/tokens';
import { decide, save } from '../../../../worker/activation/activation';
import { createApproval } from '../../../../worker/activation/approvals';
import { setSitePaused } from '../../../../worker/store/settings';
import { readLog } from '../../../../worker/store/logs';
import { messagesKey, servicesDb } from '../../../../worker/services/store';
import { db, versionKey } from '../../../../worker/store/db';
import { forgetAllLoaded, readVersion } from '../../../../worker/store/remixlets';
import { scheduleFired } from '../../../../worker/services/schedule-fire';
import { restoreSchedules } from '../../../../worker/services/schedule';
import { refusalCode } from '../../refusal-code';
import { pageRecord } from '../page-record';

const TAB = 7;
type Proc = (input: unknown) => Promise<unknown>;
const offscreen = (rootRouter.createCaller({ role: 'offscreen', sender: undefined }) as unknown as { offscreen: Record<string, Proc> }).offscreen;
// The sandbox's rmx.fetch call as the offscreen host forwards it (named so it does not read as a browser fetch).
const fetchCall = (input: unknown) => offscreen['fetch']!(input);
const ui = (rootRouter.createCaller({ role: 'ui', sender: undefined }) as unknown as { ui: Record<string, Proc> }).ui;

// Stateful stand-ins for the browser pieces the services use beyond the shared stub.
const alarms = new Map<string, { name: string; scheduledTime: number; periodInMinutes?: number }>();
const opened: string[] = [];
const chromeAny = (globalThis as unknown as { chrome: Record<string, Record<string, unknown>> }).chrome;
chromeAny.alarms = {
  create: (name: string, info: { when: number; periodInMinutes?: number }) => {
    alarms.set(name, { name, scheduledTime: info.when, ...(info.periodInMinutes ? { periodInMinutes: info.periodInMinutes } : {}) });
    return Promise.resolve();
  },
  clear: (name: string) => Promise.resolve(alarms.delete(name)),
  getAll: () => Promise.resolve([...alarms.values()]),
};
// A schedule opens its tab blank, exempts that tab's navigation from remixlets' network rules, then sends it on.
let nextTab = 100;
chromeAny.tabs = {
  ...chromeAny.tabs,
  query: () => Promise.resolve([]),
  create: (p: { url: string }) => (p.url !== 'about:blank' && opened.push(p.url), Promise.resolve({ id: nextTab++ })),
  update: (_id: number, p: { url?: string }) => (p.url !== undefined && opened.push(p.url), Promise.resolve({})),
};

const page = (url: string): PageRecord => pageRecord(TAB, 'doc-1', url);

async function install(name: string, permissions: string[], matches = ['*://shop.test/*']): Promise<{ id: string; token: string }> {
  if (permissions.length) {
    const card = await createApproval({ kind: 'permissions', tabId: TAB, site: 'shop.test', rows: [], permissionNames: permissions, reasons: [], sites: ['shop.test'] });
    await decide(card.approvalId, true);
  }
  const manifest = JSON.stringify({ name, description: 't', matches, permissions: permissions.map((p) => ({ name: p, reason: 'test' })) });
  let result = await save(TAB, undefined, { 'manifest.json': manifest, 'script.js': 'rmx.log(1)' });
  if (result.status === 'needs-approval') result = (await decide(result.approval.approvalId, true)) as typeof result;
  if (result.status !== 'activated') throw new Error(JSON.stringify(result));
  const { token } = await tokens.issue({ remixletId: result.remixletId, tabId: TAB, frameId: 0, documentId: 'doc-1' });
  return { id: result.remixletId, token };
}

beforeEach(async () => {
  await freshWorker(TAB, 'https://shop.test/', [servicesDb]);
  alarms.clear();
  opened.length = 0;
  trackPage(page('https://shop.test/'));
});

const notifications = () => calls.filter((c) => c.api === 'notifications.create');

describe('the grant middleware on every service', () => {
  it('refuses each service without its permission, and logs why', async () => {
    const { id, token } = await install('Bare', []);
    expect(await refusalCode(offscreen.clipboard!({ token, call: { text: 'x' } }))).toBe('PERMISSION_MISSING');
    expect(await refusalCode(offscreen.notify!({ token, call: { title: 't', message: 'm' } }))).toBe('PERMISSION_MISSING');
    expect(await refusalCode(offscreen.menu!({ token, call: { action: 'add', id: 'a', title: 'A' } }))).toBe('PERMISSION_MISSING');
    expect(await refusalCode(offscreen.schedule!({ token, call: { action: 'cancel', id: 'a' } }))).toBe('PERMISSION_MISSING');
    expect(await refusalCode(offscreen.messages!({ token, call: {} }))).toBe('PERMISSION_MISSING');
    expect(await refusalCode(fetchCall({ token, call: { url: 'https://api.test/' } }))).toBe('PERMISSION_MISSING');
    expect(await refusalCode(offscreen.networkObserve!({ token, call: { host: 'api.test', listener: 'rmx-observe:1' } }))).toBe('PERMISSION_MISSING');
    const log = await readLog(id);
    const lines = log.filter((e) => e.refusal?.code === 'PERMISSION_MISSING').map((e) => e.message);
    expect(lines).toHaveLength(7);
    expect(lines.join('\n')).toMatch(/"fetch:api\.test"/);
    expect(lines.join('\n')).toMatch(/"network:observe:api\.test"/);
    expect(notifications()).toEqual([]);
  });

  it('refuses every service on a paused site, and when the remixlet is switched off', async () => {
    const { id, token } = await install('Paused', ['notifications', 'clipboard']);
    await setSitePaused('shop.test', true);
    expect(await refusalCode(offscreen.notify!({ token, call: { title: 't', message: 'm' } }))).toBe('SITE_PAUSED');
    expect(await refusalCode(offscreen.clipboard!({ token, call: { text: 'x' } }))).toBe('SITE_PAUSED');
    await setSitePaused('shop.test', false);
    await ui.setEnabled!({ remixletId: id, enabled: false });
    expect(await refusalCode(offscreen.notify!({ token, call: { title: 't', message: 'm' } }))).toMatch(/REMIXLET_OFF|TOKEN_INVALID/);
    expect(notifications()).toEqual([]);
  });

  it('a fetch: host without a port covers every port; one with a port covers only that port', async () => {
    const any = await install('Any port', ['fetch:api.test']);
    // Past the middleware, the service itself refuses a GET with a body: proof the host was granted.
    expect(await refusalCode(fetchCall({ token: any.token, call: { url: 'http://api.test:9000/x', body: 'b' } }))).toBe('MALFORMED_MESSAGE');
    const one = await install('One port', ['fetch:api.test:8443']);
    expect(await refusalCode(fetchCall({ token: one.token, call: { url: 'https://api.test:8443/x', body: 'b' } }))).toBe('MALFORMED_MESSAGE');
    expect(await refusalCode(fetchCall({ token: one.token, call: { url: 'https://api.test/x', body: 'b' } }))).toBe('PERMISSION_MISSING');
    expect(await refusalCode(fetchCall({ token: one.token, call: { url: 'https://evil.test:8443/x' } }))).toBe('PERMISSION_MISSING');
  });
});

describe('notifications', () => {
  it('shows text only, marked with the remixlet, and refuses a flood past three a minute', async () => {
    const { id, token } = await install('Notifier', ['notifications']);
    for (let i = 0; i < 3; i++) expect(await offscreen.notify!({ token, call: { title: `t${i}`, message: 'm' } })).toEqual({ shown: true });
    expect(await refusalCode(offscreen.notify!({ token, call: { title: 'flood', message: 'm' } }))).toBe('RATE_LIMITED');
    expect(notifications()).toHaveLength(3);
    const options = notifications()[0]!.args[1] as Record<string, unknown>;
    expect(Object.keys(options).sort()).toEqual(['contextMessage', 'iconUrl', 'message', 'title', 'type']);
    expect(options).toMatchObject({ type: 'basic', title: 't0', contextMessage: 'From the remixlet "Notifier"' });
    expect((await readLog(id))[0]).toMatchObject({ level: 'refusal', refusal: { code: 'RATE_LIMITED' } });
  });

  it('refuses a title or message over its limit before anything is shown', async () => {
    const { token } = await install('Long', ['notifications']);
    expect(await refusalCode(offscreen.notify!({ token, call: { title: 'x'.repeat(101), message: '' } }))).toBe('MALFORMED_MESSAGE');
    expect(notifications()).toEqual([]);
  });
});

describe('schedule', () => {
  const set = (token: string, call: Record<string, unknown>) => offscreen.schedule!({ token, call: { action: 'set', id: 's1', ...call } });

  it('refuses a time in the past, one under a minute away, a repeat every second, and anything but one fixed action', async () => {
    const { token } = await install('Scheduler', ['schedule', 'notifications']);
    expect(await refusalCode(set(token, { at: Date.now() - 1_000, message: 1 }))).toBe('SCHEDULE_REFUSED');
    expect(await refusalCode(set(token, { inMinutes: 0.1, message: 1 }))).toBe('SCHEDULE_REFUSED');
    expect(await refusalCode(set(token, { inMinutes: 5, everyMinutes: 1 / 60, message: 1 }))).toBe('SCHEDULE_REFUSED');
    expect(await refusalCode(set(token, { inMinutes: 5, message: 1, notify: { title: 't', message: 'm' } }))).toBe('SCHEDULE_REFUSED');
    expect(await refusalCode(set(token, { inMinutes: 5 }))).toBe('SCHEDULE_REFUSED');
    expect(await refusalCode(set(token, { inMinutes: 5, open: 'https://bank.test/transfer' }))).toBe('ADDRESS_REFUSED');
    expect(await refusalCode(set(token, { inMinutes: 5, message: 'x'.repeat(20_000) }))).toBe('PAYLOAD_TOO_LARGE');
    expect(alarms.size).toBe(0);
  });

  it('a notify schedule needs the notifications permission too; at most ten schedules, and the first ten stay', async () => {
    const { token } = await install('Many', ['schedule']);
    expect(await refusalCode(set(token, { inMinutes: 5, notify: { title: 't', message: 'm' } }))).toBe('PERMISSION_MISSING');
    for (let i = 0; i < 10; i++) await offscreen.schedule!({ token, call: { action: 'set', id: `s${i}`, inMinutes: 5 + i, message: i } });
    expect(await refusalCode(offscreen.schedule!({ token, call: { action: 'set', id: 'eleventh', inMinutes: 5, message: 11 } }))).toBe('TOO_MANY');
    expect(alarms.size).toBe(10);
    // Replacing one by its id is not an eleventh.
    expect(await offscreen.schedule!({ token, call: { action: 'set', id: 's3', inMinutes: 60, message: 'again' } })).toEqual({ ok: true });
  });

  it('when the alarm fires, the worker runs the fixed action: a message waits for rmx.messages(), once', async () => {
    const { id, token } = await install('Messenger', ['schedule']);
    await set(token, { inMinutes: 5, message: { note: 'hello' } });
    const alarm = [...alarms.values()][0]!;
    await scheduleFired(alarm);
    expect(alarms.size).toBe(0);
    expect(await offscreen.messages!({ token, call: {} })).toEqual([expect.objectContaining({ schedule: 's1', data: { note: 'hello' } })]);
    expect(await offscreen.messages!({ token, call: {} })).toEqual([]);
    expect((await readLog(id)).map((e) => e.message)).toContain('schedule "s1" ran: message');
  });

  it('opens one of its own pages, notifies; a switched-off remixlet or a paused site runs nothing', async () => {
    const { id, token } = await install('Actions', ['schedule', 'notifications']);
    await set(token, { inMinutes: 5, open: 'https://shop.test/deals' });
    await scheduleFired([...alarms.values()][0]!);
    expect(opened).toEqual(['https://shop.test/deals']);
    await set(token, { id: 'n', inMinutes: 5, everyMinutes: 60, notify: { title: 'Tea', message: 'time' } });
    await scheduleFired([...alarms.values()][0]!);
    expect(notifications()).toHaveLength(1);
    expect(alarms.size).toBe(1);
    await setSitePaused('shop.test', true);
    await scheduleFired([...alarms.values()][0]!);
    await setSitePaused('shop.test', false);
    await ui.setEnabled!({ remixletId: id, enabled: false });
    await scheduleFired([...alarms.values()][0]!);
    expect(notifications()).toHaveLength(1);
    const refusals = (await readLog(id)).filter((e) => e.level === 'refusal').map((e) => e.refusal?.code);
    expect(refusals).toEqual(['REMIXLET_OFF', 'SITE_PAUSED']);
  });

  it('a schedule of a remixlet saved for an API version this extension no longer runs does nothing, and says why', async () => {
    const { id, token } = await install('Old API', ['schedule', 'notifications']);
    await set(token, { inMinutes: 5, everyMinutes: 60, open: 'https://shop.test/deals' });
    await offscreen.schedule!({ token, call: { action: 'set', id: 'n', inMinutes: 5, everyMinutes: 60, notify: { title: 'Tea', message: 'time' } } });
    await offscreen.schedule!({ token, call: { action: 'set', id: 'm', inMinutes: 5, message: 'hi' } });
    const v1 = (await readVersion(id, 1))!;
    await db.versions.setItem(versionKey(id, 1), { ...v1, apiVersion: 0 });
    forgetAllLoaded();
    for (const alarm of [...alarms.values()]) await scheduleFired(alarm);
    expect(opened).toEqual([]);
    expect(notifications()).toHaveLength(0);
    expect(await servicesDb.getItem(messagesKey(id))).toBeNull();
    const refusals = (await readLog(id)).filter((e) => e.level === 'refusal').map((e) => e.refusal?.code);
    expect(refusals).toEqual(['API_VERSION_UNSUPPORTED', 'API_VERSION_UNSUPPORTED', 'API_VERSION_UNSUPPORTED']);
  });

  it('survives a browser restart that lost the alarms: every stored schedule gets its alarm back', async () => {
    const { token } = await install('Restart', ['schedule']);
    await set(token, { inMinutes: 30, message: 1 });
    await offscreen.schedule!({ token, call: { action: 'set', id: 'daily', inMinutes: 60, everyMinutes: 24 * 60, message: 2 } });
    const before = [...alarms.values()].sort((a, b) => a.name.localeCompare(b.name));
    alarms.clear();
    alarms.set('rmx-schedule:gone00000000:x', { name: 'rmx-schedule:gone00000000:x', scheduledTime: 1 });
    await restoreSchedules();
    expect([...alarms.values()].sort((a, b) => a.name.localeCompare(b.name))).toEqual(before);
  });

  it('deleting the remixlet drops its schedules and queued messages', async () => {
    const { id, token } = await install('Deleted', ['schedule']);
    await set(token, { inMinutes: 5, message: 1 });
    await ui.remove!({ remixletId: id });
    expect(alarms.size).toBe(0);
    expect(await servicesDb.keys()).toEqual([]);
  });
});

describe('storage under bad input', () => {
  it('refuses an oversized value and keeps what was stored', async () => {
    const { id, token } = await install('Keeper', ['storage']);
    await offscreen.storage!({ token, call: { action: 'set', key: 'k', value: 'kept' } });
    expect(await refusalCode(offscreen.storage!({ token, call: { action: 'set', key: 'k', value: 'x'.repeat(300 * 1024) } }))).toBe('PAYLOAD_TOO_LARGE');
    expect(await offscreen.storage!({ token, call: { action: 'get', key: 'k' } })).toBe('kept');
    void id;
  });
});
