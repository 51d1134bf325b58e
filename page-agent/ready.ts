// Context: page agent. A remixlet meets the page at its manifest's runAt: its script may start while the
// page is still loading (its sandbox is made ready when the navigation starts and started when the document
// commits), and its dom calls wait here until the page is that ready, then run at once, without
// waiting for the worker to hear of the ready state and start anything (bench/time-to-effect.bench.ts).
// document_idle is Chrome's: when it runs document_idle content scripts (our marker among them,
// idle-marker.ts: once the page has loaded, or soon after it was parsed when loading takes long), or once
// the page has loaded where no marker runs (a page agent injected into an open tab).
// Trusts the runAt the worker states from the stored manifest.
import type { RemixletScope } from '../contracts/boundaries/worker-page-agent';
import { IDLE_FLAG, IDLE_HOOK } from './idle-flag';

type RunAt = NonNullable<RemixletScope['runAt']>;
const READY = { loading: 0, interactive: 1, complete: 2 } as const;
const NEEDS = { document_start: 0, document_end: 1, document_idle: 2 } as const;

const world = globalThis as Record<string, unknown>;
const idleMarked = () => world[IDLE_FLAG] === true && READY[document.readyState] >= NEEDS.document_end;
const ready = (runAt: RunAt) => READY[document.readyState] >= NEEDS[runAt] || (runAt === 'document_idle' && idleMarked());

const waiting = new Set<() => void>();
const checkAll = () => {
  for (const check of [...waiting]) check();
};
// The marker calls this when it runs; readystatechange covers the rest.
world[IDLE_HOOK] = checkAll;

/** Resolves once the page has reached `runAt`; undefined when it already has (no promise to wait on). */
export function pageReadyFor(runAt: RemixletScope['runAt']): Promise<void> | undefined {
  if (!runAt || ready(runAt)) return undefined;
  return new Promise((resolve) => {
    const check = () => {
      if (!ready(runAt)) return;
      waiting.delete(check);
      if (waiting.size === 0) document.removeEventListener('readystatechange', checkAll);
      resolve();
    };
    if (waiting.size === 0) document.addEventListener('readystatechange', checkAll);
    waiting.add(check);
  });
}
