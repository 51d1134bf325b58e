// Context: shared (pure, no chrome API). Every rmx service a sandbox can call, declared once: the call
// it sends (the very schema the offscreen host and the worker enforce), what it answers at each hop, the
// permission the worker requires (from permissions.ts) and what it does, for the generated reference.
// The sandbox → offscreen host spec, the offscreen → worker spec, the host's forwarders and the worker's
// grant rules are derived from this table; RMX_API (contracts/api/surface.ts) names the service each
// member calls and takes its permission from here. Trusts nothing: it is schemas and words.
import { z } from 'zod';
import type { Schema } from '../rpc';
import type { HostPermissionKind, NamedPermissionName } from './permissions';
import { HOST_PERMISSIONS } from './permissions';
import { ClipboardCall, FetchCall, FetchResult, MenuCall, NetworkObserveCall, NetworkStopCall, NotifyCall, QueuedMessage, ScheduleCall, StorageCall } from '../boundaries/service-calls';

/**
 * The permission a call needs: none; one by name; or one on a host, read from the call's `url` (its
 * host name; a declared host with a port covers only that port, without one any port) or its `host` field.
 */
export type ServicePermission = null | { named: NamedPermissionName } | { host: HostPermissionKind; from: 'url' | 'host' };

export interface RmxService<C extends Schema = Schema, A extends Schema = Schema, H extends Schema = Schema> {
  /** The call as the runtime sends it; parsed by the offscreen host, then again by the worker. */
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
}

const service = <C extends Schema, A extends Schema, H extends Schema = A>(s: RmxService<C, A, H>) => s;
const Ok = z.object({ ok: z.literal(true) }).strict();

export const RMX_SERVICES = {
  storage: service({
    call: StorageCall,
    answer: z.unknown(),
    permission: { named: 'storage' },
    does: 'Per-remixlet storage.',
    worker: 'Per-remixlet storage; needs the storage permission.',
  }),
  clipboard: service({
    call: ClipboardCall,
    answer: z.object({ granted: z.literal(true) }).strict(),
    hostAnswer: z.null(),
    permission: { named: 'clipboard' },
    does: 'Writes text to the clipboard.',
    worker: 'Asks whether this sandbox may write text to the clipboard (clipboard permission); the offscreen host writes it only after a yes.',
  }),
  notify: service({
    call: NotifyCall,
    answer: z.object({ shown: z.boolean() }).strict(),
    permission: { named: 'notifications' },
    does: 'Shows a text notification.',
    worker: 'Shows a text notification (notifications permission), rate limited.',
  }),
  menu: service({
    call: MenuCall,
    answer: Ok,
    permission: { named: 'menu' },
    does: 'Adds or removes a context-menu entry.',
    worker: "Adds or removes the remixlet's entry in the page's context menu (menu permission).",
  }),
  schedule: service({
    call: ScheduleCall,
    answer: Ok,
    permission: { named: 'schedule' },
    does: 'Sets or cancels a scheduled fixed action.',
    worker: 'Sets or cancels one of the three fixed scheduled actions (schedule permission).',
  }),
  messages: service({
    call: z.object({}).strict(),
    answer: z.array(QueuedMessage),
    permission: { named: 'schedule' },
    does: 'Takes the queued scheduled messages.',
    worker: 'Takes the messages schedules queued for this remixlet (schedule permission).',
  }),
  fetch: service({
    call: FetchCall,
    answer: FetchResult,
    permission: { host: 'fetch', from: 'url' },
    does: 'A request sent by the worker to an approved host.',
    worker: "Sends a request from the worker with the person's cookies, to approved hosts only (fetch:<host>).",
  }),
  networkObserve: service({
    call: NetworkObserveCall,
    answer: Ok,
    permission: { host: 'network:observe', from: 'host' },
    does: 'Observes what the page receives from a host.',
    worker: 'Delivers what the page receives from a host to this sandbox (network:observe:<host>).',
  }),
  networkStop: service({
    call: NetworkStopCall,
    answer: Ok,
    // Stops only an observer of this very sandbox, which its permission already allowed.
    permission: null,
    does: 'Stops a network observer.',
    worker: 'Stops one network observer of this sandbox.',
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
