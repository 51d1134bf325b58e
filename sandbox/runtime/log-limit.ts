// Context: remixlet runtime (dedicated worker). A remixlet that logs in a loop would flood the offscreen
// host and the worker's log store; past a steady rate its lines are dropped and counted, and one line
// says how many went, so the assistant still learns that it happened.
import { RateWindow } from '../../contracts/rate-window';

export const LOG_LINES_PER_SECOND = 30;

export type Level = 'info' | 'warn' | 'error';
type Send = (level: Level, message: string) => Promise<unknown>;

export function limitLog(send: Send, timer: (fn: () => void, ms: number) => unknown, perSecond = LOG_LINES_PER_SECOND): Send {
  const window = new RateWindow(perSecond);
  let dropped = 0;
  let reportPending = false;
  const report = () => {
    reportPending = false;
    const n = dropped;
    dropped = 0;
    if (n > 0) void send('warn', `${n} log line${n === 1 ? ' was' : 's were'} dropped: a remixlet may write at most ${perSecond} log lines a second.`).catch(() => undefined);
  };
  return (level, message) => {
    if (window.take()) return send(level, message);
    dropped += 1;
    if (!reportPending) {
      reportPending = true;
      timer(report, window.msUntilNext());
    }
    return Promise.resolve();
  };
}
