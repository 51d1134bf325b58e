// Context: background service worker. What runs when a schedule's alarm fires: the worker, never remixlet
// code, does one of the three fixed actions (a text notification, opening or focusing one of the
// remixlet's own pages, queueing a message), after checking again that the remixlet exists, is on, is of
// an API version this extension still runs, still has the permission, and that the site it was set on (and
// the page it opens) is not paused.
import { loadRemixlet } from '../store/remixlets';
import { isSitePaused } from '../store/settings';
import { appendLog } from '../store/logs';
import { RemixletRefusal } from '../../contracts/refusals';
import { stateVerdict } from '../activation/remixlet-state';
import { dropSchedule, ownPage, parseAlarmName, readSchedule, type ScheduleRecord } from './schedule';
import { notify } from './notify';
import { queueMessage } from './messages';
import { openTabWithoutRules } from '../netrules/listeners';

export async function scheduleFired(alarm: { name: string; periodInMinutes?: number }): Promise<void> {
  const names = parseAlarmName(alarm.name);
  if (!names) return;
  const record = await readSchedule(names.remixletId, names.id);
  const loaded = await loadRemixlet(names.remixletId);
  if (!record || !loaded.ok || !loaded.remixlet.manifest.permissions.some((p) => p.name === 'schedule')) {
    // Deleted, or a later version gave the permission up: the schedule goes with it.
    await dropSchedule(names.remixletId, names.id);
    return;
  }
  const r = loaded.remixlet;
  if (!record.everyMinutes) await dropSchedule(r.head.id, record.id);
  const log = (level: 'info' | 'warn' | 'refusal', message: string, refusal?: RemixletRefusal) =>
    appendLog(r.head.id, { at: Date.now(), level, source: 'worker', message, ...(refusal ? { refusal: refusal.toJSON() } : {}) });
  const skipped = (code: RemixletRefusal['code'], why: string) => log('refusal', `schedule "${record.id}" did not run: ${why}`, new RemixletRefusal(code, why, 'rmx.schedule'));
  // The one state model (remixlet-state.ts): off, archived, an API version no longer run, or the site it was
  // set on paused. Kept, not dropped: switching it back on, or a rewrite for a supported version, brings it back.
  const state = stateVerdict(r, await isSitePaused(record.setOn));
  if (!state.runs) {
    const why = state.code === 'SITE_PAUSED' ? 'every remixlet on the site it was set on is paused' : state.reason.charAt(0).toLowerCase() + state.reason.slice(1).replace(/\.$/, '');
    return skipped(state.code, why);
  }
  try {
    await run(record, r, skipped);
    await log('info', `schedule "${record.id}" ran: ${record.kind}`);
  } catch (e) {
    const refusal = e instanceof RemixletRefusal ? e : new RemixletRefusal('INTERNAL', String(e).slice(0, 300));
    await skipped(refusal.code, refusal.reason);
  }
}

async function run(record: ScheduleRecord, r: Parameters<typeof ownPage>[0], skipped: (code: RemixletRefusal['code'], why: string) => Promise<void>): Promise<void> {
  switch (record.kind) {
    case 'notify':
      if (!r.manifest.permissions.some((p) => p.name === 'notifications')) return skipped('PERMISSION_MISSING', 'notifying needs the "notifications" permission');
      await notify(r, record.notify!);
      return;
    case 'message':
      if (!(await queueMessage(r.head.id, { schedule: record.id, at: Date.now(), data: record.message }))) {
        return skipped('TOO_MANY', 'the message queue is full (rmx.messages() empties it); this message was dropped');
      }
      return;
    case 'open': {
      const url = ownPage(r, record.open!, record.setOn);
      if (!url) return skipped('ADDRESS_REFUSED', "the address is no longer one of the remixlet's own pages");
      if (await isSitePaused(url.href)) return skipped('SITE_PAUSED', 'every remixlet on that site is paused');
      await openOrFocus(url);
    }
  }
}

async function openOrFocus(url: URL): Promise<void> {
  const bare = (u: string) => u.replace(/#.*$/, '');
  const open = (await chrome.tabs.query({})).find((t) => t.url !== undefined && bare(t.url) === bare(url.href));
  if (open?.id !== undefined) {
    await chrome.tabs.update(open.id, { active: true });
    if (open.windowId !== undefined) await chrome.windows.update(open.windowId, { focused: true }).catch(() => undefined);
    return;
  }
  // The worker opens it, so it is a request Remixlet sends: no remixlet's network rule may act on it.
  await openTabWithoutRules(url.href);
}
