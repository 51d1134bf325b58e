// Context: shared (pure). The rmx services' calls as they cross sandbox → offscreen host → worker:
// clipboard, notifications, menu, schedule, messages, fetch and network:observe. Trusts nothing: the
// offscreen host parses what a sandbox sends with these, the worker parses again, and the runtime parses
// what comes back. Limits live here so every side enforces the same numbers.
import { z } from 'zod';
import { SERVICE_LIMITS } from './service-limits';

export { SERVICE_LIMITS } from './service-limits';
export { FetchResult, ObservedResponse, QueuedMessage, menuListener } from './service-answers';

/** A log line's level (rmx.log, refusals, notes). */
export const LogLevel = z.enum(['info', 'warn', 'error']);

/** A log line as it crosses to the log (rmx.log and friends): the runtime cuts longer ones to this. */
export const LogLine = z.string().max(SERVICE_LIMITS.logLineChars);
export const LogCall = z.object({ level: LogLevel, message: LogLine }).strict();

/** A value that is JSON of at most SERVICE_LIMITS.crossingValueJsonChars characters (or nothing). */
function withinCrossingBound(value: unknown): boolean {
  try {
    const json = JSON.stringify(value);
    return json === undefined || json.length <= SERVICE_LIMITS.crossingValueJsonChars;
  } catch {
    return false;
  }
}
const CrossingValue = z.unknown().refine(withinCrossingBound, `a value must be JSON of at most ${SERVICE_LIMITS.crossingValueJsonChars} characters`);

// Each call's options are named so the API surface (contracts/api/surface.ts) records these very schemas:
// narrowing one changes the API snapshot, which stored code depends on.

/** rmx.storage: per remixlet, with the storage permission. */
export const StorageGet = z.object({ action: z.literal('get'), key: z.string().min(1).max(200) }).strict();
export const StorageSet = z.object({ action: z.literal('set'), key: z.string().min(1).max(200), value: CrossingValue }).strict();
export const StorageRemove = z.object({ action: z.literal('remove'), key: z.string().min(1).max(200) }).strict();
export const StorageCall = z.discriminatedUnion('action', [StorageGet, StorageSet, StorageRemove, z.object({ action: z.literal('keys') }).strict()]);
export type StorageCall = z.infer<typeof StorageCall>;

export const ClipboardCall = z.object({ text: z.string().max(SERVICE_LIMITS.clipboardChars) }).strict();

export const NotifyCall = z
  .object({
    title: z.string().min(1).max(SERVICE_LIMITS.notifyTitleChars),
    message: z.string().max(SERVICE_LIMITS.notifyMessageChars),
  })
  .strict();

const MenuId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'a menu id is 1 to 40 letters, digits, "-" or "_"');
export const MenuAdd = z.object({ action: z.literal('add'), id: MenuId, title: z.string().min(1).max(SERVICE_LIMITS.menuTitleChars) }).strict();
export const MenuRemove = z.object({ action: z.literal('remove'), id: MenuId }).strict();
export const MenuCall = z.discriminatedUnion('action', [MenuAdd, MenuRemove]);
export type MenuCall = z.infer<typeof MenuCall>;

const ScheduleId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'a schedule id is 1 to 40 letters, digits, "-" or "_"');
export const ScheduleSet = z
  .object({
    action: z.literal('set'),
    id: ScheduleId,
    /** When, as milliseconds since the epoch; or `inMinutes` from now. Exactly one. */
    at: z.number().finite().optional(),
    inMinutes: z.number().finite().optional(),
    everyMinutes: z.number().finite().optional(),
    /** The one fixed action: exactly one of these three. */
    notify: z.object({ title: NotifyCall.shape.title, message: NotifyCall.shape.message }).strict().optional(),
    open: z.string().max(2_048).optional(),
    message: CrossingValue.optional(),
  })
  .strict();
export const ScheduleCancel = z.object({ action: z.literal('cancel'), id: ScheduleId }).strict();
export const ScheduleCall = z.discriminatedUnion('action', [ScheduleSet, ScheduleCancel]);
export type ScheduleCall = z.infer<typeof ScheduleCall>;

const HeaderName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, 'a header name is a token of at most 100 characters');
export const FETCH_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const FetchCall = z
  .object({
    url: z.string().max(SERVICE_LIMITS.fetchUrlChars),
    method: z.enum(FETCH_METHODS).optional(),
    headers: z.record(HeaderName, z.string().max(8_192)).optional(),
    body: z.string().max(SERVICE_LIMITS.fetchRequestBodyBytes).optional(),
    as: z.enum(['text', 'json']).optional(),
    timeoutMs: z.number().int().min(100).max(SERVICE_LIMITS.fetchTimeoutMs).optional(),
  })
  .strict();
export type FetchCall = z.infer<typeof FetchCall>;

/**
 * A host as a permission names it. Only its shape is checked here (the sandbox bundles this file, and the
 * full check would bring the public-suffix list with it); the worker grants a host only when it is exactly
 * a declared, approved permission, whose name the manifest check already proved a plain host.
 */
export const PlainHost = z.string().regex(/^[a-z0-9._-]{1,253}(:[1-9][0-9]{0,4})?$/, 'a plain host name, optionally with :port');
const ObserverId = z.string().regex(/^rmx-observe:[0-9]{1,9}$/);
export const NetworkObserveCall = z.object({ host: PlainHost, listener: ObserverId }).strict();
export const NetworkStopCall = z.object({ listener: ObserverId }).strict();

