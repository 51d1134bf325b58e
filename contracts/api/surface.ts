// Context: shared (pure). Everything stored remixlet code can call or see, in one list: each `dom` and
// handle method with the operation it sends (declared with its op, contracts/dom/ops.ts), and each `rmx`
// name with its permission (a service's members are declared with the service,
// contracts/capabilities/rmx-services.ts; the runtime's own helpers here). The runtime implements exactly
// this (tests/unit/api checks it), the reference in docs/api is generated from it, and the API snapshot
// (contracts/api/snapshot-v1.json) keeps it from ever shrinking or changing under stored code. Each rmx
// service's parameters are the very schemas the offscreen host and the worker enforce
// (contracts/boundaries/service-calls.ts), so narrowing what is enforced changes the snapshot too.
import { z } from 'zod';
import { DOM_OP_USES, type DomOpName } from '../dom/ops';
import type { Schema } from '../rpc';
import { permissionSpelling, RMX_SERVICES, SERVICE_NAMES, type ServiceMember, type ServiceName } from '../capabilities/rmx-services';
import { SERVICE_LIMITS } from '../boundaries/service-calls';

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

/** An rmx member as the reference, the snapshot and the prompt list it. */
export interface RmxMember extends ServiceMember {
  /** The rmx service it calls (contracts/capabilities/rmx-services.ts), or null for a runtime helper. */
  service: ServiceName | null;
  /** The permission the worker checks on every call: its service's, or null. */
  permission: string | null;
}

export const RMX_API: readonly RmxMember[] = [
  ...([
    { signature: 'rmx.version', service: null, description: 'The API version this remixlet runs under.', params: z.tuple([]), result: z.number().int() },
    { signature: 'rmx.page', service: null, description: 'The page address and title (read-only). Both follow single-page-app navigations: url is the address of the latest one, title the title read just after it (a title the site changes later without navigating shows at the next navigation; await dom.title() for the title now).', params: z.tuple([]), result: z.object({ url: z.string(), title: z.string() }) },
    { signature: 'rmx.log(...values)', service: null, description: `Writes a line to the remixlet's log; always allowed, also while paused. A line longer than ${SERVICE_LIMITS.logLineChars} characters is cut.`, params: z.array(z.unknown()), result: z.void() },
    { signature: 'rmx.warn(...values)', service: null, description: 'Writes a warning to the log.', params: z.array(z.unknown()), result: z.void() },
    { signature: 'rmx.error(...values)', service: null, description: 'Writes an error to the log.', params: z.array(z.unknown()), result: z.void() },
    {
      signature: 'rmx.keep(name, { check, repair })',
      service: null,
      description: 'A condition that should stay true while the site redraws: check() runs after page changes and navigations (at most once a frame) and repair() runs when it fails; a repair that keeps failing backs off and says so in the log. Only changes near what check() looked at wake it, and where it looks is all that is watched: a check that reads handles found before it, or selectors that start from an element with an id (`#feed .promo`), costs a busy page almost nothing elsewhere; other selectors (`.promo`) make the whole page watched. A check that only reads costs one round trip from its second run on: the reads it made last time go together as it starts, so it reads the page of that moment, as a dom.batch would.',
      params: z.tuple([z.string(), z.object({ check: z.custom<() => unknown>(), repair: z.custom<() => unknown>() })]),
      result: z.void(),
    },
  ] satisfies ReadonlyArray<Omit<RmxMember, 'permission'>>).map((m) => ({ ...m, permission: null })),
  // Each service's members, in the order the services are declared, with the permission of their service.
  ...SERVICE_NAMES.flatMap((service) => RMX_SERVICES[service].members.map((m) => ({ ...m, service, permission: permissionSpelling(RMX_SERVICES[service].permission) }))),
];

/** The name part of a signature: `h.setAttr(name, value)` → `h.setAttr`. */
export const memberName = (signature: string): string => signature.replace(/\(.*$/, '');
