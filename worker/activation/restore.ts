// Context: background service worker. Restoring an old version: it comes back as a new version, only after
// a confirmation that lists that version's permission names with the reasons stored in it (the one place
// a model-written reason is shown), bound like any approval to the digest of exactly those files.
import { RemixletRefusal } from '../../contracts/refusals';
import { SUPPORTED_API_VERSIONS } from '../../contracts/remixlet';
import { digestFiles } from '../../contracts/digest';
import { checkRemixletFiles } from '../../contracts/save-checks';
import { permissionCardText } from '../../contracts/policy/manifest';
import type { PendingApproval } from '../../contracts/boundaries/panel-worker';
import { createApproval, toPending } from './approvals';
import { readHead, readVersion } from '../store/remixlets';

/** A restore is not tied to a chat tab: the manager asks for it. */
export const RESTORE_TAB = -1;

export async function requestRestore(remixletId: string, version: number): Promise<PendingApproval> {
  if (!(await readHead(remixletId))) throw new RemixletRefusal('NOT_FOUND', 'There is no such remixlet.');
  const old = await readVersion(remixletId, version);
  if (!old) throw new RemixletRefusal('NOT_FOUND', `Version ${version} is missing or corrupt; it cannot be restored.`);
  if (!SUPPORTED_API_VERSIONS.includes(old.apiVersion)) {
    throw new RemixletRefusal(
      'API_VERSION_UNSUPPORTED',
      `Version ${version} was written for API version ${old.apiVersion}, which this extension no longer runs; nothing was changed.`,
    );
  }
  const checked = checkRemixletFiles(old.files);
  if (!checked.ok) {
    throw new RemixletRefusal('MANIFEST_INVALID', `Version ${version} fails today's checks: ${checked.refusals.map((r) => r.reason).join('; ')}`);
  }
  const approval = await createApproval({
    kind: 'activation',
    tabId: RESTORE_TAB,
    site: '',
    rows: checked.manifest.permissions.map((p) => ({ name: p.name, text: permissionCardText(p.name) ?? 'Unknown permission', storedReason: p.reason })),
    permissionNames: checked.manifest.permissions.map((p) => p.name),
    reasons: ['restore'],
    sites: checked.manifest.matches,
    remixletId,
    files: old.files,
    digest: await digestFiles(old.files),
    targetVersion: undefined,
    restoredFrom: version,
  });
  return toPending(approval);
}
