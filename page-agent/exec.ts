// Context: page agent. Runs a batch of dom operations for one remixlet: each op parsed again and checked
// on its own, one result per op; a refusal answers that op and the batch goes on. Trusts the scope (from
// the worker's records) and nothing in the ops. Long batches give the page its thread back between
// slices, and a remixlet that sends more operations than its budget gets RATE_LIMITED answers.
import { DomOp, LIMITS, type OpResult } from '../contracts/dom/ops';
import type { RemixletScope } from '../contracts/boundaries/worker-page-agent';
import { RemixletRefusal } from '../contracts/refusals';
import { refusalOf } from '../contracts/trpc-errors';
import { OPS } from './ops/index';
import { tableFor } from './handles';
import { subscriptions } from './subscriptions';
import { PageFacts } from './page-facts';
import { admitOp, OP_BUDGET } from './rate-limit';
import { Slicer } from './yield';
import type { OpContext } from './op-context';

/** An exception the DOM threw (e.g. a selector the engine rejects late) becomes a refusal that says so. */
function asOpRefusal(e: unknown, name: string) {
  if (e instanceof DOMException) {
    const code = e.name === 'HierarchyRequestError' ? 'HIERARCHY_REFUSED' : e.name === 'SyntaxError' ? 'SELECTOR_INVALID' : 'NOT_APPLICABLE';
    return { code, reason: `The page refused it: ${e.message.slice(0, 300)}`, op: name } as const;
  }
  const refusal = refusalOf(e);
  return { ...refusal, op: refusal.op ?? name };
}

export async function execBatch(scope: RemixletScope, ops: DomOp[]): Promise<OpResult[]> {
  const handles = tableFor(scope.id);
  const page = new PageFacts();
  const slicer = new Slicer();
  const batchResults: unknown[] = [];
  const results: OpResult[] = [];
  for (const raw of ops) {
    const name = `dom.${typeof raw?.op === 'string' ? raw.op.slice(0, 40) : '?'}`;
    if (slicer.due()) {
      await slicer.yield();
      page.forget();
    }
    const notes: string[] = [];
    try {
      if (!admitOp(scope.id)) {
        throw new RemixletRefusal('RATE_LIMITED', `More than ${OP_BUDGET.perSecond} dom operations a second on this page; batch fewer, or wait between rounds.`, name);
      }
      const op = DomOp.parse(raw);
      const handler = OPS[op.op] as ((op: DomOp, ctx: OpContext) => unknown) | undefined;
      if (!handler) throw new RemixletRefusal('NOT_FOUND', `${name} is not available in this version of Remixlet.`, name);
      const ctx: OpContext = {
        scope,
        handles,
        batchResults,
        subscriptions,
        page,
        name,
        element: (ref) => handles.resolve(ref, batchResults, name),
        note: (message) => {
          if (notes.length < LIMITS.notes) notes.push(message.slice(0, 1_000));
        },
      };
      const pending = handler(op, ctx);
      const value = (pending instanceof Promise ? await pending.finally(() => page.forget()) : pending) ?? null;
      batchResults.push(value);
      results.push(notes.length ? { ok: true, value, notes } : { ok: true, value });
    } catch (e) {
      batchResults.push(null);
      results.push({ ok: false, refusal: asOpRefusal(e, name) });
    }
  }
  return results;
}
