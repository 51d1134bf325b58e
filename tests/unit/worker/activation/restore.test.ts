// Restore: an old version comes back as a new version only after its own confirmation, which lists that
// version's permissions with the reasons stored in it; an unsupported API version is refused and changes nothing.
import { freshWorker } from '../fresh-worker';
import { beforeEach, describe, expect, it } from 'vitest';
import { save, decide } from '../../../../worker/activation/activation';
import { createApproval } from '../../../../worker/activation/approvals';
import { requestRestore } from '../../../../worker/activation/restore';
import { db, versionKey } from '../../../../worker/store/db';
import { listVersions, loadRemixlet, readVersion } from '../../../../worker/store/remixlets';
import { refusalCode } from '../../refusal-code';

const TAB = 5;
const manifest = (permissions: Array<{ name: string; reason: string }>) =>
  JSON.stringify({ name: 'Keeper', description: 'd', matches: ['*://shop.test/*'], permissions });

async function allow(names: string[]) {
  const card = await createApproval({ kind: 'permissions', tabId: TAB, site: 'shop.test', rows: [], permissionNames: names, reasons: [], sites: [] });
  await decide(card.approvalId, true);
}

let id: string;
beforeEach(async () => {
  await freshWorker(TAB, 'https://shop.test/');
  await allow(['storage']);
  const v1 = await save(TAB, undefined, { 'manifest.json': manifest([{ name: 'storage', reason: 'remember what you hid' }]), 'script.js': 'rmx.log(1)' });
  if (v1.status !== 'activated') throw new Error('setup');
  id = v1.remixletId;
  const v2 = await save(TAB, id, { 'manifest.json': manifest([]), 'script.js': 'rmx.log(2)' });
  if (v2.status !== 'activated') throw new Error('setup');
});

describe('restore', () => {
  it('asks with the stored reasons, then brings version 1 back as version 3', async () => {
    const pending = await requestRestore(id, 1);
    expect(pending.reasons).toEqual(['restore']);
    expect(pending.rows).toEqual([{ name: 'storage', text: expect.any(String), storedReason: 'remember what you hid' }]);
    expect((await listVersions(id)).map((v) => v.version)).toEqual([1, 2]);
    const result = await decide(pending.approvalId, true);
    expect(result).toMatchObject({ status: 'activated', version: 3 });
    const v3 = await readVersion(id, 3);
    expect(v3?.files['script.js']).toBe('rmx.log(1)');
    expect(v3?.origin).toBe('restore');
    const now = await loadRemixlet(id);
    expect(now.ok && now.remixlet.head.head).toBe(3);
  });

  it('refuses a version whose API is no longer supported, and changes nothing', async () => {
    const v1 = (await readVersion(id, 1))!;
    await db.versions.setItem(versionKey(id, 1), { ...v1, apiVersion: 0 });
    expect(await refusalCode(requestRestore(id, 1))).toBe('API_VERSION_UNSUPPORTED');
    expect((await listVersions(id)).map((v) => v.version)).toEqual([1, 2]);
    const now = await loadRemixlet(id);
    expect(now.ok && now.remixlet.head.head).toBe(2);
  });
});
