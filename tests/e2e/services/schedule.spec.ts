// rmx.schedule in a real Chromium: a schedule is a chrome.alarms alarm plus a stored record, and no
// remixlet code runs when it fires: the worker does one of three fixed actions. Schedules survive the
// worker being stopped, and a browser restart that drops the alarms (the records bring them back). Bad
// times are refused; a paused site runs nothing. Most tests fire an alarm by calling the worker's own
// onAlarm listener with that alarm, rather than wait a minute for Chromium to; the relaunch test closes the
// whole browser, starts it again on the same profile and waits for Chromium to fire the alarms itself.
import type { BrowserContext, Page } from '@playwright/test';
import type { TargetInfo } from '../harness';
import { test, expect, listTargets, TargetSession } from '../harness';
import { stopServiceWorkers, uiCall } from '../remixlet';
import { installWith, perm, relaunchable, report, results, logMessages } from './helpers';
import { WAITS } from '../harness/tags';

const SCRIPT = `
const waiting = await rmx.messages();
rmx.log('RESULT messages ' + JSON.stringify({ ok: true, value: waiting.map((m) => m.data) }));
if (!(await rmx.storage.get('set'))) {
  ${report('setMessage', `rmx.schedule({ id: 'later', inMinutes: 5, message: { note: 'left for the next visit' } })`)}
  ${report('setOpen', `rmx.schedule({ id: 'deal', inMinutes: 10, open: 'https://shop.test/index.html?deal=1' })`)}
  ${report('setNotify', `rmx.schedule({ id: 'tea', inMinutes: 15, everyMinutes: 60, notify: { title: 'Tea', message: 'Time for tea' } })`)}
  ${report('past', `rmx.schedule({ id: 'x', at: Date.now() - 60000, message: 1 })`)}
  ${report('everySecond', `rmx.schedule({ id: 'y', inMinutes: 2, everyMinutes: 1 / 60, message: 1 })`)}
  ${report('elsewhere', `rmx.schedule({ id: 'z', inMinutes: 2, open: 'https://news.test/' })`)}
  await rmx.storage.set('set', true);
}
`;

type Alarm = { name: string; scheduledTime: number; periodInMinutes?: number };
type Cdp = { listTargets(): Promise<TargetInfo[]>; attach(t: TargetInfo): Promise<TargetSession> };

