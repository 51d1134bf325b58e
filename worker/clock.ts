// Context: background service worker. The one clock approvals expire by, replaceable in tests.
let offsetMs = 0;
export const clock = {
  now: (): number => Date.now() + offsetMs,
  /** Test builds only move time forward through this; production never calls it. */
  advance(ms: number): void {
    offsetMs += ms;
  },
};
