// Context: offscreen document. Tears down a sandbox whose script stopped yielding (a loop that never
// awaits pins a CPU core and starves every other remixlet and the page on a small machine). Trusts nothing
// from the sandbox but a well-formed reply to its own question. Judged per question, not per tick, so a
// throttled timer in this hidden document never counts as a stall.
import { HeartbeatReply } from '../contracts/boundaries/sandbox-offscreen';

export const STALL_MS = 4_000;
const TICK_MS = 1_000;

export function watchSandbox(eventsPort: MessagePort, onStall: () => void): () => void {
  let seq = 0;
  let pending: { seq: number; sentAt: number } | undefined;
  eventsPort.addEventListener('message', (e: MessageEvent) => {
    const reply = HeartbeatReply.safeParse(e.data);
    if (reply.success && pending?.seq === reply.data.heartbeatReply) pending = undefined;
  });
  eventsPort.start();
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
    eventsPort.postMessage({ heartbeat: seq });
  }, TICK_MS);
  return () => clearInterval(timer);
}
