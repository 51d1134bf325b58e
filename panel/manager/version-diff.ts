// Context: manager page (pure). What one version changed from the one before: a unified diff of every file,
// the manifest included, and the permissions and sites it added or removed. Permissions are named with
// the fixed extension text; the stored files are the model's words and are only ever shown as text.
import { structuredPatch } from 'diff';
import { z } from 'zod';
import { FILE_NAMES, type FileName, type Files } from '../../contracts/remixlet';
import { PERMISSION_CARD_TEXT } from '../../contracts/policy/manifest';

export type LineKind = 'add' | 'del' | 'same';
export interface Hunk {
  header: string;
  lines: Array<{ kind: LineKind; text: string }>;
}
export interface FileChange {
  file: FileName;
  status: 'added' | 'removed' | 'changed' | 'unchanged';
  added: number;
  removed: number;
  hunks: Hunk[];
}
export interface PermissionChange {
  name: string;
  text: string;
}
export interface VersionChanges {
  files: FileChange[];
  permissionsAdded: PermissionChange[];
  permissionsRemoved: PermissionChange[];
  sitesAdded: string[];
  sitesRemoved: string[];
  /** The manifest of this version (or the one before) does not parse, so its permission changes are unknown. */
  manifestUnreadable: boolean;
}

// Lenient on purpose: an old version may fail today's schema, and its permissions should still be listed.
const ManifestShape = z.looseObject({
  matches: z.array(z.string()).optional(),
  permissions: z.array(z.looseObject({ name: z.string() })).optional(),
});

function readManifest(text: string | undefined): { matches: string[]; permissions: string[] } | undefined {
  if (text === undefined) return { matches: [], permissions: [] };
  try {
    const parsed = ManifestShape.safeParse(JSON.parse(text));
    if (!parsed.success) return undefined;
    return { matches: parsed.data.matches ?? [], permissions: (parsed.data.permissions ?? []).map((p) => p.name) };
  } catch {
    return undefined;
  }
}

const minus = (a: readonly string[], b: readonly string[]) => [...new Set(a)].filter((x) => !b.includes(x));
const described = (name: string): PermissionChange => ({ name, text: PERMISSION_CARD_TEXT(name) ?? 'A permission this extension does not know' });

function fileChange(file: FileName, before: string | undefined, after: string | undefined): FileChange | undefined {
  if (before === undefined && after === undefined) return undefined;
  const patch = structuredPatch(file, file, before ?? '', after ?? '', '', '', { context: 3 });
  let added = 0;
  let removed = 0;
  const hunks = patch.hunks.map((h) => ({
    header: `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`,
    lines: h.lines
      // "\ No newline at end of file" is diff bookkeeping, not a line of the file.
      .filter((l) => !l.startsWith('\\'))
      .map((l) => {
        const kind: LineKind = l[0] === '+' ? 'add' : l[0] === '-' ? 'del' : 'same';
        if (kind === 'add') added++;
        if (kind === 'del') removed++;
        return { kind, text: l.slice(1) };
      }),
  }));
  const status = before === undefined ? 'added' : after === undefined ? 'removed' : hunks.length ? 'changed' : 'unchanged';
  return { file, status, added, removed, hunks };
}

/** `before` is undefined for a first version: everything in it is new. */
export function changesBetween(before: Files | undefined, after: Files): VersionChanges {
  const files = FILE_NAMES.flatMap((f) => fileChange(f, before?.[f], after[f]) ?? []);
  const was = before ? readManifest(before['manifest.json']) : { matches: [], permissions: [] };
  const now = readManifest(after['manifest.json']);
  if (!was || !now) return { files, permissionsAdded: [], permissionsRemoved: [], sitesAdded: [], sitesRemoved: [], manifestUnreadable: true };
  return {
    files,
    permissionsAdded: minus(now.permissions, was.permissions).map(described),
    permissionsRemoved: minus(was.permissions, now.permissions).map(described),
    sitesAdded: minus(now.matches, was.matches),
    sitesRemoved: minus(was.matches, now.matches),
    manifestUnreadable: false,
  };
}