/** Evaluates in the extension's service worker, whichever one is running now (woken if need be), over CDP. */
async function inWorker<T>(cdp: Cdp, extensionId: string, expression: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const target = (await cdp.listTargets()).find((t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${extensionId}/`));
    if (target) {
      const session = await cdp.attach(target);
      try {
        return await session.evaluate<T>(expression);
      } finally {
        await session.detach();
      }
    }
    if (Date.now() > deadline) throw new Error('the extension has no running service worker');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * inWorker, once the running worker has the extension APIs bound: a worker that is still starting answers
 * an evaluate before its bindings are in ("chrome is not defined", or a chrome without tabs/alarms in
 * Chromium 156), so this waits for that state, then asks.
 */
async function askWorker<T>(cdp: Cdp, extensionId: string, expression: string): Promise<T> {
  const bound = `typeof chrome === 'object' && typeof chrome.tabs?.query === 'function' && typeof chrome.alarms?.getAll === 'function'`;
  const deadline = Date.now() + 15_000;
  while (!(await inWorker<boolean>(cdp, extensionId, bound))) {
    if (Date.now() > deadline) throw new Error('the extension service worker never had chrome.tabs and chrome.alarms bound');
    await new Promise((r) => setTimeout(r, 200));
  }
  return inWorker<T>(cdp, extensionId, expression);
}

/** Stops the extension's service worker over CDP, as Chrome does when it idles, then wakes a new one. */
async function restartWorker(context: BrowserContext, from: Page, extensionId: string): Promise<void> {
  await stopServiceWorkers(context, from);
  // Anything that talks to the extension wakes the worker.
  const waker = await context.newPage();
  await waker.goto(`chrome-extension://${extensionId}/panel/manager.html`);
  await waker.close();
}

test('schedules run fixed actions only, survive a worker restart and the alarms a browser restart drops, and a paused site runs none', async ({ context, openPage, openExtensionPage, tabIdOf, cdp, extensionId, witness }) => {
  const shop = await openPage('shop.test', '/index.html');
  const tabId = await tabIdOf(shop);
  const { panel, remixletId } = await installWith(openExtensionPage, tabId, {
    matches: ['*://shop.test/*'],
    permissions: [perm('schedule'), perm('notifications'), perm('storage')],
    script: SCRIPT,
  });
  await shop.reload();
  const r = await results(panel, remixletId, ['messages', 'setMessage', 'setOpen', 'setNotify', 'past', 'everySecond', 'elsewhere']);
  expect(r).toMatchObject({
    messages: { ok: true, value: [] },
    setMessage: { ok: true },
    setOpen: { ok: true },
    setNotify: { ok: true },
    past: { ok: false, code: 'SCHEDULE_REFUSED' },
    everySecond: { ok: false, code: 'SCHEDULE_REFUSED' },
    elsewhere: { ok: false, code: 'ADDRESS_REFUSED' },
  });
  const names = ['deal', 'later', 'tea'].map((id) => `rmx-schedule:${remixletId}:${id}`);
  const alarms = async () => (await inWorker<Alarm[]>(cdp, extensionId, 'chrome.alarms.getAll()')).sort((a, b) => a.name.localeCompare(b.name));
  const scheduled = await alarms();
  expect(scheduled.map((a) => a.name)).toEqual(names);
  expect(scheduled[2]!.periodInMinutes).toBe(60);

  // A stopped worker keeps them; a browser restart may drop alarms, and the stored records bring them back.
  await restartWorker(context, panel, extensionId);
  expect((await alarms()).map((a) => a.name)).toEqual(names);
  await inWorker(cdp, extensionId, 'chrome.alarms.clearAll()');
  expect(await alarms()).toEqual([]);
  await restartWorker(context, panel, extensionId);
  await expect.poll(async () => (await alarms()).map((a) => a.name)).toEqual(names);

  const fire = async (id: string) => {
    const alarm = (await alarms()).find((a) => a.name.endsWith(`:${id}`))!;
    await inWorker(cdp, extensionId, `remixletServices.scheduleFired(${JSON.stringify(alarm)})`);
  };
  const notifications = async () => Object.keys(await inWorker<Record<string, unknown>>(cdp, extensionId, 'chrome.notifications.getAll()'));
  // The message waits for the remixlet's next page load.
  await fire('later');
  await shop.reload();
  await expect.poll(async () => (await results(panel, remixletId, ['messages'])).messages).toEqual({ ok: true, value: [{ note: 'left for the next visit' }] });
  // One of its own pages is opened; a text notification is shown.
  await fire('deal');
  // Read through chrome.tabs: Playwright may lose track of a tab the worker opens blank and then navigates.
  await expect
    .poll(async () => (await inWorker<string[]>(cdp, extensionId, `chrome.tabs.query({}).then((tabs) => tabs.map((t) => t.url))`)).includes('https://shop.test/index.html?deal=1'), { timeout: 10_000 })
    .toBe(true);
  await fire('tea');
  await expect.poll(notifications).toHaveLength(1);
  // One-shot schedules are gone once run; the repeating one stays.
  expect((await alarms()).map((a) => a.name)).toEqual([names[2]]);

  // On a paused site nothing runs, and the log says why.
  const manager = await openExtensionPage('panel/manager.html');
  await uiCall(manager, 'pauseSite', { site: 'shop.test', paused: true });
  await fire('tea');
  await expect.poll(async () => (await logMessages(manager, remixletId)).join('\n')).toMatch(/schedule "tea" did not run: every remixlet on the site it was set on is paused/);
  expect(await notifications()).toHaveLength(1);
  await witness.expectNoHits();
});

test('a schedule set before the browser closes fires after it starts again on the same profile, its alarm re-created from the store if the browser dropped it', { tag: WAITS }, async ({ servers, witness, sites, extensionPath }) => {
  // Chromium fires the alarms itself here, at least a minute after they were set (the shortest schedule).
  test.setTimeout(480_000);
  const { launch, dispose } = relaunchable({ proxyPort: servers.proxy.port, extensionPath, tag: witness.tag });
  const script = `
const waiting = await rmx.messages();
rmx.log('MESSAGES ' + JSON.stringify(waiting.map((m) => m.data).sort()));
if (!(await rmx.storage.get('set'))) {
  ${report('kept', `rmx.schedule({ id: 'kept', inMinutes: 1, message: 'its alarm was kept' })`)}
  ${report('dropped', `rmx.schedule({ id: 'dropped', inMinutes: 1, message: 'its alarm came back from the store' })`)}
  await rmx.storage.set('set', true);
}
`;
  try {
    // First run: the remixlet sets two schedules; the browser is made to drop one of the alarms.
    const first = await launch();
    const shop = await first.context.newPage();
    await shop.goto(sites.url('shop.test', '/index.html'));
    const inFirst = <T,>(expression: string) => askWorker<T>({ listTargets: () => listTargets(first.context), attach: (t) => TargetSession.attach(first.context, t) }, first.extensionId, expression);
    const tabId = await inFirst<number>(`chrome.tabs.query({}).then((tabs) => tabs.find((t) => t.url === ${JSON.stringify(shop.url())}).id)`);
    const { panel, remixletId } = await installWith(first.openExtensionPage, tabId, { matches: ['*://shop.test/*'], permissions: [perm('schedule'), perm('storage')], script });
    await shop.reload();
    expect(await results(panel, remixletId, ['kept', 'dropped'])).toMatchObject({ kept: { ok: true }, dropped: { ok: true } });
    const names = ['dropped', 'kept'].map((id) => `rmx-schedule:${remixletId}:${id}`);
    const alarmNames = async (inBrowser: typeof inFirst) => (await inBrowser<Alarm[]>('chrome.alarms.getAll()')).map((a) => a.name).sort();
    expect(await alarmNames(inFirst)).toEqual(names);
    await inFirst(`chrome.alarms.clear(${JSON.stringify(names[0])})`);
    expect(await alarmNames(inFirst)).toEqual([names[1]]);
    await first.close();

    // The whole browser is gone; a new one starts on the same profile.
    const second = await launch();
    try {
      const inSecond = <T,>(expression: string) => askWorker<T>({ listTargets: () => listTargets(second.context), attach: (t) => TargetSession.attach(second.context, t) }, second.extensionId, expression);
      expect(second.extensionId).toBe(first.extensionId);
      const alarmsNow = () => alarmNames(inSecond).catch((e: unknown) => `not yet: ${String(e)}`);
      await expect.poll(alarmsNow).toEqual(names);
      // Chromium fires both; the worker queues their messages.
      const manager = await second.openExtensionPage('panel/manager.html');
      await expect
        .poll(async () => (await logMessages(manager, remixletId)).filter((m) => /^schedule "(kept|dropped)" ran: message$/.test(m)).sort(), { timeout: 150_000, intervals: [1_000] })
        .toEqual(['schedule "dropped" ran: message', 'schedule "kept" ran: message']);
      await expect.poll(alarmsNow).toEqual([]);
      // The remixlet reads them on its next page load.
      const again = await second.context.newPage();
      await again.goto(sites.url('shop.test', '/index.html'));
      await expect
        .poll(async () => (await logMessages(manager, remixletId)).find((m) => m.startsWith('MESSAGES ') && m !== 'MESSAGES []'))
        .toBe(`MESSAGES ${JSON.stringify(['its alarm came back from the store', 'its alarm was kept'])}`);
    } finally {
      await second.close();
    }
    await witness.expectNoHits();
  } finally {
    dispose();
  }
});
