// Context: offscreen document. Tears down a sandbox whose script stopped yielding (a loop that never
// awaits pins a CPU core and starves every other remixlet and the page on a small machine). Trusts nothing
// from the sandbox but a well-formed reply to its own question, read through the port's guard. Judged per
// question, not per tick, so a throttled timer in this hidden document never counts as a stall.
import type { GuardedPort } from './port-guard';

export const STALL_MS = 4_000;
const TICK_MS = 1_000;

/** The reply's one number, checked by hand: this runs for every message on the events port, and a schema's failed parse builds an error. */
function replyTo(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null || Object.getPrototypeOf(data) !== Object.prototype) return undefined;
  const n = (data as { heartbeatReply?: unknown }).heartbeatReply;
  return Number.isSafeInteger(n) ? (n as number) : undefined;
}

export function watchSandbox(eventsPort: GuardedPort, onStall: () => void): () => void {
  let seq = 0;
  let pending: { seq: number; sentAt: number } | undefined;
  eventsPort.listen((data) => {
    if (pending !== undefined && replyTo(data) === pending.seq) pending = undefined;
  });
  const timer = setInterval(() => {
    const now = Date.now();
    if (pending) {
      if (now - pending.sentAt >= STALL_MS) {
        clearInterval(timer);
        onStall();
      }
      return;
    }
    seq += 1;
    pending = { seq, sentAt: now };
    eventsPort.post({ heartbeat: seq });
  }, TICK_MS);
  return () => clearInterval(timer);
}
