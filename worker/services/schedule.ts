// Context: background service worker. rmx.schedule keeps a record and a chrome.alarms alarm; no remixlet
// code runs later. When the alarm fires (schedule-fire.ts) the worker itself runs one of three fixed
// actions. Records live in IndexedDB and alarms are recreated from them whenever the worker starts, so a
// schedule survives worker and browser restarts. Trusts the grant; checks everything in the call.
import { z } from 'zod';
import { RemixletRefusal } from '../../contracts/refusals';
import { SERVICE_LIMITS, type ScheduleCall } from '../../contracts/boundaries/service-calls';
import { matchesUrl } from '../../contracts/policy/match-pattern';
import { coversEverySite } from '../../contracts/policy/match-pattern';
import { sameSite } from '../../contracts/policy/registrable-domain';
import { quote } from '../../contracts/policy/result';
import type { ActiveRemixlet } from '../store/remixlets';
import { serialized } from '../store/db';
import { keysWithPrefix, scheduleKey, servicesDb } from './store';

export const ScheduleRecord = z
  .object({
    remixletId: z.string(),
    id: z.string(),
    firstAt: z.number(),
    everyMinutes: z.number().optional(),
    notify: z.object({ title: z.string(), message: z.string() }).strict().optional(),
    open: z.string().optional(),
    message: z.unknown().optional(),
    kind: z.enum(['notify', 'open', 'message']),
    /** The page it was set from: an every-site remixlet may only open pages on that site. */
    setOn: z.string(),
  })
  .strict();
export type ScheduleRecord = z.infer<typeof ScheduleRecord>;

const ALARM_PREFIX = 'rmx-schedule:';
export const alarmName = (remixletId: string, id: string): string => `${ALARM_PREFIX}${remixletId}:${id}`;
export function parseAlarmName(name: string): { remixletId: string; id: string } | undefined {
  const m = /^rmx-schedule:([a-z0-9]{8,16}):([A-Za-z0-9_-]{1,40})$/.exec(name);
  return m ? { remixletId: m[1]!, id: m[2]! } : undefined;
}

const MINUTE = 60_000;
const refuse = (reason: string): never => {
  throw new RemixletRefusal('SCHEDULE_REFUSED', reason);
};

/** Whether an address is one of the remixlet's own pages it may open from a schedule set on `setOn`. */
export function ownPage(r: ActiveRemixlet, address: string, setOn: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (!matchesUrl(r.manifest.matches, r.manifest.excludeMatches ?? [], url)) return undefined;
  // For a remixlet on every site, "its own pages" would be the whole web; keep it to the site it was set on.
  if (coversEverySite(r.manifest.matches) && !sameSite(url, setOn)) return undefined;
  return url;
}

