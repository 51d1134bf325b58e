// Context: shared (pure): the panel (chat, dialogs), the manager and the "can do" list. Trusts nothing:
// patterns come from assistant-written manifests. A match pattern in the words a person reads: the host and
// whether it is every page there ("shop.test, all pages"), never the pattern's own syntax or its path.
import { parseMatchPattern } from './match-pattern';

export const UNNAMED_SITE = 'a site Remixlet cannot name';

export function siteWords(pattern: string): string {
  const parsed = parseMatchPattern(pattern);
  if (!parsed.ok) return UNNAMED_SITE;
  const p = parsed.pattern;
  const port = p.port === '*' ? '' : ` on port ${p.port}`;
  if (p.allUrls || (p.matchSubdomains && p.host === '')) return `every site${port}${p.path === '/*' ? '' : ', some pages'}`;
  const host = p.matchSubdomains ? `${p.host} and its subdomains` : p.host;
  const scheme = p.schemes.length === 1 && p.schemes[0] === 'http' ? ' (unencrypted http only)' : '';
  return `${host}${port}, ${p.path === '/*' ? 'all pages' : 'some pages'}${scheme}`;
}

/** The same words at the start of a line: "Every site", but a host stays as it is written ("shop.test"). */
export function siteWordsCapitalized(pattern: string): string {
  const w = siteWords(pattern);
  return w.startsWith('every site') || w === UNNAMED_SITE ? w.charAt(0).toUpperCase() + w.slice(1) : w;
}
