// Context: background service worker. What long-running work is under way right now (the lifecycle
// queue's task, a network-rules install, a registration sync, a ui call), for the real-browser tests to
// attach when a test fails: a hang then names the step it hung in. Test builds only; the packaged build
// compiles `traced` to a plain call. Trusts nothing; holds names and start times only.
import { TEST_HOOKS } from '../../contracts/build-flags';

const running = new Map<number, { name: string; since: number }>();
let next = 0;

export function traced<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!TEST_HOOKS) return work();
  const id = next++;
  running.set(id, { name, since: Date.now() });
  const done = () => void running.delete(id);
  const p = work();
  p.then(done, done);
  return p;
}

if (TEST_HOOKS) {
  Object.defineProperty(globalThis, 'remixletPending', {
    value: () => [...running.values()].map((r) => `${r.name}: ${Date.now() - r.since} ms`),
  });
}