export async function scheduleCall(r: ActiveRemixlet, pageUrl: string, call: ScheduleCall, now = Date.now()): Promise<{ ok: true }> {
  const remixletId = r.head.id;
  if (call.action === 'cancel') {
    await servicesDb.removeItem(scheduleKey(remixletId, call.id));
    await chrome.alarms.clear(alarmName(remixletId, call.id));
    return { ok: true };
  }
  const actions = (['notify', 'open', 'message'] as const).filter((k) => call[k] !== undefined);
  if (actions.length !== 1) refuse('A schedule does exactly one of three things: give it one of notify, open or message.');
  const kind = actions[0]!;
  if ((call.at === undefined) === (call.inMinutes === undefined)) refuse('Say when with exactly one of at (a time) or inMinutes.');
  const firstAt = call.at ?? now + call.inMinutes! * MINUTE;
  if (firstAt <= now) refuse('That time is in the past; a schedule runs later.');
  if (firstAt < now + SERVICE_LIMITS.scheduleMinMinutes * MINUTE) refuse(`A schedule runs at least ${SERVICE_LIMITS.scheduleMinMinutes} minute from now.`);
  if (firstAt > now + SERVICE_LIMITS.scheduleMaxDays * 24 * 60 * MINUTE) refuse(`A schedule runs within ${SERVICE_LIMITS.scheduleMaxDays} days.`);
  if (call.everyMinutes !== undefined && (call.everyMinutes < SERVICE_LIMITS.scheduleMinRepeatMinutes || call.everyMinutes > SERVICE_LIMITS.scheduleMaxDays * 24 * 60)) {
    refuse(`A schedule repeats at most every ${SERVICE_LIMITS.scheduleMinRepeatMinutes} minutes (and at least once in ${SERVICE_LIMITS.scheduleMaxDays} days).`);
  }
  if (kind === 'notify' && !r.manifest.permissions.some((p) => p.name === 'notifications')) {
    throw new RemixletRefusal('PERMISSION_MISSING', 'A schedule that notifies needs the "notifications" permission too.');
  }
  if (kind === 'open' && !ownPage(r, call.open!, pageUrl)) {
    throw new RemixletRefusal('ADDRESS_REFUSED', `${quote(call.open!)} is not one of the remixlet's own pages; a schedule opens only those.`);
  }
  if (kind === 'message') {
    const json = JSON.stringify(call.message);
    if (json === undefined) refuse('A scheduled message must be a JSON value.');
    if (new TextEncoder().encode(json).length > SERVICE_LIMITS.messageBytes) {
      throw new RemixletRefusal('PAYLOAD_TOO_LARGE', `A scheduled message may be at most ${SERVICE_LIMITS.messageBytes} bytes.`);
    }
  }
  return serialized(`schedules:${remixletId}`, async () => {
    const existing = await keysWithPrefix(scheduleKey(remixletId, ''));
    if (!existing.includes(scheduleKey(remixletId, call.id)) && existing.length >= SERVICE_LIMITS.schedulesPerRemixlet) {
      throw new RemixletRefusal('TOO_MANY', `A remixlet may keep at most ${SERVICE_LIMITS.schedulesPerRemixlet} schedules; cancel one first.`);
    }
    const record: ScheduleRecord = {
      remixletId,
      id: call.id,
      firstAt,
      ...(call.everyMinutes !== undefined ? { everyMinutes: call.everyMinutes } : {}),
      ...(kind === 'notify' ? { notify: call.notify! } : {}),
      ...(kind === 'open' ? { open: call.open! } : {}),
      ...(kind === 'message' ? { message: JSON.parse(JSON.stringify(call.message)) as unknown } : {}),
      kind,
      setOn: pageUrl,
    };
    await servicesDb.setItem(scheduleKey(remixletId, call.id), record);
    await createAlarm(record, now);
    return { ok: true as const };
  });
}

/** The alarm for a record: at its time, or (if that passed while the browser was closed) now, for a missed one-shot, or at its next repeat. */
async function createAlarm(record: ScheduleRecord, now: number): Promise<void> {
  let when = record.firstAt;
  if (when <= now) {
    const period = record.everyMinutes ? record.everyMinutes * MINUTE : undefined;
    when = period ? record.firstAt + Math.ceil((now - record.firstAt) / period) * period : now + 1_000;
  }
  await chrome.alarms.create(alarmName(record.remixletId, record.id), { when, ...(record.everyMinutes ? { periodInMinutes: record.everyMinutes } : {}) });
}

export async function readSchedule(remixletId: string, id: string): Promise<ScheduleRecord | undefined> {
  const parsed = ScheduleRecord.safeParse(await servicesDb.getItem(scheduleKey(remixletId, id)));
  return parsed.success ? parsed.data : undefined;
}

export async function dropSchedule(remixletId: string, id: string): Promise<void> {
  await servicesDb.removeItem(scheduleKey(remixletId, id));
  await chrome.alarms.clear(alarmName(remixletId, id));
}

export async function dropSchedulesOf(remixletId: string): Promise<void> {
  for (const key of await keysWithPrefix(scheduleKey(remixletId, ''))) await dropSchedule(remixletId, key.slice(scheduleKey(remixletId, '').length));
}

/** Alarms may be cleared when the browser restarts; every stored schedule gets its alarm back, and no alarm outlives its record. */
export async function restoreSchedules(now = Date.now()): Promise<void> {
  const alarms = new Set((await chrome.alarms.getAll()).map((a) => a.name));
  const wanted = new Set<string>();
  for (const key of await keysWithPrefix('schedule:')) {
    const parsed = ScheduleRecord.safeParse(await servicesDb.getItem(key));
    if (!parsed.success) continue;
    const name = alarmName(parsed.data.remixletId, parsed.data.id);
    wanted.add(name);
    if (!alarms.has(name)) await createAlarm(parsed.data, now);
  }
  for (const name of alarms) if (name.startsWith(ALARM_PREFIX) && !wanted.has(name)) await chrome.alarms.clear(name);
}
