// Context: remixlet runtime (dedicated worker). Carries dom calls to the offscreen host. Calls made in the
// same tick travel as one batch (one round trip), each resolving with its own result or refusal.
import type { Remote } from 'comlink';
import type { DomOp, OpResult } from '../../contracts/dom/ops';
import { OpResult as OpResultSchema } from '../../contracts/dom/ops';
import { LIMITS } from '../../contracts/dom/ops';
import type { Refusal } from '../../contracts/refusals';
import type { SandboxHost } from '../../contracts/boundaries/sandbox-offscreen';

export class RemixletError extends Error {
  readonly code: string;
  readonly reason: string;
  readonly op: string | undefined;
  constructor(refusal: Refusal) {
    super(`${refusal.op ? `${refusal.op}: ` : ''}${refusal.reason} [${refusal.code}]`);
    this.name = 'RemixletError';
    this.code = refusal.code;
    this.reason = refusal.reason;
    this.op = refusal.op;
  }
}

interface Pending {
  op: DomOp;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export class Bridge {
  private queue: Pending[] = [];
  private scheduled = false;
  constructor(private readonly host: Remote<SandboxHost>) {}

  dom(op: DomOp): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ op, resolve, reject });
      if (this.queue.length >= LIMITS.batchOps) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        queueMicrotask(() => this.flush());
      }
    });
  }

  flush(): void {
    this.scheduled = false;
    const batch = this.queue.splice(0);
    if (!batch.length) return;
    void this.host.dom(batch.map((p) => p.op)).then(
      (answer) => {
        if (!answer.ok) {
          for (const p of batch) p.reject(new RemixletError({ ...answer.refusal, op: answer.refusal.op ?? `dom.${p.op.op}` }));
          return;
        }
        const results = answer.value as OpResult[];
        batch.forEach((p, i) => {
          const result = OpResultSchema.safeParse(results[i]);
          if (!result.success) p.reject(new RemixletError({ code: 'MALFORMED_MESSAGE', reason: 'The page answered with something unexpected.', op: `dom.${p.op.op}` }));
          else if (result.data.ok) p.resolve(result.data.value);
          else p.reject(new RemixletError({ ...result.data.refusal, op: result.data.refusal.op ?? `dom.${p.op.op}` }));
        });
      },
      (e: unknown) => {
        for (const p of batch) p.reject(new RemixletError({ code: 'INTERNAL', reason: String(e), op: `dom.${p.op.op}` }));
      },
    );
  }

  async call(name: 'log' | 'storage', input: unknown): Promise<unknown> {
    const answer = await this.host[name](input);
    if (!answer.ok) throw new RemixletError(answer.refusal);
    return answer.value;
  }
}
