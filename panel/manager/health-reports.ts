// Context: manager page. One subscription to every remixlet's health for the whole page, shared by its
// cards (a card per remixlet must not open a subscription each). Lives as long as the manager page.
import { createRoot, type Accessor } from 'solid-js';
import type { HealthReport } from '../../contracts/health';
import { followHealth } from '../health/follow-health';

let reports: Accessor<ReadonlyMap<string, HealthReport>> | undefined;

export function healthReportOf(remixletId: string): HealthReport | undefined {
  reports ??= createRoot(() => followHealth(() => ({})));
  return reports().get(remixletId);
}
