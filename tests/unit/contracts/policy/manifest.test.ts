import { describe, it, expect } from 'vitest';
import {
  FILE_LIMITS,
  ManifestSchema,
  PERMISSION_CARD_TEXT,
  checkFileSet,
  parseManifestText,
  parsePermissionName,
  utf8Length,
} from '../../../../contracts/policy/manifest';
import type { PolicyRefusal } from '../../../../contracts/policy/result';

const base = {
  name: 'Compact inbox',
  description: 'Makes the inbox denser.',
  matches: ['https://mail.example.com/*'],
  permissions: [{ name: 'storage', reason: 'Remember the density you chose.' }],
};

function manifestText(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({ ...base, ...overrides });
}

function refusalsOf(text: string): PolicyRefusal[] {
  const r = parseManifestText(text);
  if (r.ok) throw new Error('expected a refusal');
  return r.refusals;
}

describe('parseManifestText', () => {
  it('accepts a valid manifest and fills defaults', () => {
    const r = parseManifestText(JSON.stringify({ name: 'x', matches: ['<all_urls>'] }));
    expect(r).toEqual({ ok: true, manifest: { name: 'x', description: '', matches: ['<all_urls>'], runAt: 'document_idle', permissions: [] } });
  });
  it('accepts every field', () => {
    const full = {
      ...base,
      api: 1,
      excludeMatches: ['https://mail.example.com/settings*'],
      runAt: 'document_start',
      permissions: [
        { name: 'storage', reason: 'r' },
        { name: 'clipboard', reason: 'r' },
        { name: 'notifications', reason: 'r' },
        { name: 'menu', reason: 'r' },
        { name: 'schedule', reason: 'r' },
        { name: 'netrules', reason: 'r' },
        { name: 'fetch:api.example.com', reason: 'r' },
        { name: 'fetch:localhost:3000', reason: 'r' },
        { name: 'network:observe:api.example.com', reason: 'r' },
      ],
    };
    expect(parseManifestText(JSON.stringify(full)).ok).toBe(true);
  });
  it('refuses an unknown field, naming it', () => {
    const [r] = refusalsOf(manifestText({ homepage: 'https://x' }));
    expect(r).toMatchObject({ code: 'MANIFEST_INVALID', field: 'homepage' });
    expect(r?.reason).toContain('unknown field "homepage"');
  });
  it('refuses an unknown field inside a permission', () => {
    const [r] = refusalsOf(manifestText({ permissions: [{ name: 'storage', reason: 'r', optional: true }] }));
    expect(r).toMatchObject({ field: 'permissions[0].optional' });
  });
  it('refuses an unknown permission, naming it and the field', () => {
    const [r] = refusalsOf(manifestText({ permissions: [{ name: 'cookies', reason: 'r' }] }));
    expect(r).toMatchObject({ code: 'MANIFEST_INVALID', field: 'permissions[0].name' });
    expect(r?.reason).toContain('"cookies" is not a permission');
  });
  it('refuses a wildcard host in a permission', () => {
    const [r] = refusalsOf(manifestText({ permissions: [{ name: 'fetch:*.example.com', reason: 'r' }] }));
    expect(r?.field).toBe('permissions[0].name');
    expect(r?.reason).toContain('wildcards are not allowed');
  });
  it.each([
    ['fetch:https://api.example.com', 'without a scheme'],
    ['fetch:api.example.com/v1', 'without a path'],
    ['fetch:API.example.com', 'canonical form'],
    ['fetch:', 'empty'],
    ['network:observe:*', 'wildcards'],
    ['fetch:user@api.example.com', 'user name'],
  ])('refuses the permission %s (%s)', (name, why) => {
    const [r] = refusalsOf(manifestText({ permissions: [{ name, reason: 'r' }] }));
    expect(r?.reason).toContain(why);
  });
  it('refuses a missing or empty reason', () => {
    const missing = refusalsOf(manifestText({ permissions: [{ name: 'storage' }] }));
    expect(missing[0]).toMatchObject({ field: 'permissions[0].reason' });
    expect(missing[0]?.reason).toContain('permissions[0].reason is required');
    const blank = refusalsOf(manifestText({ permissions: [{ name: 'storage', reason: '   ' }] }));
    expect(blank[0]?.reason).toContain('must say why');
    const long = refusalsOf(manifestText({ permissions: [{ name: 'storage', reason: 'x'.repeat(501) }] }));
    expect(long[0]?.reason).toContain('at most 500');
  });
  it('refuses duplicate permission names', () => {
    const [r] = refusalsOf(manifestText({ permissions: [{ name: 'storage', reason: 'a' }, { name: 'storage', reason: 'b' }] }));
    expect(r).toMatchObject({ field: 'permissions[1].name' });
    expect(r?.reason).toContain('more than once');
  });
  it('refuses a malformed match pattern, naming the field and why', () => {
    const [r] = refusalsOf(manifestText({ matches: ['https://mail.example.com/*', 'https://example.com'] }));
    expect(r).toMatchObject({ field: 'matches[1]' });
    expect(r?.reason).toContain('no path');
    const [e] = refusalsOf(manifestText({ excludeMatches: ['file:///*'] }));
    expect(e).toMatchObject({ field: 'excludeMatches[0]' });
  });
  it('refuses a wildcard on a public suffix', () => {
    const [r] = refusalsOf(manifestText({ matches: ['https://*.co.uk/*'] }));
    expect(r?.reason).toContain('covers every site under');
    expect(refusalsOf(manifestText({ matches: ['https://*.github.io/*'] }))[0]?.reason).toContain('covers every site under');
  });
  it('refuses a match path with characters no address shows (spaces, quotes, angle brackets, #, non-ASCII): it could only carry words', () => {
    for (const path of ['/ (Checked by Remixlet: safe, click Allow)*', '/a"b*', '/<b>*', '/#top', '/café*', '/a\tb*']) {
      const [r] = refusalsOf(manifestText({ matches: [`https://mail.example.com${path}`] }));
      expect(r, path).toMatchObject({ field: 'matches[0]' });
      expect(r?.reason).toContain('percent-encode');
    }
    expect(parseManifestText(manifestText({ matches: ['https://mail.example.com/a%20b/*?q=1&x=[y]*'] })).ok).toBe(true);
  });
  it('refuses empty matches, bad types and bad values', () => {
    expect(refusalsOf(manifestText({ matches: [] }))[0]?.reason).toContain('at least one');
    expect(refusalsOf(manifestText({ matches: 'https://x/*' }))[0]?.reason).toContain('must be a list');
    expect(refusalsOf(manifestText({ name: '' }))[0]?.reason).toContain('name must not be empty');
    expect(refusalsOf(manifestText({ name: 'x'.repeat(81) }))[0]?.reason).toContain('at most 80');
    expect(refusalsOf(manifestText({ description: 'x'.repeat(501) }))[0]?.reason).toContain('at most 500');
    expect(refusalsOf(manifestText({ api: 0 }))[0]?.field).toBe('api');
    expect(refusalsOf(manifestText({ api: 1.5 }))[0]?.reason).toContain('whole number');
    expect(refusalsOf(manifestText({ runAt: 'document_ready' }))[0]?.reason).toContain('runAt must be one of');
    expect(refusalsOf(JSON.stringify({ matches: ['<all_urls>'] }))[0]?.reason).toBe('manifest.json: name is required');
  });
  it('refuses text that is not a JSON object', () => {
    expect(refusalsOf('{ name: "x" }')[0]?.reason).toContain('not valid JSON');
    expect(refusalsOf('[]')[0]?.reason).toContain('must be a JSON object');
    expect(refusalsOf('null')[0]?.reason).toContain('must be a JSON object');
  });
  it('reports every problem at once', () => {
    expect(refusalsOf(JSON.stringify({ extra: 1, matches: [], permissions: [{ name: 'x' }] })).length).toBeGreaterThanOrEqual(4);
  });
  it('describes every field for the generated docs', () => {
    for (const [key, schema] of Object.entries(ManifestSchema.shape)) expect(schema.description, key).toBeTruthy();
    expect(ManifestSchema.description).toBeTruthy();
  });
});

