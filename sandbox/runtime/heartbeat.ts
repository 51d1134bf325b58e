// Context: remixlet runtime (dedicated worker). Answers the offscreen host's watchdog on the events port.
// Remixlet code cannot reach the port (sealed-port.ts), so only a runtime whose event loop still turns can
// answer: a script stuck in a loop that never awaits stops answering and is torn down. Checked by hand with
// natives taken before remixlet code ran, so nothing it replaces in this realm silences the answer.
import type { SealedPort } from './sealed-port';

const hasOwn = Object.hasOwn;
const isSafeInteger = Number.isSafeInteger;

export function answerHeartbeats(eventsPort: SealedPort): void {
  eventsPort.listen((data) => {
    // Page events share this port: only a message carrying its own heartbeat number is one.
    if (typeof data !== 'object' || data === null || !hasOwn(data, 'heartbeat')) return;
    const beat = (data as { heartbeat: unknown }).heartbeat;
    if (isSafeInteger(beat)) eventsPort.post({ heartbeatReply: beat });
  });
}
