// Context: remixlet runtime (dedicated worker). Answers the offscreen host's watchdog on the events port.
// Remixlet code cannot reach the port, so only a runtime whose event loop still turns can answer: a script
// stuck in a loop that never awaits stops answering and is torn down.
import { Heartbeat } from '../../contracts/boundaries/sandbox-boot';

export function answerHeartbeats(eventsPort: MessagePort): void {
  eventsPort.addEventListener('message', (e: MessageEvent) => {
    // Page events share this port: only a message shaped like a heartbeat is parsed (a failed parse builds an error).
    if (typeof e.data !== 'object' || e.data === null || !('heartbeat' in e.data)) return;
    const beat = Heartbeat.safeParse(e.data);
    if (beat.success) eventsPort.postMessage({ heartbeatReply: beat.data.heartbeat });
  });
}
