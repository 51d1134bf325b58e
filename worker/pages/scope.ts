// Context: background service worker. What the worker tells a page agent about a remixlet, computed from
// the stored (approved) manifest alone.
import type { RemixletScope } from '../../contracts/boundaries/worker-page-agent';
import { coversEverySite } from '../../contracts/policy/match-pattern';
import { fetchHostsOf } from '../../contracts/remixlet-hosts';
import type { ActiveRemixlet } from '../store/remixlets';

export function scopeOf(r: ActiveRemixlet): RemixletScope {
  const matches = r.manifest.matches;
  return {
    id: r.head.id,
    matches,
    excludeMatches: r.manifest.excludeMatches ?? [],
    fetchHosts: fetchHostsOf(r.manifest),
    everySite: coversEverySite(matches),
    runAt: r.manifest.runAt,
  };
}
