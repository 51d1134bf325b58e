// Context: background service worker. The health reports open popups and managers follow: read from the
// stored records, judged by contracts/health.ts, pushed again whenever a visit is saved or a remixlet
// changes. Which remixlets cover a page is the worker's own answer from the manifests it stored.
import { healthReport, pageKeyOf, type HealthReport } from '../../contracts/health';
import { matchesUrl } from '../../contracts/policy/match-pattern';
import { loadAll } from '../store/remixlets';
import { onHealthChanged, readHealth } from '../store/health';
import { onStoreChanged } from '../store/changes';

export async function healthReports(url?: string): Promise<HealthReport[]> {
  const out: HealthReport[] = [];
  for (const loaded of await loadAll()) {
    if (!loaded.ok) continue;
    const { head, manifest } = loaded.remixlet;
    if (url !== undefined && !matchesUrl(manifest.matches, manifest.excludeMatches ?? [], url)) continue;
    out.push(healthReport(head.id, await readHealth(head.id), url !== undefined ? pageKeyOf(url) : undefined));
  }
  return out;
}

/** A visit saves often while a page is busy: changes that come close together are pushed once. */
const PUSH_AFTER_MS = 150;

/**
 * Pushes the reports now and after every change. One read at a time: a read is several storage reads, and
 * one started before a change could otherwise answer after one started after it, leaving an open popup or
 * manager on the older state. A change while a read is on its way reads again once it is done.
 */
export function followHealth(url: string | undefined, emit: (reports: HealthReport[]) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ended = false;
  let reading = false;
  let readAgain = false;
  const push = () => {
    timer = undefined;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    void healthReports(url)
      .then((reports) => ended || emit(reports), () => undefined)
      .finally(() => {
        reading = false;
        if (readAgain && !ended) {
          readAgain = false;
          push();
        }
      });
  };
  const soon = () => {
    timer ??= setTimeout(push, PUSH_AFTER_MS);
  };
  push();
  const offHealth = onHealthChanged(soon);
  const offStore = onStoreChanged(soon);
  return () => {
    ended = true;
    if (timer !== undefined) clearTimeout(timer);
    offHealth();
    offStore();
  };
}
