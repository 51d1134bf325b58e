// Context: shared (pure). The extension UI (side panel, popup, manager) → worker boundary (tRPC over a
// chrome.runtime port). The worker binds the UI role to a port only after checking the sender's URL;
// only these pages can record an approval, and every card or dialog row is fixed extension text.
import { z } from 'zod';
import { mutation, query, subscription } from '../rpc';
import { Refusal } from '../refusals';
import { CanDoItem } from '../can-do/items';
import { Files, LogEntry, RemixletId, RemixletSummary, VersionRecord } from '../remixlet';
import { assistantUiSpec } from '../assistant/boundary';
import { ChatId } from '../assistant/chat';
import { HealthReport } from '../health';
import { FixContext } from '../assistant/fix';

export const PermissionRow = z
  .object({
    name: z.string(),
    text: z.string().describe("Fixed extension text; never the model's words"),
    storedReason: z.string().optional().describe('Only on a restore confirmation: the reason stored in that version'),
  })
  .strict();

export const ActivationReason = z.enum(['new-sites', 'every-site', 'other-than-chat-site', 'network-rules', 'narrowed-to-chat-site', 'new-permissions', 'restore']);

export const PendingApproval = z
  .object({
    approvalId: z.string(),
    kind: z.enum(['permissions', 'activation']),
    tabId: z.number().int(),
    remixletId: z.optional(RemixletId),
    rows: z.array(PermissionRow),
    reasons: z.array(ActivationReason),
    sites: z.array(z.string()),
    expiresAt: z.number(),
    /** The name in the manifest of the files to apply (the assistant chose it; shown quoted, as its name). */
    name: z.string().max(80).optional(),
    /** What the files to apply can do (contracts/can-do), and what the running version could, for an update. */
    canDo: z.array(CanDoItem).max(200).optional(),
    canDoBefore: z.array(CanDoItem).max(200).optional(),
  })
  .strict();
export type PendingApproval = z.infer<typeof PendingApproval>;

export const SaveResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('activated'), remixletId: RemixletId, version: z.number().int() }).strict(),
  z.object({ status: z.literal('needs-approval'), approval: PendingApproval }).strict(),
  z.object({ status: z.literal('refused'), refusals: z.array(z.object({ ...Refusal.shape, file: z.string().optional(), line: z.number().optional() })) }).strict(),
]);
export type SaveResult = z.infer<typeof SaveResult>;

export const TabId = z.number().int().min(0);

/**
 * Which tabs to reload after switching a remixlet on or off: every open tab it covers, or the one tab a
 * popup is about. Switching off reloads the covered tabs when the caller names none; pausing, resuming,
 * archiving, deleting and restoring always reload them, whoever asked (the worker decides, not the UI).
 * The worker tears the sandboxes down before it reloads, so a reload that fails or is refused changes
 * nothing about what runs.
 */
export const ReloadTabs = z.union([z.literal('matching'), z.object({ tabId: TabId }).strict()]);
export type ReloadTabs = z.infer<typeof ReloadTabs>;
const Changed = z.object({ ok: z.boolean(), reloaded: z.number().int().min(0).optional().describe('How many tabs were asked to reload') }).strict();

/** A change to stored remixlets or paused sites happened; what changed is read again with `list` and `pausedSites`. */
export const StoreChanged = z.object({}).strict();
export type StoreChanged = z.infer<typeof StoreChanged>;

/**
 * The ChatGPT sign-in as the UI sees it: whether an account is signed in and its email, never a token.
 * `message` is fixed extension text saying why the last sign-in or renewal failed.
 */
export const ChatGptAccount = z
  .object({
    state: z.enum(['signed-out', 'signing-in', 'signed-in']),
    email: z.string().max(320).optional(),
    message: z.string().max(500).optional(),
  })
  .strict();
export type ChatGptAccount = z.infer<typeof ChatGptAccount>;

/** A model request body may carry screenshots in tool results. */
export const CHATGPT_RELAY_MAX_BODY = 32 * 1024 * 1024;

/**
 * One model request the panel asks the worker to send with the ChatGPT sign-in. The panel never has the
 * token, so it sends no authorization; the worker refuses any address outside the fixed OpenAI base.
 */
export const ChatGptRelayRequest = z
  .object({
    url: z.string().max(2000),
    method: z.enum(['GET', 'POST']),
    headers: z.record(z.string().max(100), z.string().max(1000)).refine((h) => Object.keys(h).length <= 30, 'at most 30 headers'),
    body: z.string().max(CHATGPT_RELAY_MAX_BODY).optional(),
  })
  .strict();
export type ChatGptRelayRequest = z.infer<typeof ChatGptRelayRequest>;

/** The answer, in order: its status and content type once, then its body as text, then its end. */
export const ChatGptRelayEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('head'), status: z.number().int().min(100).max(599), headers: z.record(z.string().max(100), z.string().max(1000)) }).strict(),
  z.object({ kind: z.literal('chunk'), text: z.string() }).strict(),
  z.object({ kind: z.literal('end') }).strict(),
]);
export type ChatGptRelayEvent = z.infer<typeof ChatGptRelayEvent>;

