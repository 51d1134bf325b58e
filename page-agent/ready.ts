// Context: page agent. A remixlet meets the page at its manifest's runAt: its script may start while the
// page is still loading (its sandbox is made ready when the navigation starts and started when the document
// commits), and its dom calls wait here until the page is that ready, then run at once, without
// waiting for the worker to hear of the ready state and start anything (bench/time-to-effect.bench.ts).
// Trusts the runAt the worker states from the stored manifest.
import type { RemixletScope } from '../contracts/boundaries/worker-page-agent';

const READY = { loading: 0, interactive: 1, complete: 2 } as const;
const NEEDS = { document_start: 0, document_end: 1, document_idle: 2 } as const;

const ready = (runAt: NonNullable<RemixletScope['runAt']>) => READY[document.readyState] >= NEEDS[runAt];

/** Resolves once the page has reached `runAt`; undefined when it already has (no promise to wait on). */
export function pageReadyFor(runAt: RemixletScope['runAt']): Promise<void> | undefined {
  if (!runAt || ready(runAt)) return undefined;
  return new Promise((resolve) => {
    const check = () => {
      if (!ready(runAt)) return;
      document.removeEventListener('readystatechange', check);
      resolve();
    };
    document.addEventListener('readystatechange', check);
  });
}
