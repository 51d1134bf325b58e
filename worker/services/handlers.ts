// Context: background service worker. The permission rule and handler of each rmx service on the offscreen
// router. Every call reaching a handler has passed the grant middleware (token, page, pause, permission);
// the handlers do the work, and every refusal they raise is logged (logged.ts).
import { RemixletRefusal } from '../../contracts/refusals';
import { urlOnHosts } from '../../contracts/policy/site';
import type { z } from 'zod';
import type { ClipboardCall, FetchCall, FetchResult, MenuCall, NotifyCall, QueuedMessage, ScheduleCall, StorageCall } from '../../contracts/boundaries/service-calls';
import { serviceSpecs, type ServicePermission } from '../../contracts/capabilities/rmx-services';
import { HOST_PERMISSIONS } from '../../contracts/capabilities/permissions';
import { storageCall } from './storage';
import type { Grant, PermissionRule } from '../ports/grants';
import { logged } from './logged';
import { notify } from './notify';
import { menuCall } from './menu';
import { scheduleCall } from './schedule';
import { takeMessages } from './messages';
import { rmxFetch } from './fetch';
import { observeCall, stopObserving } from './observe';

const urlIn = (raw: unknown): URL | undefined => {
  try {
    return new URL(String((raw as { call?: { url?: unknown } } | undefined)?.call?.url));
  } catch {
    return undefined;
  }
};

/** The grant rule of a service's permission (contracts/capabilities/rmx-services.ts), read from the call as it arrived. */
function ruleOf(permission: ServicePermission): PermissionRule {
  if (permission === null) return { kind: 'none' };
  if ('named' in permission) return { kind: 'named', name: permission.named };
  const { prefix } = HOST_PERMISSIONS[permission.host];
  if (permission.from === 'host') return { kind: 'host', prefix, hostOf: (raw) => (raw as { call?: { host?: string } } | undefined)?.call?.host };
  return {
    kind: 'host',
    prefix,
    hostOf: (raw) => urlIn(raw)?.hostname,
    covers: (raw, host) => {
      const url = urlIn(raw);
      return url !== undefined && urlOnHosts(url, [host]);
    },
  };
}

export const SERVICE_RULES = serviceSpecs((s) => ruleOf(s.permission));

type Args<T> = { input: { call: T }; ctx: { grant: Grant } };
const pageUrl = (grant: Grant): string => {
  if (!grant.page) throw new RemixletRefusal('NO_PAGE_AGENT', 'The page is not connected.');
  return grant.page.url;
};

export const serviceHandlers = {
  storage: ({ input, ctx }: Args<StorageCall>) => logged(ctx.grant, `rmx.storage.${input.call.action}`, () => storageCall(ctx.grant.remixlet.head.id, input.call)),
  // The offscreen host writes the text itself, and only after this answer.
  clipboard: ({ ctx }: Args<z.infer<typeof ClipboardCall>>) => logged(ctx.grant, 'rmx.clipboard.write', async () => ({ granted: true as const })),
  notify: ({ input, ctx }: Args<z.infer<typeof NotifyCall>>) => logged(ctx.grant, 'rmx.notify', () => notify(ctx.grant.remixlet, input.call)),
  menu: ({ input, ctx }: Args<MenuCall>) => logged(ctx.grant, 'rmx.menu', () => menuCall(ctx.grant.remixlet, input.call)),
  schedule: ({ input, ctx }: Args<ScheduleCall>) => logged(ctx.grant, 'rmx.schedule', async () => scheduleCall(ctx.grant.remixlet, pageUrl(ctx.grant), input.call)),
  messages: ({ ctx }: Args<Record<string, never>>): Promise<QueuedMessage[]> => logged(ctx.grant, 'rmx.messages', () => takeMessages(ctx.grant.remixlet.head.id)),
  fetch: ({ input, ctx }: Args<FetchCall>): Promise<FetchResult> => logged(ctx.grant, 'rmx.fetch', () => rmxFetch(ctx.grant.remixlet.head.id, ctx.grant.remixlet.manifest, input.call)),
  networkObserve: ({ input, ctx }: Args<{ host: string; listener: string }>) =>
    logged(ctx.grant, 'rmx.network.observe', async () => {
      const { token, remixlet } = ctx.grant;
      return observeCall({ sandboxId: token.sandboxId, remixletId: remixlet.head.id, tabId: token.tabId, documentId: token.documentId, host: input.call.host, listener: input.call.listener });
    }),
  networkStop: ({ input, ctx }: Args<{ listener: string }>) => stopObserving(ctx.grant.token.sandboxId, input.call.listener),
};
