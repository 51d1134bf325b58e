// Context: extension UI pages (popup, manager). Follows the worker's health reports while the page is
// open (the worker pushes again after each visit it records), by remixlet id. Trusts the worker's answer,
// parsed on arrival by the checked client.
import { createEffect, createSignal, on, onCleanup, type Accessor } from 'solid-js';
import type { HealthReport } from '../../contracts/health';
import { liveSubscription } from '../worker-client';

/**
 * `where()`: { url } for reports judged on that page, for the remixlets that cover it; {} for every remixlet
 * on its latest page; undefined while it is not known yet (nothing is asked).
 */
export function followHealth(where: () => { url?: string } | undefined): Accessor<ReadonlyMap<string, HealthReport>> {
  const [reports, setReports] = createSignal<ReadonlyMap<string, HealthReport>>(new Map());
  createEffect(
    on(
      () => where()?.url ?? (where() ? '' : undefined),
      (key) => {
        if (key === undefined) return;
        const input = key ? { url: key } : {};
        const sub = liveSubscription((w) => w.health(input, { onData: (list) => setReports(new Map(list.map((r) => [r.remixletId, r]))), onError: () => undefined }));
        onCleanup(() => sub.unsubscribe());
      },
    ),
  );
  return reports;
}
