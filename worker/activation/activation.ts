// Context: background service worker. Activation is the only way files reach the store: every save-time
// check runs, the API version is stamped, the result is compared with what the person allowed and with
// the running version, and either it activates, or a dialog bound to the files' digest asks first.
import { API_VERSION, type Files, type VersionRecord } from '../../contracts/remixlet';
import { digestFiles } from '../../contracts/digest';
import { checkRemixletFiles } from '../../contracts/save-checks';
import { RemixletRefusal } from '../../contracts/refusals';
import { permissionCardText } from '../../contracts/policy/manifest';
import type { SaveResult } from '../../contracts/boundaries/panel-worker';
import { activationReasons } from './activation-rules';
import { ALLOWANCE_TTL_MS, allowedPermissions, createApproval, readApproval, toPending, updateApproval, type StoredApproval } from './approvals';
import { commitVersion, loadRemixlet, nextVersionNumber, readVersion } from '../store/remixlets';
import { clock } from '../clock';
import { randomId } from '../ports/tokens';
import { siteOf } from '../store/settings';
import { afterRemixletChanged } from '../pages/lifecycle';
import { faultPoint } from '../faults';

const EXTENSION_VERSION = (): string => chrome.runtime.getManifest().version;

export async function chatHostOf(tabId: number): Promise<string> {
  const tab = await chrome.tabs.get(tabId).catch(() => undefined);
  if (!tab?.url) throw new RemixletRefusal('NOT_FOUND', 'The chat\'s tab is gone; start the chat again on the page.');
  return siteOf(tab.url);
}

/** Stamps the API version into manifest.json: the stamped files are what the digest covers. */
function stamp(files: Files): Files {
  const manifest = JSON.parse(files['manifest.json']) as Record<string, unknown>;
  manifest.api = API_VERSION;
  return { ...files, 'manifest.json': JSON.stringify(manifest, null, 2) };
}

/** `chatId`: the assistant's chat saving, whose permission cards count; none for the extension's own pages. */
export async function save(tabId: number, remixletIdIn: string | undefined, files: Files, origin: VersionRecord['origin'] = 'agent', chatId?: string): Promise<SaveResult> {
  const checked = checkRemixletFiles(files);
  if (!checked.ok) return { status: 'refused', refusals: checked.refusals };
  const stamped = stamp(files);
  const chatHost = await chatHostOf(tabId);
  const existing = remixletIdIn ? await loadRemixlet(remixletIdIn) : undefined;
  if (remixletIdIn && !existing?.ok) throw new RemixletRefusal('NOT_FOUND', 'There is no such remixlet to update; save it as a new one.');
  const running = existing?.ok ? existing.remixlet : undefined;
  const next = checked.manifest;

  const allowed = await allowedPermissions(tabId, chatHost, chatId);
  for (const p of running?.manifest.permissions ?? []) allowed.add(p.name);
  const notAllowed = next.permissions.filter((p) => !allowed.has(p.name));
  if (notAllowed.length > 0) {
    return {
      status: 'refused',
      refusals: notAllowed.map((p) => ({
        code: 'PERMISSION_NOT_APPROVED' as const,
        reason: `"${p.name}" was not allowed; ask for it with a permission card first, and only if the person's request needs it.`,
        file: 'manifest.json',
      })),
    };
  }

  const reasons = activationReasons({
    next,
    nextRules: stamped['rules.json'],
    running: running?.manifest,
    runningRules: running?.version.files['rules.json'],
    chatHost,
  });
  const remixletId = remixletIdIn ?? randomId('', 12);
  const digest = await digestFiles(stamped);
  if (reasons.length === 0) {
    const version = await writeVersion(remixletId, stamped, digest, origin, undefined);
    return { status: 'activated', remixletId, version };
  }
  const approval = await createApproval({
    kind: 'activation',
    tabId,
    site: chatHost,
    rows: next.permissions.map((p) => ({ name: p.name, text: permissionCardText(p.name) ?? 'Unknown permission' })),
    permissionNames: next.permissions.map((p) => p.name),
    reasons,
    sites: next.matches,
    remixletId,
    files: stamped,
    digest,
    ...(running ? { runningFiles: running.version.files } : {}),
  });
  return { status: 'needs-approval', approval: toPending(approval) };
}

