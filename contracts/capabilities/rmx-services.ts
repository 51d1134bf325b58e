// Context: shared (pure, no chrome API). Every rmx service a sandbox can call, declared once: the call
// it sends (the very schema the offscreen host and the worker enforce), what it answers at each hop, the
// permission the worker requires (from permissions.ts), what it does, and the rmx members remixlet code
// reaches it through. The sandbox → offscreen host spec, the offscreen → worker spec, the host's forwarders,
// the worker's grant rules and RMX_API's members (contracts/api/surface.ts: the reference, the snapshot, the
// prompt's rows) are derived from this table. Trusts nothing: it is schemas and words.
import { z } from 'zod';
import type { Schema } from '../rpc';
import type { HostPermissionKind, NamedPermissionName } from './permissions';
import { HOST_PERMISSIONS } from './permissions';
import {
  ClipboardCall,
  FetchCall,
  FetchResult,
  MenuAdd,
  MenuCall,
  MenuRemove,
  NetworkObserveCall,
  NetworkStopCall,
  NotifyCall,
  ObservedResponse,
  QueuedMessage,
  ScheduleCall,
  ScheduleCancel,
  ScheduleSet,
  StorageCall,
  StorageGet,
  StorageRemove,
  StorageSet,
} from '../boundaries/service-calls';

/**
 * The permission a call needs: none; one by name; or one on a host, read from the call's `url` (its
 * host name; a declared host with a port covers only that port, without one any port) or its `host` field.
 */
export type ServicePermission = null | { named: NamedPermissionName } | { host: HostPermissionKind; from: 'url' | 'host' };

export interface RmxService<C extends Schema = Schema, A extends Schema = Schema, H extends Schema = Schema> {
  /** The call as the runtime sends it; parsed where it arrives at the offscreen host, and where it arrives at the worker. */
  call: C;
  /** What the worker answers. */
  answer: A;
  /** What the sandbox gets, when the offscreen host finishes the call itself after the worker's answer (clipboard). */
  hostAnswer?: H;
  permission: ServicePermission;
  /** What a sandbox's call does (sandbox → offscreen host reference). */
  does: string;
  /** What the worker does with it (offscreen → worker reference). */
  worker: string;
  /** The rmx members remixlet code calls it through, as the API reference, the prompt and the snapshot show them. */
  members: readonly ServiceMember[];
}

/** An rmx member, as RMX_API (contracts/api/surface.ts) lists it; its service and permission come from where it is declared. */
export interface ServiceMember {
  /** How remixlet code calls it: `rmx.storage.get(key)`. */
  signature: string;
  description: string;
  params: Schema;
  result: Schema;
}

const service = <C extends Schema, A extends Schema, H extends Schema = A>(s: RmxService<C, A, H>) => s;
const Ok = z.object({ ok: z.literal(true) }).strict();
const Json = z.unknown().describe('Any JSON value');

