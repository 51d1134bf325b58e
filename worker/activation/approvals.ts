// Context: background service worker. Pending approvals (permission cards and activation dialogs),
// bound to a tab and its site; an activation approval is bound to the SHA-256 digest of the exact files,
// is single-use, and expires after ten minutes. Only the UI role can decide one. An "Allow" on a
// permission card lasts an hour at most, and every approval is forgotten when the browser starts: they
// live in IndexedDB, but tab ids are reused after a restart.
import { z } from 'zod';
import { db, serialized } from '../store/db';
import { Files } from '../../contracts/remixlet';
import { ActivationReason, PermissionRow, type PendingApproval } from '../../contracts/boundaries/panel-worker';
import { clock } from '../clock';
import { randomId } from '../ports/tokens';
import { siteLabel } from '../../contracts/policy/match-pattern';
import { canonicalHost } from '../../contracts/policy/site';
import { siteOf } from '../store/settings';
import { canDoOf } from '../../contracts/can-do/files';

export const APPROVAL_TTL_MS = 10 * 60 * 1000;
/**
 * How long an "Allow" on a permission card lets saves use the permission. The card comes just before the
 * code that needs it (the assistant asks first, then writes and saves), so an hour is far beyond one piece of
 * work, while a tab left open with the same site does not hand an old "Allow" to a later chat; a save
 * after it is refused and the assistant asks with a card again. Versions already running keep theirs.
 */
export const ALLOWANCE_TTL_MS = 60 * 60 * 1000;

export const StoredApproval = z
  .object({
    approvalId: z.string(),
    kind: z.enum(['permissions', 'activation']),
    tabId: z.number().int(),
    site: z.string(),
    createdAt: z.number(),
    expiresAt: z.number(),
    state: z.enum(['pending', 'using', 'used', 'declined']),
    rows: z.array(PermissionRow),
    permissionNames: z.array(z.string()),
    reasons: z.array(ActivationReason),
    sites: z.array(z.string()),
    remixletId: z.string().optional(),
    files: Files.optional(),
    digest: z.string().optional(),
    targetVersion: z.number().int().optional(),
    /** The assistant's chat that asked for a permission card: its "Allow" serves only that chat's saves. */
    chatId: z.string().optional(),
    /** A permission card the person allowed: until when saves may use its permissions. */
    allowedUntil: z.number().optional(),
    /** A restore's source version, recorded on the version it activates. */
    restoredFrom: z.number().int().optional(),
    /** An update: the files of the version running when it was asked, so the dialog shows what changes. */
    runningFiles: Files.optional(),
  })
  .strict();
export type StoredApproval = z.infer<typeof StoredApproval>;

const key = (id: string) => `approval:${id}`;

/**
 * The sites a dialog names, as fixed text our code builds: a match pattern becomes its host (or "every
 * site"), never its path; a site the worker took from chrome.tabs stays as it is. Anything else is not
 * shown as written.
 */
function siteLabels(sites: readonly string[]): string[] {
  const labels = sites.map((s) => siteLabel(s) ?? (canonicalHost(s) === s ? s : 'a site Remixlet cannot name'));
  return [...new Set(labels)];
}

/** `sites`: the match patterns (or the chat's site) the approval is about; stored as fixed labels. */
export async function createApproval(a: Omit<StoredApproval, 'approvalId' | 'createdAt' | 'expiresAt' | 'state'>): Promise<StoredApproval> {
  const now = clock.now();
  const approval: StoredApproval = { ...a, sites: siteLabels(a.sites), approvalId: randomId('a', 20), createdAt: now, expiresAt: now + APPROVAL_TTL_MS, state: 'pending' };
  await db.approvals.setItem(key(approval.approvalId), approval);
  notifyPending(approval.tabId);
  return approval;
}

export async function readApproval(id: string): Promise<StoredApproval | undefined> {
  const parsed = StoredApproval.safeParse(await db.approvals.getItem(key(id)));
  return parsed.success ? parsed.data : undefined;
}

