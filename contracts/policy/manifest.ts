// Context: worker (save and activation), panel (permission cards, dialog, manager), Node tests.
// Trusts nothing: manifest.json is written by the assistant. The card text here is ours, never the model's.
import { z } from 'zod';
import { failed, passed, quote, refusal } from './result';
import type { PolicyRefusal, PolicyResult } from './result';
import { plainHostProblem } from './site';
import { isPublicSuffix } from './registrable-domain';
import { parseMatchPattern } from './match-pattern';
import { HOST_PERMISSIONS, NAMED_PERMISSIONS, PERMISSION_SPELLINGS, permissionList, permissionParts, type HostPermissionKind, type NamedPermissionName } from '../capabilities/permissions';

export type SimplePermission = NamedPermissionName;

export type ParsedPermission = { kind: NamedPermissionName } | { kind: HostPermissionKind; host: string };

/** Split a permission name into its kind and host, or say why it is not one. */
export function parsePermissionName(name: string): { ok: true; permission: ParsedPermission } | { ok: false; why: string } {
  const parts = permissionParts(name);
  if (!parts) return { ok: false, why: `${quote(name)} is not a permission; use one of ${PERMISSION_SPELLINGS.join(', ')}` };
  if ('host' in parts) {
    const problem = plainHostProblem(parts.host);
    if (problem !== undefined) return { ok: false, why: `${quote(name)} does not name a plain host: ${problem}` };
  }
  return { ok: true, permission: parts };
}

/**
 * The fixed text a permission card or dialog row shows. The model's `reason` never appears here, so a
 * manipulated model cannot write the words the user decides on. Hosts are shown in their canonical
 * (punycode) form, so a look-alike Unicode host cannot pass for a familiar one. Undefined for a
 * name that is not a permission.
 */
export function PERMISSION_CARD_TEXT(name: string): string | undefined {
  const parsed = parsePermissionName(name);
  if (!parsed.ok) return undefined;
  const p = parsed.permission;
  return 'host' in p ? HOST_PERMISSIONS[p.kind].card(p.host) : NAMED_PERMISSIONS[p.kind].card;
}

/** Alias of PERMISSION_CARD_TEXT. */
export const permissionCardText = PERMISSION_CARD_TEXT;

function required(kind: string) {
  return { error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : `must be ${kind}`) };
}

const NOT_IN_ADDRESS_PATH = /[^\u0021-\u007e]|["<>#]/;

const MatchPatternString = z.string(required('a string')).superRefine((value, ctx) => {
  const parsed = parseMatchPattern(value);
  if (!parsed.ok) {
    for (const r of parsed.refusals) ctx.addIssue({ code: 'custom', message: r.reason });
    return;
  }
  const p = parsed.pattern;
  // An address's path and query never hold these (the URL parser percent-encodes or drops them), so such
  // a path matches nothing; it could only carry words for a person to read, such as "click Allow".
  if (NOT_IN_ADDRESS_PATH.test(p.path)) {
    ctx.addIssue({
      code: 'custom',
      message: `${quote(value)} has a path with characters no address shows (spaces, quotes, < >, # or non-ASCII); percent-encode them, as the address bar does`,
    });
  }
  // Chrome accepts *.com, but it covers every site under a suffix; the dialog could not name it honestly.
  if (p.matchSubdomains && p.host !== '' && isPublicSuffix(p.host)) {
    ctx.addIssue({
      code: 'custom',
      message: `${quote(value)} covers every site under ${quote(p.host)}; name a site such as *://*.example.com/*, or use <all_urls> for every site`,
    });
  }
});

const PermissionName = z.string(required('a string')).superRefine((value, ctx) => {
  const parsed = parsePermissionName(value);
  if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.why });
});

export const PermissionSchema = z
  .strictObject({
    name: PermissionName.describe(
      `The permission: ${permissionList()}. A host is a plain host name, optionally with a port; no wildcards.`,
    ),
    reason: z
      .string(required('a string'))
      .max(500, 'must be at most 500 characters')
      .refine((s) => s.trim().length > 0, 'must say why the remixlet needs this permission')
      .describe('Why the remixlet needs this permission. Stored in the manifest; never shown on a permission card.'),
  })
  .describe('One permission the remixlet asks for, with the reason it needs it.');

export const RUN_AT = ['document_start', 'document_end', 'document_idle'] as const;

export const ManifestSchema = z
  .strictObject({
    name: z
      .string(required('a string'))
      .min(1, 'must not be empty')
      .max(80, 'must be at most 80 characters')
      .refine((s) => s.trim().length > 0, 'must not be only spaces')
      .describe('The remixlet name shown in the popup and manager, 1 to 80 characters.'),
    description: z
      .string(required('a string'))
      .max(500, 'must be at most 500 characters')
      .default('')
      .describe('What the remixlet does, at most 500 characters.'),
    api: z
      .number(required('a number'))
      .int('must be a whole number')
      .positive('must be a positive whole number')
      .optional()
      .describe('The API version the remixlet was written for. The extension stamps it when saving; leave it out.'),
    matches: z
      .array(MatchPatternString, required('a list of match patterns'))
      .min(1, 'must list at least one match pattern')
      .describe('Chrome match patterns for the pages the remixlet runs on (top frame only); <all_urls> means every site.'),
    excludeMatches: z
      .array(MatchPatternString, required('a list of match patterns'))
      .optional()
      .describe('Match patterns for pages the remixlet must not run on, even when matches covers them.'),
    runAt: z
      .enum(RUN_AT, { error: `must be one of ${RUN_AT.join(', ')}` })
      .default('document_idle')
      .describe(
        'When the remixlet meets the page: its dom calls are answered from document_start (as the page starts loading), document_end (once it is parsed) or document_idle (when Chrome runs document_idle content scripts: once it has loaded, or soon after it was parsed when its images and other loads take long; the default). Its script is started as the page starts loading, so rmx calls made before its first dom call can come earlier.',
      ),
    permissions: z
      .array(PermissionSchema, required('a list of permissions'))
      .default([])
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((p, i) => {
          if (seen.has(p.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `${quote(p.name)} is listed more than once` });
          seen.add(p.name);
        });
      })
      .describe('The permissions the remixlet asks for, each with a reason; each name at most once.'),
  })
  .describe('manifest.json: what a remixlet is, where it runs, and what it may use beyond the page.');