export const RMX_SERVICES = {
  storage: service({
    call: StorageCall,
    answer: z.unknown(),
    permission: { named: 'storage' },
    does: 'Per-remixlet storage.',
    worker: 'Per-remixlet storage; needs the storage permission.',
    members: [
      { signature: 'rmx.storage.get(key)', description: "Reads a value from the remixlet's own storage (null when absent).", params: z.tuple([StorageGet.shape.key]), result: Json },
      { signature: 'rmx.storage.set(key, value)', description: 'Stores a JSON value; refused past the quota.', params: z.tuple([StorageSet.shape.key, Json]), result: z.void() },
      { signature: 'rmx.storage.remove(key)', description: 'Removes a stored value.', params: z.tuple([StorageRemove.shape.key]), result: z.void() },
      { signature: 'rmx.storage.keys()', description: 'The keys in use.', params: z.tuple([]), result: z.array(z.string()) },
    ],
  }),
  clipboard: service({
    call: ClipboardCall,
    answer: z.object({ granted: z.literal(true) }).strict(),
    hostAnswer: z.null(),
    permission: { named: 'clipboard' },
    does: 'Writes text to the clipboard.',
    worker: 'Asks whether this sandbox may write text to the clipboard (clipboard permission); the offscreen host writes it only after a yes.',
    members: [
      { signature: 'rmx.clipboard.write(text)', description: 'Writes plain text to the clipboard (write only: nothing can be read back).', params: z.tuple([ClipboardCall.shape.text]), result: z.void() },
    ],
  }),
  notify: service({
    call: NotifyCall,
    answer: z.object({ shown: z.boolean() }).strict(),
    permission: { named: 'notifications' },
    does: 'Shows a text notification.',
    worker: 'Shows a text notification (notifications permission), rate limited.',
    members: [
      {
        signature: 'rmx.notify({ title, message })',
        description: 'Shows a text notification marked with the remixlet\'s name: no image, no buttons. At most 3 a minute and 20 an hour; past that it is refused (RATE_LIMITED).',
        params: z.tuple([NotifyCall]),
        result: z.void(),
      },
    ],
  }),
  menu: service({
    call: MenuCall,
    answer: Ok,
    permission: { named: 'menu' },
    does: 'Adds or removes a context-menu entry.',
    worker: "Adds or removes the remixlet's entry in the page's context menu (menu permission).",
    members: [
      {
        signature: 'rmx.menu.add({ id, title }, handler)',
        description: "Adds an entry to the context menu on the remixlet's pages; a click runs handler() in this page's sandbox. At most 5 entries; adding an id again renames it.",
        // Not strict: the runtime passes on only id and title, so other fields are ignored, not refused.
        params: z.tuple([z.object(MenuAdd.omit({ action: true }).shape), z.custom<() => unknown>()]),
        result: z.void(),
      },
      { signature: 'rmx.menu.remove(id)', description: 'Removes a context-menu entry.', params: z.tuple([MenuRemove.shape.id]), result: z.void() },
    ],
  }),
  schedule: service({
    call: ScheduleCall,
    answer: Ok,
    permission: { named: 'schedule' },
    does: 'Sets or cancels a scheduled fixed action.',
    worker: 'Sets or cancels one of the three fixed scheduled actions (schedule permission).',
    members: [
      {
        signature: 'rmx.schedule({ id, at | inMinutes, everyMinutes?, notify | open | message })',
        description:
          "Runs no code later: at the time (at least a minute ahead, within a year; repeats at most every 15 minutes) the extension does one fixed action: notify ({ title, message }, also needs notifications), open (one of the remixlet's own pages, opened or focused), or message (any JSON, read with rmx.messages()). The same id replaces a schedule; at most 10.",
        params: z.tuple([ScheduleSet.omit({ action: true })]),
        result: z.void(),
      },
      { signature: 'rmx.unschedule(id)', description: 'Cancels a schedule.', params: z.tuple([ScheduleCancel.shape.id]), result: z.void() },
    ],
  }),
  messages: service({
    call: z.object({}).strict(),
    answer: z.array(QueuedMessage),
    permission: { named: 'schedule' },
    does: 'Takes the queued scheduled messages.',
    worker: 'Takes the messages schedules queued for this remixlet (schedule permission).',
    members: [
      {
        signature: 'rmx.messages()',
        description: 'Takes the messages schedules queued since the last call (at most 20 wait; later ones are dropped and logged).',
        params: z.tuple([]),
        result: z.array(QueuedMessage),
      },
    ],
  }),
  fetch: service({
    call: FetchCall,
    answer: FetchResult,
    permission: { host: 'fetch', from: 'url' },
    does: 'A request sent by the worker to an approved host.',
    worker: "Sends a request from the worker with the person's cookies, to approved hosts only (fetch:<host>).",
    members: [
      {
        signature: 'rmx.fetch(url, { method, headers, body, as, timeoutMs })',
        description:
          "Sent by the extension with the person's cookies, to approved hosts only; every redirect is checked before it is followed (a redirect elsewhere is refused, ADDRESS_REFUSED) and an Authorization header is dropped once a redirect leaves the origin. http is allowed. Responses over 1 MiB (PAYLOAD_TOO_LARGE) or slower than timeoutMs (default and most 30 s; TIMEOUT) are refused. as: 'json' parses the body.",
        params: z.tuple([FetchCall.shape.url, FetchCall.omit({ url: true }).optional()]),
        result: FetchResult,
      },
    ],
  }),
  networkObserve: service({
    call: NetworkObserveCall,
    answer: Ok,
    permission: { host: 'network:observe', from: 'host' },
    does: 'Observes what the page receives from a host.',
    worker: 'Delivers what the page receives from a host to this sandbox (network:observe:<host>).',
    members: [
      {
        signature: 'rmx.network.observe(host, handler)',
        description:
          "Calls handler(response) for each response the page itself receives from host through fetch or XMLHttpRequest, including the last few received before the remixlet started; bodies are capped at 64 KiB (truncated says so). The data comes from the page's own world: treat it as untrusted. Resolves to { stop() }.",
        params: z.tuple([NetworkObserveCall.shape.host, z.custom<(response: z.infer<typeof ObservedResponse>) => unknown>()]),
        result: z.object({ stop: z.custom<() => Promise<void>>() }),
      },
    ],
  }),
  networkStop: service({
    call: NetworkStopCall,
    answer: Ok,
    // Stops only an observer of this very sandbox, which its permission already allowed.
    permission: null,
    does: 'Stops a network observer.',
    worker: 'Stops one network observer of this sandbox.',
    // No member of its own: the stop() that rmx.network.observe resolves to calls it.
    members: [],
  }),
};

export type RmxServices = typeof RMX_SERVICES;
export type ServiceName = keyof RmxServices;
export const SERVICE_NAMES = Object.keys(RMX_SERVICES) as ServiceName[];

/** The permission in the manifest's spelling (`fetch:<host>` for one on a host), or null. */
export function permissionSpelling(permission: ServicePermission): string | null {
  if (permission === null) return null;
  return 'named' in permission ? permission.named : `${HOST_PERMISSIONS[permission.host].prefix}<host>`;
}

/** Each service's spec at one hop, built by `make`, under the service's own name. */
export function serviceSpecs<P>(make: <K extends ServiceName>(s: RmxServices[K], name: K) => P): { [K in ServiceName]: P } {
  return Object.fromEntries(SERVICE_NAMES.map((name) => [name, make(RMX_SERVICES[name], name)])) as { [K in ServiceName]: P };
}
