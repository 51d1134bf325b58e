// Context: shared (pure). Everything stored remixlet code can call or see, declared once: each `dom` and
// handle method with the operation it sends, each `rmx` name with its permission. The runtime implements
// exactly this (tests/unit/api checks it), the reference in docs/api is generated from it, and the API
// snapshot (contracts/api/snapshot-v1.json) keeps it from ever shrinking or changing under stored code.
// Each rmx service's parameters are the very schemas the offscreen host and the worker enforce
// (contracts/boundaries/service-calls.ts), so narrowing what is enforced changes the snapshot too.
import { z } from 'zod';
import { DOM_OP_USES, type DomOpName } from '../dom/ops';
import type { Schema } from '../rpc';
import { permissionSpelling, RMX_SERVICES, type ServiceName } from '../capabilities/rmx-services';
import { ClipboardCall, FetchCall, FetchResult, MenuAdd, MenuRemove, NetworkObserveCall, NotifyCall, ObservedResponse, QueuedMessage, ScheduleCancel, ScheduleSet, SERVICE_LIMITS, StorageGet, StorageRemove, StorageSet } from '../boundaries/service-calls';

export interface DomMethod {
  /** How remixlet code calls it: `dom.query(selector)`, `h.text()`. */
  signature: string;
  /** The dom operation it sends (see contracts/dom/ops.ts for its schema and description). */
  op: DomOpName;
  /** What it resolves to. */
  returns: string;
}

/** Every dom and handle method, from the ops' declarations (contracts/dom/ops.ts): the dom object's first, each in op order. */
export const DOM_METHODS: readonly DomMethod[] = (['dom.', 'h.'] as const).flatMap((on) =>
  [...DOM_OP_USES].flatMap(([op, use]) => Object.entries(use.methods ?? {}).flatMap(([signature, returns]) => (signature.startsWith(on) ? [{ signature, op, returns }] : []))),
);

/** A dom member that sends no operation of its own. */
export interface DomHelper {
  signature: string;
  returns: string;
  description: string;
  params: Schema;
}

export const DOM_HELPERS: readonly DomHelper[] = [
  {
    signature: 'dom.batch(fn)',
    returns: 'Promise<T>',
    description: 'Runs fn and sends every dom call it makes in one round trip; each call still gets its own result. Resolves to what fn returns.',
    params: z.tuple([z.custom<() => unknown>()]),
  },
];

export interface RmxMember {
  signature: string;
  /** The rmx service it calls (contracts/capabilities/rmx-services.ts), or null for a runtime helper. */
  service: ServiceName | null;
  /** The permission the worker checks on every call: its service's, or null. */
  permission: string | null;
  description: string;
  params: Schema;
  result: Schema;
}

const Json = z.unknown().describe('Any JSON value');

