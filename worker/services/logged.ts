// Context: background service worker. Every refusal a service raises after the grant middleware has let a
// call through (quota, rate, address, size, time) is written to the remixlet's log with its reason, as
// the middleware does for its own, so the assistant can read why and fix the code.
import { RemixletRefusal } from '../../contracts/refusals';
import { appendLog } from '../store/logs';
import type { Grant } from '../ports/grants';

export async function logged<T>(grant: Grant, op: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    const refusal = e instanceof RemixletRefusal ? e : new RemixletRefusal('INTERNAL', `${op} failed: ${e instanceof Error ? e.message : String(e)}`.slice(0, 500));
    const withOp = refusal.op === undefined ? new RemixletRefusal(refusal.code, refusal.reason, op) : refusal;
    const { sandboxId } = grant.token;
    await appendLog(grant.remixlet.head.id, {
      at: Date.now(),
      level: 'refusal',
      source: 'worker',
      message: `${op} refused: ${withOp.reason}`,
      refusal: withOp.toJSON(),
      url: grant.page?.url,
    }, sandboxId);
    throw withOp;
  }
}