export const uiSpec = {
  list: query(z.object({ url: z.string().optional() }).strict(), z.array(RemixletSummary), 'Every remixlet, or those that run on a page.'),
  readLog: query(z.object({ remixletId: RemixletId, limit: z.number().int().min(1).max(500).optional() }).strict(), z.array(LogEntry), "A remixlet's log, newest first."),
  requestPermissions: mutation(
    z.object({ tabId: TabId, permissions: z.array(z.object({ name: z.string(), reason: z.string() }).strict()).min(1).max(20) }).strict(),
    PendingApproval,
    'Shows a "Remixlet needs permission" card; rows are fixed text per permission.',
  ),
  save: mutation(
    z.object({ tabId: TabId, remixletId: z.optional(RemixletId), files: Files }).strict(),
    SaveResult,
    'Saves a draft: activates it, asks for approval first, or refuses it with reasons.',
  ),
  decide: mutation(
    z.object({ approvalId: z.string(), allow: z.boolean() }).strict(),
    z.union([SaveResult, z.object({ status: z.literal('declined') }).strict(), z.object({ status: z.literal('allowed') }).strict()]),
    'A click on Allow / Not now / Allow and apply / Don\'t allow. An allowed restore reloads the tabs the remixlet covers.',
  ),
  pending: subscription(z.object({ tabId: TabId }).strict(), z.array(PendingApproval), 'Pending cards and dialogs for a tab.'),
  setEnabled: mutation(
    z.object({ remixletId: RemixletId, enabled: z.boolean(), reload: ReloadTabs.optional() }).strict(),
    Changed,
    'Switches a remixlet on or off; switching off reloads the tabs it covers (or the one tab named).',
  ),
  setOffInTab: mutation(
    z.object({ tabId: TabId, remixletId: RemixletId, off: z.boolean() }).strict(),
    Changed,
    'Switches a remixlet off (or back on) in one tab only, until that tab closes or leaves the site; reloads that tab.',
  ),
  offInTab: query(z.object({ tabId: TabId }).strict(), z.array(RemixletId), 'The remixlets switched off in this tab (on the site it shows now).'),
  pauseSite: mutation(z.object({ site: z.string().max(300), paused: z.boolean() }).strict(), Changed, "Pauses or resumes every remixlet on a site, and reloads that site's tabs."),
  pausedSites: query(z.object({}).strict(), z.array(z.string()), 'The sites (host names) where every remixlet is paused.'),
  health: subscription(
    z.object({ url: z.string().max(10_000).optional() }).strict(),
    z.array(HealthReport),
    "Each remixlet's health (contracts/health.ts), or, given a page, that of each remixlet that covers it, judged on that page: once on subscribing, then whenever a visit is recorded or a remixlet changes.",
  ),
  requestFix: mutation(
    z.object({ tabId: TabId, remixletId: RemixletId }).strict(),
    z.object({ ok: z.boolean() }).strict(),
    "Hands a remixlet to the chat of a tab for fixing (the popup's and the manager's \"Fix it\"); the chat takes it up once.",
  ),
  fixRequests: subscription(
    z.object({ tabId: TabId }).strict(),
    z.object({ remixletId: RemixletId }).strict(),
    'The remixlet handed to this tab\'s chat for fixing: one asked for shortly before subscribing, then each new one, each told once.',
  ),
  changes: subscription(
    z.object({}).strict(),
    StoreChanged,
    'Says that remixlets or paused sites changed (saved, switched, archived, restored, deleted; a site paused or resumed): once on subscribing, then after each change. Carries no data; the page reads again.',
  ),
  setArchived: mutation(
    z.object({ remixletId: RemixletId, archived: z.boolean() }).strict(),
    Changed,
    'Archives (kept, never runs) or unarchives a remixlet, and reloads the tabs it covers.',
  ),
  versions: query(z.object({ remixletId: RemixletId }).strict(), z.array(VersionRecord), "A remixlet's versions, oldest first, with their full files."),
  requestRestore: mutation(
    z.object({ remixletId: RemixletId, version: z.number().int().min(1) }).strict(),
    PendingApproval,
    "Asks to bring an old version back as a new one; the confirmation lists that version's permissions with their stored reasons.",
  ),
  remove: mutation(z.object({ remixletId: RemixletId }).strict(), Changed, 'Deletes a remixlet and every permission it held, and reloads the tabs it covered.'),
  // The assistant's procedures: each answers only for the tab and site its chat is bound to.
  ...assistantUiSpec,
  assistantSave: mutation(
    z.object({ chatId: ChatId, tabId: TabId, remixletId: z.optional(RemixletId), files: Files }).strict(),
    SaveResult,
    'Saves the draft through activation: it activates, asks with a dialog first, or is refused with reasons.',
  ),
  assistantFixContext: query(
    z.object({ chatId: ChatId, tabId: TabId, remixletId: RemixletId }).strict(),
    FixContext,
    "For \"Fix it\": a remixlet that runs on the chat's page, with its current files, its health there and its recent log lines on the chat's site.",
  ),
  // Sign-in with a ChatGPT account: the worker keeps and renews its tokens and sends them only to OpenAI.
  chatgptAccount: subscription(z.object({}).strict(), ChatGptAccount, 'Whether a ChatGPT account is signed in, and its email; never a token.'),
  chatgptSignIn: mutation(z.object({}).strict(), ChatGptAccount, "Opens OpenAI's sign-in page in a new tab; the worker watches that tab for the answer."),
  chatgptSignOut: mutation(z.object({}).strict(), ChatGptAccount, 'Forgets the ChatGPT sign-in tokens.'),
  chatgptRelay: subscription(
    ChatGptRelayRequest,
    ChatGptRelayEvent,
    'Sends one model request to the ChatGPT (Codex) backend with the sign-in the worker keeps, and streams the answer back.',
  ),
} as const;
export type UiSpec = typeof uiSpec;
