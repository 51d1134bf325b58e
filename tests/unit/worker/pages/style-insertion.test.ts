// style.css at every insertion (worker/pages/style-insertion.ts): a sheet that passes today's check goes in,
// minus rules that test the value attribute; an older version's loads are left out with a log line; a
// current version that fails is not inserted at all. Runs the worker code against fake-indexeddb.
import { tabs } from '../chrome-stub';
import { beforeEach, describe, expect, test } from 'vitest';
import { olderVersion, styleForInsertion } from '../../../../worker/pages/style-insertion';
import { readLog } from '../../../../worker/store/logs';
import { db } from '../../../../worker/store/db';
import { parseManifestText } from '../../../../contracts/policy/manifest';
import { loadRemixlet, type ActiveRemixlet } from '../../../../worker/store/remixlets';
import { createApproval } from '../../../../worker/activation/approvals';
import { decide } from '../../../../worker/activation/activation';
import { digestFiles } from '../../../../contracts/digest';
import { VALUE_STATE_GUARD } from '../../../../contracts/dom/password-css';

const ID = 'styletest01';
function remixlet(css: string, extensionVersion: string, permissions: Array<{ name: string; reason: string }> = []): ActiveRemixlet {
  const manifestText = JSON.stringify({ name: 'S', description: 'd', api: 1, matches: ['https://shop.test/*'], runAt: 'document_idle', permissions });
  const parsed = parseManifestText(manifestText);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.refusals));
  return {
    head: { id: ID, head: 1, enabled: true, archived: false, createdAt: 0, updatedAt: 0 },
    version: { remixletId: ID, version: 1, files: { 'manifest.json': manifestText, 'style.css': css }, digest: '0'.repeat(64), apiVersion: 1, extensionVersion, savedAt: 0, origin: 'agent' },
    manifest: parsed.manifest,
  };
}
const messages = async () => (await readLog(ID)).map((e) => `${e.level}: ${e.message}`);

beforeEach(async () => {
  await db.logs.removeItem(ID);
});

describe('at every insertion', () => {
  test('a sheet that passes is inserted as saved', async () => {
    const css = '.card { color: red; background: url("https://shop.test/bg.png"); }';
    expect(await styleForInsertion(remixlet(css, '0.1.0'), '0.1.0')).toBe(css);
    expect(await messages()).toEqual([]);
  });

  test('a value state goes in with the guard in front of it, never true of a password field', async () => {
    const css = 'form:has(input:invalid) button { opacity: .5 }';
    const out = await styleForInsertion(remixlet(css, '0.1.0'), '0.1.0');
    expect(out).toBe(`form:has(input${VALUE_STATE_GUARD}:invalid) button { opacity: .5 }`);
    expect(await messages()).toEqual([]);
  });

  test('a background whose whole value is a var() goes in as a background-color', async () => {
    const css = '.chip { background: var(--chip-bg, #eef2ff); }';
    expect(await styleForInsertion(remixlet(css, '0.1.0'), '0.1.0')).toBe('.chip { background: none; background-color: var(--chip-bg, #eef2ff); }');
    expect(await messages()).toEqual([]);
  });

  test('a rule that tests the value attribute is left out, with a log line naming it', async () => {
    const css = '.a { color: red }\ninput[type=password][value^="h"] { width: 11px }\n.b { color: blue }';
    const out = await styleForInsertion(remixlet(css, '0.1.0'), '0.1.0');
    expect(out).toContain('.a');
    expect(out).toContain('.b');
    expect(out).not.toContain('value');
    const log = await messages();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/^warn: style\.css line 2: left out because the selector .*value.* depends on a form field's value \(the value attribute\)/);
  });

  test('a declaration whose attr() reads the value is left out, whichever version saved the sheet', async () => {
    const css = '.a { color: red }\ninput { --v: attr(value); color: blue }';
    for (const saved of ['0.0.9', '0.1.0']) {
      await db.logs.removeItem(ID);
      const out = await styleForInsertion(remixlet(css, saved), '0.1.0');
      expect(out).toContain('color:blue');
      expect(out).not.toContain('attr');
      const log = await messages();
      expect(log).toHaveLength(1);
      expect(log[0]).toMatch(/^warn: style\.css line 2: left out because attr\(value\) reads a form field's value attribute/);
    }
  });

  test('a sheet saved by an older extension that loads from elsewhere keeps running without its loads', async () => {
    const css = '.ok { color: green }\n.bad { background: url("https://attacker.example/x.png") }\n@import "https://attacker.example/a.css";';
    const out = await styleForInsertion(remixlet(css, '0.0.9'), '0.1.0');
    expect(out).toContain('.ok');
    expect(out).not.toContain('attacker');
    const log = await messages();
    expect(log.length).toBeGreaterThanOrEqual(2);
    expect(log.every((l) => /^warn: style\.css line \d+: left out because /.test(l))).toBe(true);
    expect(log.join('\n')).toContain('attacker.example');
  });

  test('a sheet saved by this version that fails today\'s check is not inserted, and the log says why', async () => {
    const out = await styleForInsertion(remixlet('.bad { background: url("https://attacker.example/x.png") }', '0.1.0'), '0.1.0');
    expect(out).toBeUndefined();
    const log = await messages();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/^error: style\.css was not inserted: .*attacker\.example/);
  });

  test('a fetch: permission lets a sheet load from that host', async () => {
    const css = '.x { background: url("https://cdn.example/x.png") }';
    expect(await styleForInsertion(remixlet(css, '0.1.0'), '0.1.0')).toBeUndefined();
    expect(await styleForInsertion(remixlet(css, '0.1.0', [{ name: 'fetch:cdn.example', reason: 'images' }]), '0.1.0')).toBe(css);
  });
});

test('version order', () => {
  expect(olderVersion('0.0.9', '0.1.0')).toBe(true);
  expect(olderVersion('1.0.1', '1.0.2')).toBe(true);
  expect(olderVersion('1.0.2', '1.0.2')).toBe(false);
  expect(olderVersion('1.0.10', '1.0.9')).toBe(false);
  expect(olderVersion('1.0', '1.0.1')).toBe(true);
});

describe('at activation', () => {
  test('an approval whose style.css no longer passes the load check does not activate', async () => {
    tabs.set(41, { id: 41, url: 'https://shop.test/' });
    const files = {
      'manifest.json': JSON.stringify({ name: 'S', description: 'd', api: 1, matches: ['https://shop.test/*'], runAt: 'document_idle', permissions: [] }),
      'style.css': '.bad { background: url("https://attacker.example/x.png") }',
    };
    const approval = await createApproval({
      kind: 'activation',
      tabId: 41,
      site: 'shop.test',
      rows: [],
      permissionNames: [],
      reasons: ['new-sites'],
      sites: ['https://shop.test/*'],
      remixletId: 'approvalcheck1',
      files,
      digest: await digestFiles(files),
    });
    await expect(decide(approval.approvalId, true)).rejects.toMatchObject({ code: 'STYLE_LOAD_REFUSED', reason: expect.stringContaining('attacker.example') });
    expect((await loadRemixlet('approvalcheck1')).ok).toBe(false);
  });
});
