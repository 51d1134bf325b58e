// Context: shared (pure): the worker (activation dialog), the panel (the save's result in the chat) and the
// manager (History). What a remixlet's files can do, in one list: where the manifest says it runs, what
// script.js calls (script.ts), a stylesheet, network rules. Services are named with the hosts its
// manifest's permissions allow, which are checked plain hosts; nothing else of the manifest is repeated.
import { z } from 'zod';
import type { Files } from '../remixlet';
import { siteWords } from '../policy/site-words';
import { scriptCanDo } from './script';
import { CAN_DO_KINDS, type CanDoItem, type CanDoKind } from './items';
import { canDoOfPermission } from '../capabilities/permissions';

// Lenient on purpose: an old version may fail today's schema, and what it does should still be listed.
const ManifestShape = z.looseObject({
  matches: z.array(z.string()).optional(),
  excludeMatches: z.array(z.string()).optional(),
  permissions: z.array(z.looseObject({ name: z.string() })).optional(),
});

function readManifest(text: string | undefined) {
  try {
    const parsed = ManifestShape.safeParse(JSON.parse(text ?? ''));
    return parsed.success ? { matches: parsed.data.matches ?? [], excludeMatches: parsed.data.excludeMatches ?? [], permissions: (parsed.data.permissions ?? []).map((p) => p.name) } : undefined;
  } catch {
    return undefined;
  }
}

const ORDER = new Map<CanDoKind, number>(CAN_DO_KINDS.map((k, i) => [k, i]));

export function canDoOf(files: Partial<Files>): CanDoItem[] {
  const items: CanDoItem[] = [];
  const manifest = readManifest(files['manifest.json']);
  if (!manifest) items.push({ kind: 'cannot-tell', sure: false, why: 'manifest-unreadable', lines: [] });
  for (const m of manifest?.matches ?? []) items.push({ kind: 'runs-on', sure: true, subject: siteWords(m), lines: [] });
  for (const m of manifest?.excludeMatches ?? []) items.push({ kind: 'not-on', sure: true, subject: siteWords(m), lines: [] });
  if (files['style.css']?.trim()) items.push({ kind: 'styles', sure: true, lines: [] });
  if (files['rules.json'] !== undefined) items.push({ kind: 'netrules', sure: true, lines: [] });

  const script = files['script.js'] !== undefined ? scriptCanDo(files['script.js']) : [];
  const handedOn = script.some((i) => i.kind === 'cannot-tell' && i.why !== 'unreadable');
  const hostsFor = (kind: CanDoKind) =>
    (manifest?.permissions ?? []).flatMap((p) => {
      const k = canDoOfPermission(p);
      return k?.kind === kind && k.host ? [k.host] : [];
    });
  for (const item of script) {
    if (item.kind === 'styles' && items.some((i) => i.kind === 'styles')) continue;
    const hosts = item.kind === 'fetch' || item.kind === 'observes-network' ? hostsFor(item.kind) : undefined;
    items.push(hosts ? { ...item, ...(hosts.length ? { subject: hosts.join(', ') } : {}) } : item);
  }
  // Code the analysis cannot follow may use any service its permissions allow: each is listed as "may".
  const unread = handedOn || script.some((i) => i.why === 'unreadable');
  if (unread) {
    for (const p of manifest?.permissions ?? []) {
      const k = canDoOfPermission(p);
      if (!k || items.some((i) => i.kind === k.kind)) continue;
      items.push({ kind: k.kind, sure: false, ...(k.host ? { subject: hostsFor(k.kind).join(', ') } : {}), lines: [] });
    }
  }
  return items.sort((a, b) => (ORDER.get(a.kind) ?? 0) - (ORDER.get(b.kind) ?? 0));
}
