// Context: background service worker. Records each remixlet's health as it runs, from what already crosses
// the worker: a sandbox started on a page (a visit), the answers to its queries, its log lines (refusals,
// uncaught errors, keeps whose repair did not hold) and what its observers reported. No model is asked.
// What a visit shows is decided in contracts/health.ts; this file only attributes and saves. Trusts the
// worker's own token records for which visit is which, never the page or the sandbox.
import { startedVisit, withDomAnswers, withLogLine, withObserved, type VisitHealth } from '../../contracts/health';
import type { LogEntry } from '../../contracts/remixlet';
import { readHealth, saveVisit } from '../store/health';
import type { TokenRecord } from '../ports/tokens';

interface LiveVisit {
  remixletId: string;
  tabId: number;
  documentId: string;
  url: string;
  visit: VisitHealth;
  saving?: ReturnType<typeof setTimeout>;
}

/** Live visits by sandbox id. A visit is saved shortly after it changes, so a busy one costs one write per pause. */
const live = new Map<string, LiveVisit>();
/** Sandboxes whose visit is being read back after a worker restart (they kept running meanwhile). */
const resuming = new Map<string, Promise<LiveVisit>>();
const SAVE_AFTER_MS = 300;

function scheduleSave(v: LiveVisit): void {
  if (v.saving !== undefined) return;
  v.saving = setTimeout(() => {
    v.saving = undefined;
    void saveVisit(v.remixletId, v.visit).catch(() => undefined);
  }, SAVE_AFTER_MS);
}

function change(v: LiveVisit, next: VisitHealth): void {
  if (next === v.visit) return;
  v.visit = next;
  scheduleSave(v);
}

/** A sandbox's script started on a page: a new visit. */
export function visitStarted(rec: TokenRecord, url: string): void {
  if (live.has(rec.sandboxId)) return;
  const v: LiveVisit = { remixletId: rec.remixletId, tabId: rec.tabId, documentId: rec.documentId, url, visit: startedVisit(rec.sandboxId, Date.now(), url) };
  live.set(rec.sandboxId, v);
  scheduleSave(v);
}

/** The sandbox's visit; one the worker lost by restarting is read back (or begun) so its counts go on. */
async function visitOf(rec: TokenRecord, url: string): Promise<LiveVisit> {
  const known = live.get(rec.sandboxId);
  if (known) return known;
  let reading = resuming.get(rec.sandboxId);
  if (!reading) {
    reading = readHealth(rec.remixletId).then((health) => {
      const saved = health.visits.find((v) => v.visitId === rec.sandboxId);
      const v: LiveVisit = live.get(rec.sandboxId) ?? { remixletId: rec.remixletId, tabId: rec.tabId, documentId: rec.documentId, url, visit: saved ?? startedVisit(rec.sandboxId, Date.now(), url) };
      live.set(rec.sandboxId, v);
      resuming.delete(rec.sandboxId);
      return v;
    });
    resuming.set(rec.sandboxId, reading);
  }
  return reading;
}

/** A dom batch of this sandbox was answered. */
export async function domAnswered(rec: TokenRecord, url: string, ops: ReadonlyArray<{ op: string; sel?: unknown }>, results: ReadonlyArray<{ ok: boolean; value?: unknown }>): Promise<void> {
  const v = await visitOf(rec, url);
  change(v, withDomAnswers(v.visit, ops, results));
}

/**
 * Log lines of a remixlet. A line about a sandbox's call counts for that sandbox's visit alone, and for none
 * once it ended: a call still in flight when its page reloaded is refused after the next visit began, and
 * that visit did nothing wrong. A line that names no sandbox goes to the remixlet's live visit on the page
 * it names (the latest one when it runs in several tabs at that address), else its latest live visit.
 */
export function logged(remixletId: string, entries: readonly LogEntry[], sandboxId?: string): void {
  if (sandboxId !== undefined) {
    const own = live.get(sandboxId);
    if (own) for (const entry of entries) change(own, withLogLine(own.visit, entry));
    return;
  }
  const visits = [...live.values()].filter((v) => v.remixletId === remixletId);
  if (!visits.length) return;
  for (const entry of entries) {
    const target = visits.filter((v) => v.url === entry.url).at(-1) ?? visits.at(-1)!;
    change(target, withLogLine(target.visit, entry));
  }
}

/** An observer of this remixlet on this document reported elements. */
export function observed(tabId: number, documentId: string, remixletId: string, count: number): void {
  for (const v of live.values()) if (v.tabId === tabId && v.documentId === documentId && v.remixletId === remixletId) change(v, withObserved(v.visit, count));
}

/** The sandbox went (page gone, remixlet stopped): what its visit showed is saved now. */
export function visitEnded(sandboxId: string): void {
  const v = live.get(sandboxId);
  if (!v) return;
  live.delete(sandboxId);
  if (v.saving !== undefined) {
    clearTimeout(v.saving);
    void saveVisit(v.remixletId, v.visit).catch(() => undefined);
  }
}
