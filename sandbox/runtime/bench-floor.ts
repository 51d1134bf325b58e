// Context: remixlet runtime, benchmark builds only. Times empty messages over the same hops a dom call
// takes (sandbox worker → offscreen → worker → page agent and back), raw: no Comlink, tRPC or zod.
import type { SealedPort } from './sealed-port';

export function installBenchFloor(eventsPort: SealedPort): void {
  const waiting = new Map<number, () => void>();
  eventsPort.listen((data) => {
    const pong = (data as { benchPong?: unknown } | null)?.benchPong;
    if (typeof pong === 'number') waiting.get(pong)?.();
  });
  let next = 0;
  const once = () =>
    new Promise<void>((resolve) => {
      const i = next++;
      waiting.set(i, () => {
        waiting.delete(i);
        resolve();
      });
      eventsPort.post({ benchPing: i });
    });
  Object.defineProperty(globalThis, 'remixletBenchFloor', {
    value: async (n: number): Promise<number[]> => {
      const times: number[] = [];
      for (let k = 0; k < n; k++) {
        const t0 = performance.now();
        await once();
        times.push(performance.now() - t0);
      }
      return times;
    },
  });
}