describe('permission card text', () => {
  it('is fixed extension text for every permission', () => {
    expect(PERMISSION_CARD_TEXT('fetch:api.example.com')).toBe('Send requests to api.example.com, signed in as you');
    expect(PERMISSION_CARD_TEXT('storage')).toBe('Keep its own data in your browser');
    expect(PERMISSION_CARD_TEXT('clipboard')).toBe('Write to your clipboard');
    expect(PERMISSION_CARD_TEXT('notifications')).toBe('Show text notifications');
    expect(PERMISSION_CARD_TEXT('menu')).toBe("Add an entry to the page's right-click menu");
    expect(PERMISSION_CARD_TEXT('schedule')).toBe('Act later on a schedule (notify, open its own page, or leave a message)');
    expect(PERMISSION_CARD_TEXT('network:observe:api.example.com')).toBe('Read the responses this page receives from api.example.com');
    expect(PERMISSION_CARD_TEXT('netrules')).toBe('Change what pages load');
  });
  it('has no text for what is not a permission, so nothing else can reach a card', () => {
    expect(PERMISSION_CARD_TEXT('fetch:evil.test, signed in as nobody. Allow')).toBeUndefined();
    expect(PERMISSION_CARD_TEXT('fetch:*.example.com')).toBeUndefined();
    expect(PERMISSION_CARD_TEXT('cookies')).toBeUndefined();
  });
  it('parses permission names', () => {
    expect(parsePermissionName('fetch:api.example.com:8443')).toEqual({ ok: true, permission: { kind: 'fetch', host: 'api.example.com:8443' } });
    expect(parsePermissionName('network:observe:a.test')).toEqual({ ok: true, permission: { kind: 'network:observe', host: 'a.test' } });
    expect(parsePermissionName('menu')).toEqual({ ok: true, permission: { kind: 'menu' } });
    expect(parsePermissionName('network:a.test').ok).toBe(false);
  });
});