export const RMX_API: readonly RmxMember[] = ([
  { signature: 'rmx.version', service: null, description: 'The API version this remixlet runs under.', params: z.tuple([]), result: z.number().int() },
  { signature: 'rmx.page', service: null, description: 'The page address and title (read-only). Both follow single-page-app navigations: url is the address of the latest one, title the title read just after it (a title the site changes later without navigating shows at the next navigation; await dom.title() for the title now).', params: z.tuple([]), result: z.object({ url: z.string(), title: z.string() }) },
  { signature: 'rmx.log(...values)', service: null, description: `Writes a line to the remixlet's log; always allowed, also while paused. A line longer than ${SERVICE_LIMITS.logLineChars} characters is cut.`, params: z.array(z.unknown()), result: z.void() },
  { signature: 'rmx.warn(...values)', service: null, description: 'Writes a warning to the log.', params: z.array(z.unknown()), result: z.void() },
  { signature: 'rmx.error(...values)', service: null, description: 'Writes an error to the log.', params: z.array(z.unknown()), result: z.void() },
  {
    signature: 'rmx.keep(name, { check, repair })',
    service: null,
    description: 'A condition that should stay true while the site redraws: check() runs after page changes and navigations (at most once a frame) and repair() runs when it fails; a repair that keeps failing backs off and says so in the log. Only changes near what check() looked at wake it, and where it looks is all that is watched: a check that reads handles found before it, or selectors that start from an element with an id (`#feed .promo`), costs a busy page almost nothing elsewhere; other selectors (`.promo`) make the whole page watched.',
    params: z.tuple([z.string(), z.object({ check: z.custom<() => unknown>(), repair: z.custom<() => unknown>() })]),
    result: z.void(),
  },
  { signature: 'rmx.storage.get(key)', service: 'storage', description: "Reads a value from the remixlet's own storage (null when absent).", params: z.tuple([StorageGet.shape.key]), result: Json },
  { signature: 'rmx.storage.set(key, value)', service: 'storage', description: 'Stores a JSON value; refused past the quota.', params: z.tuple([StorageSet.shape.key, Json]), result: z.void() },
  { signature: 'rmx.storage.remove(key)', service: 'storage', description: 'Removes a stored value.', params: z.tuple([StorageRemove.shape.key]), result: z.void() },
  { signature: 'rmx.storage.keys()', service: 'storage', description: 'The keys in use.', params: z.tuple([]), result: z.array(z.string()) },
  { signature: 'rmx.clipboard.write(text)', service: 'clipboard', description: 'Writes plain text to the clipboard (write only: nothing can be read back).', params: z.tuple([ClipboardCall.shape.text]), result: z.void() },
  {
    signature: 'rmx.notify({ title, message })',
    service: 'notify',
    description: 'Shows a text notification marked with the remixlet\'s name: no image, no buttons. At most 3 a minute and 20 an hour; past that it is refused (RATE_LIMITED).',
    params: z.tuple([NotifyCall]),
    result: z.void(),
  },
  {
    signature: 'rmx.menu.add({ id, title }, handler)',
    service: 'menu',
    description: "Adds an entry to the context menu on the remixlet's pages; a click runs handler() in this page's sandbox. At most 5 entries; adding an id again renames it.",
    // Not strict: the runtime passes on only id and title, so other fields are ignored, not refused.
    params: z.tuple([z.object(MenuAdd.omit({ action: true }).shape), z.custom<() => unknown>()]),
    result: z.void(),
  },
  { signature: 'rmx.menu.remove(id)', service: 'menu', description: 'Removes a context-menu entry.', params: z.tuple([MenuRemove.shape.id]), result: z.void() },
  {
    signature: 'rmx.schedule({ id, at | inMinutes, everyMinutes?, notify | open | message })',
    service: 'schedule',
    description:
      "Runs no code later: at the time (at least a minute ahead, within a year; repeats at most every 15 minutes) the extension does one fixed action: notify ({ title, message }, also needs notifications), open (one of the remixlet's own pages, opened or focused), or message (any JSON, read with rmx.messages()). The same id replaces a schedule; at most 10.",
    params: z.tuple([ScheduleSet.omit({ action: true })]),
    result: z.void(),
  },
  { signature: 'rmx.unschedule(id)', service: 'schedule', description: 'Cancels a schedule.', params: z.tuple([ScheduleCancel.shape.id]), result: z.void() },
  {
    signature: 'rmx.messages()',
    service: 'messages',
    description: 'Takes the messages schedules queued since the last call (at most 20 wait; later ones are dropped and logged).',
    params: z.tuple([]),
    result: z.array(QueuedMessage),
  },
  {
    signature: 'rmx.fetch(url, { method, headers, body, as, timeoutMs })',
    service: 'fetch',
    description:
      "Sent by the extension with the person's cookies, to approved hosts only; every redirect is checked before it is followed (a redirect elsewhere is refused, ADDRESS_REFUSED) and an Authorization header is dropped once a redirect leaves the origin. http is allowed. Responses over 1 MiB (PAYLOAD_TOO_LARGE) or slower than timeoutMs (default and most 30 s; TIMEOUT) are refused. as: 'json' parses the body.",
    params: z.tuple([FetchCall.shape.url, FetchCall.omit({ url: true }).optional()]),
    result: FetchResult,
  },
  {
    signature: 'rmx.network.observe(host, handler)',
    service: 'networkObserve',
    description:
      "Calls handler(response) for each response the page itself receives from host through fetch or XMLHttpRequest, including the last few received before the remixlet started; bodies are capped at 64 KiB (truncated says so). The data comes from the page's own world: treat it as untrusted. Resolves to { stop() }.",
    params: z.tuple([NetworkObserveCall.shape.host, z.custom<(response: z.infer<typeof ObservedResponse>) => unknown>()]),
    result: z.object({ stop: z.custom<() => Promise<void>>() }),
  },
] satisfies ReadonlyArray<Omit<RmxMember, 'permission'>>).map((m) => ({ ...m, permission: m.service ? permissionSpelling(RMX_SERVICES[m.service].permission) : null }));

/** The name part of a signature: `h.setAttr(name, value)` → `h.setAttr`. */
export const memberName = (signature: string): string => signature.replace(/\(.*$/, '');