export type RemixletManifest = z.output<typeof ManifestSchema>;
/** Alias of RemixletManifest. */
export type Manifest = RemixletManifest;
export type RemixletManifestInput = z.input<typeof ManifestSchema>;
export type Permission = z.output<typeof PermissionSchema>;

function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

/** Validate manifest.json text. Every problem is a MANIFEST_INVALID refusal naming the field and why. */
export function parseManifestText(text: string): PolicyResult<{ manifest: RemixletManifest }> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return failed([refusal('MANIFEST_INVALID', `manifest.json is not valid JSON: ${e instanceof Error ? e.message : String(e)}`, { file: 'manifest.json' })]);
  }
  return parseManifest(json);
}

/** Validate an already-parsed manifest value (for callers that hold JSON, such as the store). */
export function parseManifest(json: unknown): PolicyResult<{ manifest: RemixletManifest }> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return failed([refusal('MANIFEST_INVALID', 'manifest.json must be a JSON object', { file: 'manifest.json' })]);
  }
  const result = ManifestSchema.safeParse(json);
  if (result.success) return passed({ manifest: result.data });
  const refusals: PolicyRefusal[] = [];
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = fieldPath([...issue.path, key]);
        refusals.push(
          refusal('MANIFEST_INVALID', `manifest.json: unknown field ${quote(field)}; remove it (allowed fields are fixed by the remixlet API)`, {
            file: 'manifest.json',
            field,
          }),
        );
      }
      continue;
    }
    const field = fieldPath(issue.path);
    const where = field === '' ? 'manifest.json' : `manifest.json: ${field}`;
    refusals.push(refusal('MANIFEST_INVALID', `${where} ${issue.message}`, { file: 'manifest.json', field }));
  }
  return failed(refusals);
}

export const REMIXLET_FILES = ['manifest.json', 'script.js', 'style.css', 'rules.json'] as const;
export type RemixletFileName = (typeof REMIXLET_FILES)[number];

/** Size limits in bytes of UTF-8. */
export const FILE_LIMITS: Readonly<Record<RemixletFileName, number>> = {
  'manifest.json': 16 * 1024,
  'script.js': 256 * 1024,
  'style.css': 128 * 1024,
  'rules.json': 64 * 1024,
};

function isRemixletFile(name: string): name is RemixletFileName {
  return (REMIXLET_FILES as readonly string[]).includes(name);
}

/** UTF-8 byte length without allocating an encoded copy; lone surrogates count as U+FFFD (3 bytes), as TextEncoder would write them. */
export function utf8Length(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Check a remixlet's file set: only the four known names, a manifest present and valid, every file
 * within its size limit, and rules.json only with the netrules permission. File contents other than
 * the manifest are checked elsewhere (script, stylesheet and rule checks).
 */
export function checkFileSet(files: Readonly<Record<string, string>>): PolicyResult<{ manifest: RemixletManifest }> {
  const refusals: PolicyRefusal[] = [];
  for (const name of Object.keys(files)) {
    if (!isRemixletFile(name)) {
      refusals.push(
        refusal('MANIFEST_INVALID', `${quote(name)} is not a remixlet file; a remixlet has only ${REMIXLET_FILES.join(', ')}`, { file: name }),
      );
      continue;
    }
    const content = files[name];
    if (typeof content !== 'string') {
      refusals.push(refusal('MANIFEST_INVALID', `${name} must be text`, { file: name }));
      continue;
    }
    const size = utf8Length(content);
    const limit = FILE_LIMITS[name];
    if (size > limit) {
      refusals.push(
        refusal('FILE_TOO_LARGE', `${name} is ${size} bytes; the limit is ${limit} bytes (${limit / 1024} KiB). Make it smaller.`, { file: name }),
      );
    }
  }
  const manifestText = Object.prototype.hasOwnProperty.call(files, 'manifest.json') ? files['manifest.json'] : undefined;
  if (manifestText === undefined) {
    refusals.push(refusal('MANIFEST_INVALID', 'manifest.json is missing; every remixlet needs one', { file: 'manifest.json' }));
    return failed(refusals);
  }
  if (typeof manifestText !== 'string' || utf8Length(manifestText) > FILE_LIMITS['manifest.json']) return failed(refusals);
  const parsed = parseManifestText(manifestText);
  if (!parsed.ok) return failed([...refusals, ...parsed.refusals]);
  if (Object.prototype.hasOwnProperty.call(files, 'rules.json') && !parsed.manifest.permissions.some((p) => p.name === 'netrules')) {
    refusals.push(
      refusal('MANIFEST_INVALID', 'rules.json needs the netrules permission; add { "name": "netrules", "reason": "…" } to permissions or remove rules.json', {
        file: 'rules.json',
        field: 'permissions',
      }),
    );
  }
  return refusals.length > 0 ? failed(refusals) : passed({ manifest: parsed.manifest });
}
