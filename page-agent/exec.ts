// Context: page agent. Runs a batch of dom operations for one remixlet: each op parsed again and checked
// on its own, one result per op; a refusal answers that op and the batch goes on.
import { DomOp, type OpResult } from '../contracts/dom/ops';
import type { RemixletScope } from '../contracts/boundaries/worker-page-agent';
import { RemixletRefusal } from '../contracts/refusals';
import { refusalOf } from '../contracts/trpc-errors';
import { OPS } from './ops/index';
import { tableFor } from './handles';
import { subscriptions } from './subscriptions';
import type { OpContext } from './op-context';

export async function execBatch(scope: RemixletScope, ops: DomOp[]): Promise<OpResult[]> {
  const handles = tableFor(scope.id);
  const batchResults: unknown[] = [];
  const results: OpResult[] = [];
  for (const raw of ops) {
    const name = `dom.${raw.op}`;
    try {
      const op = DomOp.parse(raw);
      const handler = OPS[op.op] as ((op: DomOp, ctx: OpContext) => unknown) | undefined;
      if (!handler) throw new RemixletRefusal('NOT_FOUND', `${name} is not available in this version of Remixlet.`, name);
      const ctx: OpContext = { scope, handles, batchResults, subscriptions, element: (ref) => handles.resolve(ref, batchResults, name) };
      const value = (await handler(op, ctx)) ?? null;
      batchResults.push(value);
      results.push({ ok: true, value });
    } catch (e) {
      batchResults.push(null);
      const refusal = refusalOf(e);
      results.push({ ok: false, refusal: { ...refusal, op: refusal.op ?? name } });
    }
  }
  return results;
}
