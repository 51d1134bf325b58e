// Context: shared (pure). What read_page_data may read, and what it refuses with a typed refusal. The
// refused list is the source document's: cookies, local and session storage, IndexedDB, caches and the
// credential store. Trusts nothing: the worker decides from this list before anything touches the page.
import { z } from 'zod';

export const READABLE_SOURCES = ['resources', 'json', 'variables', 'forms', 'structured_data'] as const;
export const REFUSED_SOURCES = ['cookies', 'local_storage', 'session_storage', 'indexeddb', 'caches', 'credentials'] as const;

export const ReadSource = z.enum([...READABLE_SOURCES, ...REFUSED_SOURCES]);
export type ReadSource = z.infer<typeof ReadSource>;
export type RefusedSource = (typeof REFUSED_SOURCES)[number];

export function isRefusedSource(s: ReadSource): s is RefusedSource {
  return (REFUSED_SOURCES as readonly string[]).includes(s);
}

export const REFUSED_SOURCE_TEXT: Record<RefusedSource, string> = {
  cookies: 'Cookies are never read by the agent: they are how the site knows it is you.',
  local_storage: "The site's local storage is never read by the agent.",
  session_storage: "The site's session storage is never read by the agent.",
  indexeddb: "The site's IndexedDB databases are never read by the agent.",
  caches: "The site's caches are never read by the agent.",
  credentials: 'The credential store (saved passwords and passkeys) is never read by the agent.',
};

/**
 * Names a script-variable path may not step through: each reaches one of the refused stores, or the
 * document (whose fields include password values and cookies). Compared per segment, case-sensitively
 * as JavaScript does, so `window.localStorage` and `self["sessionStorage"]` are refused alike.
 */
export const REFUSED_VARIABLE_NAMES: ReadonlySet<string> = new Set([
  'cookie',
  'cookieStore',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'caches',
  'credentials',
  'document',
  'navigator',
  'opener',
  'parent',
  'top',
  'frames',
]);
