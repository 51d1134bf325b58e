// Context: remixlet runtime (dedicated worker). Answers the offscreen host's watchdog on the events port.
// Remixlet code cannot reach the port, so only a runtime whose event loop still turns can answer: a script
// stuck in a loop that never awaits stops answering and is torn down.
import { Heartbeat } from '../../contracts/boundaries/sandbox-boot';

export function answerHeartbeats(eventsPort: MessagePort): void {
  eventsPort.addEventListener('message', (e: MessageEvent) => {
    const beat = Heartbeat.safeParse(e.data);
    if (beat.success) eventsPort.postMessage({ heartbeatReply: beat.data.heartbeat });
  });
}
