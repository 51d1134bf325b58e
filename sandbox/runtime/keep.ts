// Context: remixlet runtime (dedicated worker). rmx.keep: a condition that should stay true while the site
// redraws. Re-checks after page mutations and same-document navigations, at most once per animation
// frame; a repair that keeps failing backs off and says so in the log instead of spinning.
import type { EventRouter } from './events';

export interface KeepSpec {
  check: () => boolean | Promise<boolean>;
  repair: () => unknown;
}

const MAX_BACKOFF_MS = 30_000;

export function createKeep(events: EventRouter, startWatching: () => Promise<unknown>, log: (level: 'warn' | 'error', message: string) => void, nextFrame: (fn: () => void) => void) {
  const keeps = new Map<string, { spec: KeepSpec; failures: number; pausedUntil: number; running: boolean }>();
  let scheduled = false;
  let watching: Promise<unknown> | undefined;

  async function run(name: string): Promise<void> {
    const k = keeps.get(name);
    if (!k || k.running || Date.now() < k.pausedUntil) return;
    k.running = true;
    try {
      if (await k.spec.check()) {
        k.failures = 0;
        return;
      }
      await k.spec.repair();
      if (await k.spec.check()) {
        k.failures = 0;
        return;
      }
      k.failures += 1;
    } catch (e) {
      k.failures += 1;
      log('error', `rmx.keep("${name}"): ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      k.running = false;
    }
    if (k.failures >= 3) {
      const wait = Math.min(MAX_BACKOFF_MS, 250 * 2 ** (k.failures - 3));
      k.pausedUntil = Date.now() + wait;
      log('warn', `rmx.keep("${name}"): repair did not hold ${k.failures} times in a row; waiting ${wait} ms before trying again.`);
    }
  }

  events.onChange(() => {
    if (scheduled) return;
    scheduled = true;
    nextFrame(() => {
      scheduled = false;
      for (const name of keeps.keys()) void run(name);
    });
  });

  return function keep(name: string, spec: KeepSpec): void {
    if (typeof spec?.check !== 'function' || typeof spec?.repair !== 'function') throw new TypeError('rmx.keep(name, { check, repair }) takes two functions.');
    keeps.set(String(name), { spec, failures: 0, pausedUntil: 0, running: false });
    watching ??= startWatching().catch((e: unknown) => log('error', `rmx.keep could not watch the page: ${String(e)}`));
    void run(String(name));
  };
}
