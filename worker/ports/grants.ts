// Context: background service worker. The grant middleware every sandbox call passes through. It checks
// the four things of "Checking every call": the token belongs to that remixlet, the page (by the worker's
// own tab record) is one its matches cover, neither it nor the site is paused (nor is it off in that tab), and a privileged call's
// permission is in its approved manifest. rmx.log skips the page and pause checks. What it waits for (the
// token's record, the remixlet, a just-committed page's agent) is gathered first; the deciding is apart.
import { RemixletRefusal } from '../../contracts/refusals';
import { roleProcedure } from './trpc';
import { tokens, type TokenRecord } from './tokens';
import { loadRemixlet, type ActiveRemixlet } from '../store/remixlets';
import { isSitePaused } from '../store/settings';
import { latestDocument, pageFor, pageWhenThere, type PageRecord } from '../pages/pages';
import { runVerdict } from '../activation/remixlet-state';
import { appendLog } from '../store/logs';
import { offInTab } from '../pages/tab-off';

export interface Grant {
  token: TokenRecord;
  remixlet: ActiveRemixlet;
  page: PageRecord | undefined;
}

/** Which permission a procedure needs, computed from its raw input (e.g. the host of a fetch). */
export type PermissionRule =
  | { kind: 'none' }
  | { kind: 'log' }
  | { kind: 'named'; name: string }
  | {
      kind: 'host';
      /** The permission's name before its host (contracts/capabilities/permissions.ts). */
      prefix: string;
      hostOf: (rawInput: unknown) => string | undefined;
      /** Whether a declared host (after the prefix) covers the call, for hosts with a port: no port means any port. */
      covers?: (rawInput: unknown, declaredHost: string) => boolean;
    };

/**
 * What a call is judged on, gathered first: the token's record, the remixlet it names, and the page its tab
 * shows (for every call but a log line, once a just-committed page's agent has connected or the wait ended).
 * All the waiting is here; authorise() below decides.
 */
async function gather(rule: PermissionRule, rawInput: unknown, path: string): Promise<Grant> {
  const token = (rawInput as { token?: unknown } | undefined)?.token;
  const record = typeof token === 'string' ? await tokens.resolve(token) : undefined;
  if (!record) throw new RemixletRefusal('TOKEN_INVALID', 'This sandbox has no valid token; it was torn down or never started.', path);
  const loaded = await loadRemixlet(record.remixletId);
  if (!loaded.ok) throw new RemixletRefusal('REMIXLET_OFF', `The remixlet cannot run: ${loaded.error}.`, path);
  // A log line does not wait for the page; every other call waits for a just-committed page's agent to connect.
  const page = rule.kind === 'log' ? pageFor(record.tabId) : await pageWhenThere(record.tabId, record.documentId);
  return { token: record, remixlet: loaded.remixlet, page };
}

/** The permission a call needs under its rule, and whether the remixlet's approved manifest declares it. */
function permissionOf(rule: PermissionRule, remixlet: ActiveRemixlet, rawInput: unknown): { needed: string; declared: boolean } | undefined {
  if (rule.kind !== 'named' && rule.kind !== 'host') return undefined;
  const needed = rule.kind === 'named' ? rule.name : `${rule.prefix}${rule.hostOf(rawInput) ?? ''}`;
  const declared = remixlet.manifest.permissions.some(
    (p) => p.name === needed || (rule.kind === 'host' && rule.covers !== undefined && p.name.startsWith(rule.prefix) && rule.covers(rawInput, p.name.slice(rule.prefix.length))),
  );
  return { needed, declared };
}

/** The checks of "Checking every call", on what gather() found; a refusal is logged to the remixlet and thrown. */
async function authorise(rule: PermissionRule, { token: record, remixlet, page }: Grant, rawInput: unknown, path: string): Promise<void> {
  const refuse = async (code: RemixletRefusal['code'], reason: string): Promise<never> => {
    const refusal = new RemixletRefusal(code, reason, path);
    await appendLog(remixlet.head.id, { at: Date.now(), level: 'refusal', source: 'worker', message: reason, refusal: refusal.toJSON(), url: page?.url }, record.sandboxId);
    throw refusal;
  };
  if (rule.kind !== 'log') {
    if (!page || page.documentId !== record.documentId) {
      // Still the tab's document, but no page agent came in time: the browser keeps extensions off some pages.
      const never = latestDocument(record.tabId) === record.documentId;
      await refuse('TOKEN_STALE_DOCUMENT', never ? 'The page this sandbox was started for never let Remixlet in (the browser keeps extensions off some pages), so nothing can reach it.' : 'The page this sandbox was started for has gone away.');
    }
    const verdict = runVerdict(remixlet, page!.url, await isSitePaused(page!.url));
    if (!verdict.runs) await refuse(verdict.code, verdict.reason);
    if ((await offInTab(record.tabId, page!.url)).has(remixlet.head.id)) await refuse('REMIXLET_OFF', 'This remixlet is switched off in this tab.');
  }
  const permission = permissionOf(rule, remixlet, rawInput);
  if (permission && !permission.declared) {
    await refuse('PERMISSION_MISSING', `This call needs the "${permission.needed}" permission; add it to manifest.json with a reason and ask the person to allow it.`);
  }
}

export function grantedProcedure(rule: PermissionRule) {
  return roleProcedure('offscreen').use(async ({ ctx, rawInput, next, path }) => {
    const grant = await gather(rule, rawInput, path);
    await authorise(rule, grant, rawInput, path);
    return next({ ctx: { ...ctx, grant } });
  });
}
