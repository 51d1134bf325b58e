// Each rmx member names the service it calls in RMX_API (contracts/api/surface.ts), and takes its permission
// from that service's declaration (contracts/capabilities/rmx-services.ts), from which the worker's grant
// rule is derived too. What no declaration can say is whether the runtime's member really calls that
// service: each member is called here on the real runtime with a bridge that records which services it
// asks for; it must ask for its own service alone, and that service's worker rule must require exactly
// the member's permission. A member with none must call no service whose rule needs one.
import '../chrome-stub';
import { describe, expect, it } from 'vitest';
import { RMX_API, type RmxMember } from '../../../../contracts/api/surface';
import { createRmx } from '../../../../sandbox/runtime/rmx';
import type { Bridge } from '../../../../sandbox/runtime/bridge';
import { EventRouter } from '../../../../sandbox/runtime/events';
import type { SealedPort } from '../../../../sandbox/runtime/sealed-port';
import { RULES } from '../../../../worker/routers/offscreen-router';

/** Arguments that get each call past the runtime's own checks to the bridge. */
const ARGS: Record<string, unknown[]> = {
  'rmx.storage.get': ['k'],
  'rmx.storage.set': ['k', 1],
  'rmx.storage.remove': ['k'],
  'rmx.clipboard.write': ['text'],
  'rmx.notify': [{ title: 't', message: 'm' }],
  'rmx.menu.add': [{ id: 'a', title: 'A' }, () => undefined],
  'rmx.menu.remove': ['a'],
  'rmx.schedule': [{ id: 'a', inMinutes: 5, notify: { title: 't', message: 'm' } }],
  'rmx.unschedule': ['a'],
  'rmx.fetch': ['https://api.example.com/x'],
  'rmx.network.observe': ['api.example.com', () => undefined],
  'rmx.keep': ['k', { check: () => true, repair: () => undefined }],
};

/** The services a member asks the bridge for when called (nothing for a property). */
async function servicesOf(member: RmxMember): Promise<string[]> {
  const asked: string[] = [];
  const bridge = {
    dom: () => Promise.resolve(null),
    call: (service: string) => {
      asked.push(service);
      return Promise.resolve(service === 'messages' ? [] : service === 'networkObserve' ? { listener: 'l' } : null);
    },
    flush: () => undefined,
    tap: () => undefined,
  } as unknown as Bridge;
  const events = new EventRouter({ listen: () => undefined } as unknown as SealedPort, 'https://shop.test/', () => undefined);
  const rmx = createRmx(bridge, events, { url: 'https://shop.test/', title: 't' }, () => undefined, { log: async () => undefined });
  const path = member.signature.replace(/\(.*$/, '').split('.').slice(1);
  let owner: unknown = rmx;
  for (const key of path.slice(0, -1)) owner = (owner as Record<string, unknown>)[key];
  const value = (owner as Record<string, unknown>)[path[path.length - 1]!];
  if (typeof value === 'function') await (async () => (value as (...a: unknown[]) => unknown).apply(owner, ARGS[member.signature.replace(/\(.*$/, '')] ?? []))().catch(() => undefined);
  return asked;
}

/** The permission a rule requires, in the manifest's spelling; null when it requires none. */
function permissionOf(service: string): string | null | undefined {
  const rule = (RULES as Record<string, (typeof RULES)[keyof typeof RULES]>)[service];
  if (rule === undefined || rule === 'offscreen-only') return undefined;
  if (rule.kind === 'named') return rule.name;
  if (rule.kind === 'host') return `${rule.prefix}<host>`;
  return null;
}

describe('the worker checks the permission RMX_API names', () => {
  it.each(RMX_API.filter((m) => m.permission !== null).map((m) => [m.signature, m] as const))('%s', async (_signature, member) => {
    const services = await servicesOf(member);
    expect(new Set(services), 'it asks the bridge for its own service').toEqual(new Set([member.service]));
    for (const service of services) expect({ service, permission: permissionOf(service) }).toEqual({ service, permission: member.permission });
  });

  it.each(RMX_API.filter((m) => m.permission === null).map((m) => [m.signature, m] as const))('%s needs none, and asks for nothing that does', async (_signature, member) => {
    for (const service of await servicesOf(member)) expect([null, undefined].includes(permissionOf(service) as null | undefined), service).toBe(true);
  });

  it("reads a named rule and a host rule in the manifest's spelling", () => {
    expect(permissionOf('notify')).toBe('notifications');
    expect(permissionOf('fetch')).toBe('fetch:<host>');
    expect(permissionOf('notify')).not.toBe('clipboard');
  });
});
