// Context: shared (pure; Web Crypto is in every context and in Node 20). The SHA-256 digest an
// activation approval is bound to: a canonical serialization of the exact files (sorted names,
// length-prefixed contents), so no two different file sets can share one.
import type { Files } from './remixlet';

export function canonicalFiles(files: Files): string {
  const names = Object.keys(files).sort();
  let out = '';
  for (const name of names) {
    const content = (files as Record<string, string | undefined>)[name];
    if (content === undefined) continue;
    out += `${name.length}:${name}${content.length}:${content}`;
  }
  return out;
}

export async function digestFiles(files: Files): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalFiles(files));
  const hash = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
