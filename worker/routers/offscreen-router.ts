// Context: background service worker. The router the offscreen host calls: every sandbox call passes the
// grant middleware first (token, page, pause, permission), so handlers only do the work.
import { routerFromSpec } from '../../contracts/trpc-server';
import { offscreenSpec, type OffscreenSpec } from '../../contracts/boundaries/offscreen-worker';
import type { HandlersOf } from '../../contracts/rpc';
import { RemixletRefusal } from '../../contracts/refusals';
import { t, roleProcedure, type WorkerContext } from '../trpc';
import { grantedProcedure, type Grant, type PermissionRule } from '../grants';
import { subscribeOffscreen } from '../offscreen-host';
import { appendLog } from '../store/logs';
import { storageCall } from '../services/storage';
import { tokens } from '../tokens';
import { scopeOf } from '../scope';

type Ctx = WorkerContext & { grant: Grant };

const RULES: Record<keyof OffscreenSpec, PermissionRule | 'offscreen-only'> = {
  commands: 'offscreen-only',
  reconcile: 'offscreen-only',
  dom: { kind: 'none' },
  log: { kind: 'log' },
  sandboxEnded: { kind: 'log' },
  storage: { kind: 'named', name: 'storage' },
};

const handlers: HandlersOf<OffscreenSpec, Ctx> = {
  commands: () => (emit) => subscribeOffscreen(emit),
  dom: async ({ input, ctx }) => {
    const { grant } = ctx;
    if (!grant.page) throw new RemixletRefusal('NO_PAGE_AGENT', 'The page is not connected.');
    const results = await grant.page.agent.exec({ remixlet: scopeOf(grant.remixlet), ops: input.ops });
    for (const [i, result] of results.entries()) {
      if (!result.ok) {
        await appendLog(grant.remixlet.head.id, {
          at: Date.now(),
          level: 'refusal',
          source: 'page-agent',
          message: `dom.${input.ops[i]?.op ?? '?'} refused: ${result.refusal.reason}`,
          refusal: result.refusal,
          url: grant.page.url,
        });
      }
    }
    return results;
  },
  log: async ({ input, ctx }) => {
    await appendLog(ctx.grant.remixlet.head.id, { at: Date.now(), level: input.level, source: 'remixlet', message: input.message, url: ctx.grant.page?.url });
    return { logged: true };
  },
  storage: ({ input, ctx }) => storageCall(ctx.grant.remixlet.head.id, input.call),
  sandboxEnded: async ({ input, ctx }) => {
    await tokens.revoke(input.token);
    await appendLog(ctx.grant.remixlet.head.id, { at: Date.now(), level: 'warn', source: 'offscreen', message: `sandbox ended: ${input.reason}` });
    return { ok: true };
  },
  reconcile: async ({ input }) => {
    const keep: string[] = [];
    for (const token of input.tokens) if (await tokens.resolve(token)) keep.push(token);
    return { keep };
  },
};

export const offscreenRouter = routerFromSpec(
  t,
  offscreenSpec,
  (name) => {
    const rule = RULES[name];
    return rule === 'offscreen-only' ? roleProcedure('offscreen') : grantedProcedure(rule);
  },
  handlers,
);
