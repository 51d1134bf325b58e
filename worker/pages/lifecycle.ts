// Context: background service worker. What follows any change to a remixlet or a site's pause: the
// registrations are brought in line and the affected sandboxes are torn down (and restarted if they
// should still run), so stopping a remixlet never depends on a page reload succeeding.
import { syncRegistrations } from './registration';
import { reconcileAll, restartRemixlet } from './sandboxes';
import { traced } from '../activation/pending';
import { servicesAfterRemixletChanged, servicesAfterSitePauseChanged } from '../services/listeners';

export async function afterRemixletChanged(remixletId: string, reason: string): Promise<void> {
  // (Each registration sync names itself in worker/activation/pending.ts.)
  await syncRegistrations();
  await traced('services after change', () => servicesAfterRemixletChanged(remixletId));
  await traced('restart after change', () => restartRemixlet(remixletId, reason));
}

export async function afterSitePauseChanged(): Promise<void> {
  await syncRegistrations();
  await servicesAfterSitePauseChanged();
  await reconcileAll();
}