async function writeVersion(remixletId: string, files: Files, digest: string, origin: VersionRecord['origin'], fixedVersion: number | undefined, restoredFrom?: number): Promise<number> {
  const version = fixedVersion ?? (await nextVersionNumber(remixletId));
  const record: VersionRecord = {
    remixletId,
    version,
    files,
    digest,
    apiVersion: API_VERSION,
    extensionVersion: EXTENSION_VERSION(),
    savedAt: clock.now(),
    origin,
    ...(restoredFrom !== undefined ? { restoredFrom } : {}),
  };
  await commitVersion(record, clock.now());
  await afterRemixletChanged(remixletId, 'a new version was activated');
  return version;
}

/** "Allow and apply": uses an activation approval once. Safe to repeat after a crash mid-way. */
export async function useActivationApproval(a: StoredApproval): Promise<SaveResult> {
  if (!a.files || !a.digest || !a.remixletId) throw new RemixletRefusal('APPROVAL_INVALID', 'This approval carries no files.');
  if ((await digestFiles(a.files)) !== a.digest) {
    throw new RemixletRefusal('APPROVAL_DIGEST_MISMATCH', 'The files changed after this approval was asked for; save again to get a new one.');
  }
  // The save checks run again at activation (style.css's load check among them): an approval can outlive
  // an extension update that tightened them.
  const checked = checkRemixletFiles(a.files);
  if (!checked.ok) {
    const first = checked.refusals[0]!;
    throw new RemixletRefusal(first.code, `These files no longer pass the save checks: ${first.reason} Save again without it.`);
  }
  let approval = a;
  if (approval.state === 'pending') {
    const target = await nextVersionNumber(a.remixletId);
    approval = (await updateApproval(a.approvalId, { state: 'using', targetVersion: target })) ?? approval;
    await faultPoint('approval:after-marked-using');
  }
  const target = approval.targetVersion!;
  const already = await readVersion(a.remixletId, target);
  if (already && already.digest !== a.digest) throw new RemixletRefusal('APPROVAL_USED', 'This approval was already used.');
  await writeVersion(a.remixletId, a.files, a.digest, a.reasons.includes('restore') ? 'restore' : 'agent', target, a.restoredFrom);
  await faultPoint('approval:before-marked-used');
  await updateApproval(a.approvalId, { state: 'used' });
  return { status: 'activated', remixletId: a.remixletId, version: target };
}

export async function decide(approvalId: string, allow: boolean): Promise<SaveResult | { status: 'declined' } | { status: 'allowed' }> {
  const a = await readApproval(approvalId);
  if (!a) throw new RemixletRefusal('APPROVAL_INVALID', 'There is no such approval; it may have been dropped when the tab left the site.');
  if (a.state === 'used' || a.state === 'declined') throw new RemixletRefusal('APPROVAL_USED', 'This approval was already used.');
  if (a.expiresAt <= clock.now()) throw new RemixletRefusal('APPROVAL_EXPIRED', 'This approval expired after ten minutes; save again to ask anew.');
  const isRestore = a.reasons.includes('restore');
  const host = isRestore ? a.site : await chatHostOf(a.tabId).catch(() => undefined);
  if (host !== a.site) throw new RemixletRefusal('APPROVAL_TAB_LEFT_SITE', 'The chat\'s tab left the site this approval was asked on.');
  if (!allow) {
    await updateApproval(approvalId, { state: 'declined' });
    return { status: 'declined' };
  }
  if (a.kind === 'permissions') {
    await updateApproval(approvalId, { state: 'used', allowedUntil: clock.now() + ALLOWANCE_TTL_MS });
    return { status: 'allowed' };
  }
  return useActivationApproval(a);
}