describe('checkFileSet', () => {
  const manifest = manifestText();
  it('accepts a valid set and returns the manifest', () => {
    const r = checkFileSet({ 'manifest.json': manifest, 'script.js': 'rmx.log(1)', 'style.css': 'a{color:red}' });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.manifest.name).toBe('Compact inbox');
  });
  it('refuses unknown file names', () => {
    const r = checkFileSet({ 'manifest.json': manifest, 'helper.js': '', './script.js': '', 'Style.css': '' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals.map((x) => x.file)).toEqual(['helper.js', './script.js', 'Style.css']);
    const proto = checkFileSet(JSON.parse('{"manifest.json": ' + JSON.stringify(manifest) + ', "__proto__": "x"}') as Record<string, string>);
    expect(proto.ok).toBe(false);
  });
  it('refuses a missing manifest', () => {
    const r = checkFileSet({ 'script.js': 'rmx.log(1)' });
    expect(r).toMatchObject({ ok: false, refusals: [{ code: 'MANIFEST_INVALID', file: 'manifest.json' }] });
  });
  it('refuses oversized files, naming each', () => {
    const r = checkFileSet({
      'manifest.json': manifest,
      'script.js': 'x'.repeat(FILE_LIMITS['script.js'] + 1),
      'style.css': 'é'.repeat(FILE_LIMITS['style.css'] / 2 + 1),
      'rules.json': '[]',
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      const tooLarge = r.refusals.filter((x) => x.code === 'FILE_TOO_LARGE');
      expect(tooLarge.map((x) => x.file)).toEqual(['script.js', 'style.css']);
      expect(tooLarge[0]?.reason).toContain('script.js is 262145 bytes; the limit is 262144 bytes (256 KiB)');
    }
    const big = checkFileSet({ 'manifest.json': manifestText({ description: 'x'.repeat(400) }).padEnd(FILE_LIMITS['manifest.json'] + 1, ' ') });
    expect(big).toMatchObject({ ok: false, refusals: [{ code: 'FILE_TOO_LARGE', file: 'manifest.json' }] });
  });
  it('accepts files exactly at the limit', () => {
    expect(checkFileSet({ 'manifest.json': manifest, 'script.js': 'x'.repeat(FILE_LIMITS['script.js']) }).ok).toBe(true);
  });
  it('refuses rules.json without the netrules permission', () => {
    const r = checkFileSet({ 'manifest.json': manifest, 'rules.json': '[]' });
    expect(r).toMatchObject({ ok: false, refusals: [{ file: 'rules.json' }] });
    if (!r.ok) expect(r.refusals[0]?.reason).toContain('netrules');
    const ok = checkFileSet({ 'manifest.json': manifestText({ permissions: [{ name: 'netrules', reason: 'Block trackers.' }] }), 'rules.json': '[]' });
    expect(ok.ok).toBe(true);
  });
  it('passes manifest refusals through', () => {
    const r = checkFileSet({ 'manifest.json': '{"name": "x"}' });
    expect(r).toMatchObject({ ok: false, refusals: [{ field: 'matches' }] });
  });
  it('limits are in KiB of UTF-8', () => {
    expect(FILE_LIMITS).toEqual({ 'manifest.json': 16384, 'script.js': 262144, 'style.css': 131072, 'rules.json': 65536 });
    for (const s of ['', 'abc', 'é', '€', '😀', 'a😀é€', '\ud800', 'x\udc00y']) expect(utf8Length(s), s).toBe(new TextEncoder().encode(s).length);
  });
});
