// Context: shared (pure). The rmx services' calls as they cross sandbox → offscreen host → worker:
// clipboard, notifications, menu, schedule, messages, fetch and network:observe. Trusts nothing: the
// offscreen host parses what a sandbox sends with these, the worker parses again, and the runtime parses
// what comes back. Limits live here so every side enforces the same numbers.
import { z } from 'zod';

/** A log line's level (rmx.log, refusals, notes). */
export const LogLevel = z.enum(['info', 'warn', 'error']);

/** rmx.storage: per remixlet, with the storage permission. */
export const StorageCall = z.discriminatedUnion('action', [
  z.object({ action: z.literal('get'), key: z.string().min(1).max(200) }).strict(),
  z.object({ action: z.literal('set'), key: z.string().min(1).max(200), value: z.unknown() }).strict(),
  z.object({ action: z.literal('remove'), key: z.string().min(1).max(200) }).strict(),
  z.object({ action: z.literal('keys') }).strict(),
]);
export type StorageCall = z.infer<typeof StorageCall>;

export const SERVICE_LIMITS = {
  clipboardChars: 100_000,
  notifyTitleChars: 100,
  notifyMessageChars: 500,
  /** Notifications a remixlet may show in any rolling minute, and in any rolling hour. */
  notifyPerMinute: 3,
  notifyPerHour: 20,
  menuItemsPerRemixlet: 5,
  menuTitleChars: 100,
  schedulesPerRemixlet: 10,
  /** chrome.alarms fires no sooner than 30 s in a packed extension; a minute is the honest floor. */
  scheduleMinMinutes: 1,
  /** A repeat is never more often than this: a schedule is for reminders, not for polling. */
  scheduleMinRepeatMinutes: 15,
  scheduleMaxDays: 366,
  messageBytes: 16 * 1024,
  queuedMessages: 20,
  fetchUrlChars: 4_096,
  fetchRequestBodyBytes: 256 * 1024,
  fetchResponseBytes: 1024 * 1024,
  fetchTimeoutMs: 30_000,
  fetchMaxRedirects: 10,
  fetchConcurrentPerRemixlet: 4,
  fetchHeaders: 30,
  observeBodyChars: 64 * 1024,
  observeKeptPerHost: 20,
} as const;

export const ClipboardCall = z.object({ text: z.string().max(SERVICE_LIMITS.clipboardChars) }).strict();

export const NotifyCall = z
  .object({
    title: z.string().min(1).max(SERVICE_LIMITS.notifyTitleChars),
    message: z.string().max(SERVICE_LIMITS.notifyMessageChars),
  })
  .strict();

const MenuId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'a menu id is 1 to 40 letters, digits, "-" or "_"');
export const MenuCall = z.discriminatedUnion('action', [
  z.object({ action: z.literal('add'), id: MenuId, title: z.string().min(1).max(SERVICE_LIMITS.menuTitleChars) }).strict(),
  z.object({ action: z.literal('remove'), id: MenuId }).strict(),
]);
export type MenuCall = z.infer<typeof MenuCall>;
/** The listener a menu click is delivered to, on the sandbox's events port. */
export const menuListener = (id: string): string => `rmx-menu:${id}`;

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
    message: z.unknown().optional(),
  })
  .strict();
export const ScheduleCall = z.discriminatedUnion('action', [ScheduleSet, z.object({ action: z.literal('cancel'), id: ScheduleId }).strict()]);
export type ScheduleCall = z.infer<typeof ScheduleCall>;

export const QueuedMessage = z.object({ schedule: z.string(), at: z.number(), data: z.unknown() }).strict();
export type QueuedMessage = z.infer<typeof QueuedMessage>;

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

export const FetchResult = z
  .object({
    status: z.number().int(),
    statusText: z.string(),
    ok: z.boolean(),
    url: z.string(),
    redirected: z.boolean(),
    headers: z.record(z.string(), z.string()),
    body: z.unknown(),
  })
  .strict();
export type FetchResult = z.infer<typeof FetchResult>;

/**
 * A host as a permission names it. Only its shape is checked here (the sandbox bundles this file, and the
 * full check would bring the public-suffix list with it); the worker grants a host only when it is exactly
 * a declared, approved permission, whose name the manifest check already proved a plain host.
 */
export const PlainHost = z.string().regex(/^[a-z0-9._-]{1,253}(:[1-9][0-9]{0,4})?$/, 'a plain host name, optionally with :port');
const ObserverId = z.string().regex(/^rmx-observe:[0-9]{1,9}$/);
export const NetworkObserveCall = z.object({ host: PlainHost, listener: ObserverId }).strict();
export const NetworkStopCall = z.object({ listener: ObserverId }).strict();

/**
 * One response the page itself received, as the recorder in the page's main world reported it. That
 * world is the page's, so this is untrusted data: the worker parses it with this schema and checks its
 * host against the remixlet's permission before any sandbox sees it.
 */
export const ObservedResponse = z
  .object({
    via: z.enum(['fetch', 'xhr']),
    url: z.string().max(SERVICE_LIMITS.fetchUrlChars),
    method: z.string().max(20),
    status: z.number().int().min(0).max(999),
    contentType: z.string().max(200),
    body: z.string().max(SERVICE_LIMITS.observeBodyChars),
    truncated: z.boolean(),
    at: z.number(),
  })
  .strict();
export type ObservedResponse = z.infer<typeof ObservedResponse>;
