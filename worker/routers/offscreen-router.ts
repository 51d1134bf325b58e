// Context: background service worker. The router the offscreen host calls: every sandbox call passes the
// grant middleware first (token, page, pause, permission), so handlers only do the work.
import { routerFromSpec } from '../../contracts/trpc-server';
import { offscreenSpec, type OffscreenSpec } from '../../contracts/boundaries/offscreen-worker';
import type { HandlersOf } from '../../contracts/rpc';
import { RemixletRefusal } from '../../contracts/refusals';
import { t, roleProcedure, type WorkerContext } from '../ports/trpc';
import { grantedProcedure, type Grant, type PermissionRule } from '../ports/grants';
import { subscribeOffscreen } from '../ports/offscreen-host';
import { appendLog, appendLogs } from '../store/logs';
import type { LogEntry } from '../../contracts/remixlet';
import { expandResults, isPlainRunAnswer, runLength } from '../../contracts/dom/runs';
import { tokens } from '../ports/tokens';
import { sandboxEnded } from '../pages/sandboxes';
import { scopeOf } from '../pages/scope';
import { SERVICE_RULES, serviceHandlers } from '../services/handlers';
import { logged } from '../services/logged';
import { domAnswered } from '../health/health';
import { pinPasswordFields } from '../pages/password-pin';
import { BENCH_BUILD, BENCH_MARKS } from '../../contracts/build-flags';
import { countExecSent } from '../ports/bench-exec-count';
import { timeHop } from '../../contracts/bench-hop-times';
import { benchMark } from '../../contracts/bench-marks';

type Ctx = WorkerContext & { grant: Grant };

const PAGE_GONE = 'The page stopped answering (it was closed, reloaded or navigated away) before these calls ran; they did nothing. The remixlet starts again when its page loads.';

/** The permission each offscreen procedure's call needs: an rmx service's from its declaration (contracts/capabilities/rmx-services.ts). */
export const RULES: Record<keyof OffscreenSpec, PermissionRule | 'offscreen-only'> = {
  commands: 'offscreen-only',
  reconcile: 'offscreen-only',
  dom: { kind: 'none' },
  log: { kind: 'log' },
  sandboxEnded: { kind: 'log' },
  ...SERVICE_RULES,
};

const handlers: HandlersOf<OffscreenSpec, Ctx> = {
  commands: () => (emit) => subscribeOffscreen(emit),
  dom: async ({ input, ctx }) => {
    const { grant } = ctx;
    const { page } = grant;
    // A batch that cannot reach its page is refused and logged like any other refusal (logged.ts): the
    // author sees why its calls did nothing. The page agent's own refusals come back as results, below.
    const { batch, results } = await logged(grant, 'dom', async () => {
      if (!page) throw new RemixletRefusal('NO_PAGE_AGENT', PAGE_GONE);
      try {
        // No dom call is answered before the page's password fields are pinned (a box read before would differ
        // from one read after for no reason a person gave); once in, this is a promise already kept.
        await pinPasswordFields(page.tabId, page.documentId);
        if (BENCH_BUILD) countExecSent(page.tabId);
        if (BENCH_MARKS) benchMark('w:exec-sent');
        const exec = page.agent.exec({ remixlet: scopeOf(grant.remixlet), ops: input.ops });
        if (BENCH_BUILD) timeHop('worker-call', input.ops, exec);
        const answered = await exec;
        if (BENCH_MARKS) benchMark('w:exec-answered');
        // One answer per op, or the page agent misbehaved: refused as a whole rather than read past its end.
        if (answered.results.length === input.ops.length) return answered;
      } catch (e) {
        throw e instanceof RemixletRefusal ? e : new RemixletRefusal('NO_PAGE_AGENT', PAGE_GONE);
      }
      throw new RemixletRefusal('NO_PAGE_AGENT', 'The page answered fewer calls than this batch sent, so which of them ran is unknown; read the page again before changing it.');
    });
    const url = page?.url;
    const lines: LogEntry[] = [];
    const logResult = (name: string, result: (typeof results)[number]) => {
      if (!result.ok) {
        lines.push({ at: Date.now(), level: 'refusal', source: 'page-agent', message: `${name} refused: ${result.refusal.reason}`, refusal: result.refusal, url });
      } else {
        // What an op that succeeded left out (h.setHTML's dropped parts): the author needs to know.
        for (const note of result.notes ?? []) lines.push({ at: Date.now(), level: 'warn', source: 'page-agent', message: note, url });
      }
    };
    // One log line per operation, runs included (contracts/dom/runs.ts): a refusal inside a run is logged as its own.
    input.ops.forEach((op, i) => {
      const result = results[i]!;
      if (op.op === 'malformed') return logResult(op.name, result);
      if (op.op !== 'run') return logResult(`dom.${op.op}`, result);
      // A run all of whose elements answered plainly (1,000 hides) has nothing to log, and is not expanded.
      if (isPlainRunAnswer(result, runLength(op))) return;
      for (const each of expandResults([op], [result])) logResult(`dom.${op.of.op}`, each as typeof result);
    });
    // One storage write per batch: a batch of refusals must not cost the worker one write each.
    await appendLogs(grant.remixlet.head.id, lines, grant.token.sandboxId);
    // What its queries found, for the remixlet's health (a site that redesigned answers them empty).
    // A record that cannot be read or written costs the remixlet its health line, never its call.
    if (page) await domAnswered(grant.token, page.url, input.ops, results).catch(() => undefined);
    return { batch, results };
  },
  log: async ({ input, ctx }) => {
    const { sandboxId } = ctx.grant.token;
    await appendLog(ctx.grant.remixlet.head.id, { at: Date.now(), level: input.level, source: 'remixlet', message: input.message, url: ctx.grant.page?.url }, sandboxId);
    return { logged: true };
  },
  ...serviceHandlers,
  sandboxEnded: async ({ input, ctx }) => {
    // Revokes the token and releases the sandbox's page listeners and observers, as any teardown does.
    await sandboxEnded(ctx.grant.token.sandboxId, input.reason);
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
