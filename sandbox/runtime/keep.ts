// Context: remixlet runtime (dedicated worker). rmx.keep: a condition that should stay true while the site
// redraws. Re-checks after page mutations (the page agent's watch) and same-document navigations, at most
// once per frame; a repair that keeps failing backs off and says so in the log instead of spinning.
import type { EventRouter } from './events';

export interface KeepSpec {
  check: () => boolean | Promise<boolean>;
  repair: () => unknown;
}

/** Failures in a row before the first back-off; each one after that doubles the wait. */
export const KEEP_BACKOFF = { afterFailures: 3, firstMs: 250, maxMs: 30_000 } as const;

interface Kept {
  spec: KeepSpec;
  failures: number;
  pausedUntil: number;
  running: boolean;
  /** A change arrived while the check ran, or while it waited: run once more afterwards. */
  again: boolean;
}

export interface KeepDeps {
  events: EventRouter;
  startWatching: () => Promise<unknown>;
  log: (level: 'warn' | 'error', message: string) => unknown;
  /** Calls fn at the next frame; the offscreen document draws no frames, so this is a timer. */
  nextFrame: (fn: () => void) => void;
  timer: (fn: () => void, ms: number) => unknown;
  now: () => number;
}

export function createKeep({ events, startWatching, log, nextFrame, timer, now }: KeepDeps) {
  const keeps = new Map<string, Kept>();
  let scheduled = false;
  let watching: Promise<unknown> | undefined;

  function message(e: unknown): string {
    return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }

  async function run(name: string): Promise<void> {
    const k = keeps.get(name);
    if (!k) return;
    if (k.running || now() < k.pausedUntil) {
      k.again = true;
      return;
    }
    k.running = true;
    k.again = false;
    let held = false;
    try {
      held = (await k.spec.check()) === true;
      if (!held) {
        await k.spec.repair();
        held = (await k.spec.check()) === true;
      }
    } catch (e) {
      log('error', `rmx.keep("${name}"): ${message(e)}`);
    } finally {
      k.running = false;
    }
    if (keeps.get(name) !== k) return;
    if (held) {
      k.failures = 0;
    } else {
      k.failures += 1;
      if (k.failures >= KEEP_BACKOFF.afterFailures) {
        const wait = Math.min(KEEP_BACKOFF.maxMs, KEEP_BACKOFF.firstMs * 2 ** (k.failures - KEEP_BACKOFF.afterFailures));
        k.pausedUntil = now() + wait;
        log('warn', `rmx.keep("${name}"): the repair did not hold ${k.failures} times in a row; waiting ${wait} ms before checking again.`);
        // Try again when the wait ends even if the page stays quiet meanwhile.
        timer(() => void run(name), wait);
        return;
      }
    }
    if (k.again) schedule();
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    nextFrame(() => {
      scheduled = false;
      for (const name of keeps.keys()) void run(name);
    });
  }

  events.onChange(schedule);

  return function keep(name: string, spec: KeepSpec): void {
    if (typeof spec?.check !== 'function' || typeof spec?.repair !== 'function') throw new TypeError('rmx.keep(name, { check, repair }) takes two functions.');
    const key = String(name);
    keeps.set(key, { spec, failures: 0, pausedUntil: 0, running: false, again: false });
    watching ??= startWatching().catch((e: unknown) => log('error', `rmx.keep could not watch the page: ${message(e)}`));
    void run(key);
  };
}
