// Context: runs in the page's MAIN world, injected by chrome.scripting.executeScript with this FIXED
// function shipped in the extension; its only inputs are parsed path segments (data). It walks each path
// property by property and copies plain data out. It refuses to hand back a storage, cookie, database,
// cache or credential object, and never descends into host objects (the document, elements, windows).
// It must stay self-contained: executeScript sends the function's source alone, without its module.

export interface VariableRead {
  path: string;
  ok: boolean;
  value?: unknown;
  refused?: string;
}

export function readVariables(paths: string[][], maxChars: number): VariableRead[] {
  const REFUSED_TAGS = ['Storage', 'IDBFactory', 'IDBDatabase', 'CacheStorage', 'Cache', 'CredentialsContainer', 'CookieStore', 'HTMLDocument', 'Document'];
  const PLAIN = ['Object', 'Array', 'Map', 'Set'];
  const tagOf = (v: unknown) => Object.prototype.toString.call(v).slice(8, -1);
  const root = globalThis as unknown as Record<string, unknown>;

  const copy = (v: unknown, depth: number, budget: { left: number }, seen: Set<unknown>): unknown => {
    budget.left -= 1;
    if (budget.left < 0) return '…';
    if (v === null || typeof v === 'number' || typeof v === 'boolean') return v;
    if (typeof v === 'string') return v.length > 2000 ? `${v.slice(0, 2000)}…` : v;
    if (typeof v === 'bigint') return `${v}n`;
    if (typeof v === 'undefined') return '[undefined]';
    if (typeof v === 'function') return '[function]';
    if (typeof v === 'symbol') return '[symbol]';
    const tag = tagOf(v);
    if (REFUSED_TAGS.includes(tag)) return `[refused: ${tag}]`;
    if (!PLAIN.includes(tag)) return `[${tag}]`;
    if (seen.has(v) || depth > 6) return '[…]';
    seen.add(v);
    if (tag === 'Array') return (v as unknown[]).slice(0, 100).map((x) => copy(x, depth + 1, budget, seen));
    if (tag === 'Map') return [...(v as Map<unknown, unknown>).entries()].slice(0, 100).map(([k, x]) => [copy(k, depth + 1, budget, seen), copy(x, depth + 1, budget, seen)]);
    if (tag === 'Set') return [...(v as Set<unknown>).values()].slice(0, 100).map((x) => copy(x, depth + 1, budget, seen));
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v as object).slice(0, 100)) {
      let x: unknown;
      try {
        x = (v as Record<string, unknown>)[k];
      } catch {
        x = '[unreadable]';
      }
      out[k] = copy(x, depth + 1, budget, seen);
    }
    return out;
  };

  return paths.map((segments) => {
    const path = segments.join('.');
    let value: unknown = root;
    for (const s of segments) {
      const tag = tagOf(value);
      if (value !== root && REFUSED_TAGS.includes(tag)) return { path, ok: false, refused: `it passes through a ${tag}` };
      if (value !== root && !PLAIN.includes(tag)) return { path, ok: false, refused: `it passes through a ${tag}, which is not plain data` };
      try {
        value = value === null || value === undefined ? undefined : (value as Record<string, unknown>)[s];
      } catch {
        return { path, ok: false, refused: 'reading it threw' };
      }
    }
    const tag = tagOf(value);
    if (REFUSED_TAGS.includes(tag)) return { path, ok: false, refused: `it is a ${tag}` };
    const copied = copy(value, 0, { left: 5000 }, new Set());
    const text = JSON.stringify(copied) ?? 'null';
    return { path, ok: true, value: text.length > maxChars ? `${text.slice(0, maxChars)}…` : copied };
  });
}
