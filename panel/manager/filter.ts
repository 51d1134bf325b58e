// Context: manager page (pure). Which remixlets the manager shows for a search and a filter, and the one
// word it uses for each remixlet's state. Archived beats off, as in the worker's state model.
import type { RemixletSummary } from '../../contracts/remixlet';
import { siteWordsCapitalized } from '../../contracts/policy/site-words';

export const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'on', label: 'On' },
  { value: 'off', label: 'Off' },
  { value: 'archived', label: 'Archived' },
  { value: 'problems', label: 'Cannot be read' },
] as const;
export type Filter = (typeof FILTERS)[number]['value'];

export type State = 'on' | 'off' | 'archived' | 'problems';

export function stateOf(r: RemixletSummary): State {
  if (r.error) return 'problems';
  if (r.archived) return 'archived';
  return r.enabled ? 'on' : 'off';
}

export const STATE_TEXT: Record<State, string> = { on: 'On', off: 'Off', archived: 'Archived', problems: 'Cannot be read' };

/** Every word of the search must appear in the name, description, a site, a permission or the id. */
export function visible(list: readonly RemixletSummary[], search: string, filter: Filter): RemixletSummary[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return list.filter((r) => {
    if (filter !== 'all' && stateOf(r) !== filter) return false;
    const haystack = [r.name, r.description, r.id, ...r.matches, ...r.permissions.map((p) => p.name)].join('\n').toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}

/** A match pattern as people read it: "shop.test, all pages", "Every site" (contracts/policy/site-words.ts). */
export function siteText(pattern: string): string {
  return siteWordsCapitalized(pattern);
}
