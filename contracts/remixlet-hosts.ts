// Context: shared (pure). Which hosts a remixlet's files may name: the hosts its matches cover plus the
// hosts its fetch: permissions name (a network:observe: permission allows no loads).
import { coversEverySite, hostsOf } from './policy/match-pattern';
import type { Manifest } from './policy/manifest';
import { permittedHosts } from './capabilities/permissions';

export function fetchHostsOf(manifest: Manifest): string[] {
  return permittedHosts('fetch', manifest.permissions.map((p) => p.name));
}

export function loadHostsOf(manifest: Manifest): { allowedHosts: string[]; everySite: boolean } {
  return {
    allowedHosts: [...new Set([...hostsOf(manifest.matches), ...fetchHostsOf(manifest)])],
    everySite: coversEverySite(manifest.matches),
  };
}