export function updateApproval(id: string, change: Partial<StoredApproval>): Promise<StoredApproval | undefined> {
  return serialized(key(id), async () => {
    const current = await readApproval(id);
    if (!current) return undefined;
    const next = { ...current, ...change };
    await db.approvals.setItem(key(id), next);
    notifyPending(next.tabId);
    return next;
  });
}

export async function allApprovals(): Promise<StoredApproval[]> {
  const out: StoredApproval[] = [];
  await db.approvals.iterate((value, k) => {
    if (!k.startsWith('approval:')) return;
    const parsed = StoredApproval.safeParse(value);
    if (parsed.success) out.push(parsed.data);
  });
  return out;
}

export function toPending(a: StoredApproval): PendingApproval {
  return {
    approvalId: a.approvalId,
    kind: a.kind,
    tabId: a.tabId,
    ...(a.remixletId ? { remixletId: a.remixletId } : {}),
    rows: a.rows,
    reasons: a.reasons,
    sites: a.sites,
    expiresAt: a.expiresAt,
    ...(a.files ? filesFacts(a.files, a.runningFiles) : {}),
  };
}

/** The dialog's name and "can do" list, computed from the files it would apply (never from the assistant's words about them). */
function filesFacts(files: Files, running: Files | undefined): Pick<PendingApproval, 'name' | 'canDo' | 'canDoBefore'> {
  let name: string | undefined;
  try {
    const n = (JSON.parse(files['manifest.json']) as { name?: unknown }).name;
    if (typeof n === 'string' && n.trim()) name = n.trim().slice(0, 80);
  } catch {
    // A stored approval's files passed the checks; an unreadable name is simply not shown.
  }
  return { ...(name ? { name } : {}), canDo: canDoOf(files), ...(running ? { canDoBefore: canDoOf(running) } : {}) };
}

export async function pendingFor(tabId: number): Promise<PendingApproval[]> {
  const now = clock.now();
  return (await allApprovals()).filter((a) => a.tabId === tabId && a.state === 'pending' && a.expiresAt > now).map(toPending);
}

/**
 * Permissions the person allowed for this chat, still in force: on its tab and site, and, for a card the
 * assistant asked for, in the same chat (a card the extension's own pages asked for has no chat).
 */
export async function allowedPermissions(tabId: number, site: string, chatId: string | undefined): Promise<Set<string>> {
  const names = new Set<string>();
  const now = clock.now();
  for (const a of await allApprovals()) {
    const inForce = a.state === 'used' && a.allowedUntil !== undefined && a.allowedUntil > now;
    const sameChat = a.chatId === chatId;
    if (a.kind === 'permissions' && a.tabId === tabId && a.site === site && sameChat && inForce) for (const n of a.permissionNames) names.add(n);
  }
  return names;
}

/** The chat's tab left the site: its pending approvals and allowances go. */
export async function dropApprovalsForTab(tabId: number, currentSite: string | undefined): Promise<void> {
  for (const a of await allApprovals()) {
    if (a.tabId === tabId && a.site !== currentSite) {
      await db.approvals.removeItem(key(a.approvalId));
      notifyPending(tabId);
    }
  }
}

/** The browser started: tab ids begin again, so no approval from before may meet a tab of now. */
export async function forgetAllApprovals(): Promise<void> {
  const tabIds = new Set((await allApprovals()).map((a) => a.tabId));
  await db.approvals.clear();
  for (const tabId of tabIds) notifyPending(tabId);
}

/**
 * Registered at worker start: the chat's tab leaving its site or closing drops its approvals, and the
 * browser starting drops them all.
 */
export function watchApprovals(): void {
  chrome.runtime.onStartup.addListener(() => forgetAllApprovals());
  chrome.tabs.onUpdated.addListener((tabId, change) => (change.url ? dropApprovalsForTab(tabId, siteOf(change.url)) : undefined));
  chrome.tabs.onRemoved.addListener((tabId) => dropApprovalsForTab(tabId, undefined));
}

type PendingListener = (tabId: number) => void;
const listeners = new Set<PendingListener>();
export function onPendingChanged(fn: PendingListener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
function notifyPending(tabId: number): void {
  for (const fn of listeners) fn(tabId);
}
