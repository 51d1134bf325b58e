// Context: background service worker. The remixlet's log: bounded, newest last in storage, newest
// first when read. Refusals land here with their reason so the assistant can fix the code, and every line
// is shown to the remixlet's health record (../health.ts), which counts refusals, errors and keep misses.
import { db, serialized } from './db';
import { fitLogEntry, LOG_LIMIT, LogEntry } from '../../contracts/remixlet';
import { z } from 'zod';
import { logged } from '../health/health';

/** A line; `sandboxId`: the sandbox whose call it is about, when the writer knows it (its visit alone counts it). */
export async function appendLog(remixletId: string, entry: LogEntry, sandboxId?: string): Promise<void> {
  const checked = LogEntry.parse(fitLogEntry(entry));
  logged(remixletId, [checked], sandboxId);
  await serialized(`log:${remixletId}`, async () => {
    const parsed = z.array(LogEntry).safeParse(await db.logs.getItem(remixletId));
    const entries = parsed.success ? parsed.data : [];
    entries.push(checked);
    await db.logs.setItem(remixletId, entries.slice(-LOG_LIMIT));
  });
  lineStored(remixletId);
}

/** Several lines in one storage write (a dom batch's refusals and notes), in order. */
export async function appendLogs(remixletId: string, entries: LogEntry[], sandboxId?: string): Promise<void> {
  if (!entries.length) return;
  const checked = entries.map((entry) => LogEntry.parse(fitLogEntry(entry)));
  logged(remixletId, checked, sandboxId);
  await serialized(`log:${remixletId}`, async () => {
    const parsed = z.array(LogEntry).safeParse(await db.logs.getItem(remixletId));
    const stored = parsed.success ? parsed.data : [];
    stored.push(...checked.slice(-LOG_LIMIT));
    await db.logs.setItem(remixletId, stored.slice(-LOG_LIMIT));
  });
  lineStored(remixletId);
}

/** Read after every line already on its way to storage (queued behind the same key), so a line sent before the read is in it. */
export function readLog(remixletId: string, limit = LOG_LIMIT): Promise<LogEntry[]> {
  return serialized(`log:${remixletId}`, async () => {
    const parsed = z.array(LogEntry).safeParse(await db.logs.getItem(remixletId));
    return parsed.success ? parsed.data.slice(-limit).reverse() : [];
  });
}

const waiting = new Map<string, Set<() => void>>();

function lineStored(remixletId: string): void {
  for (const wake of waiting.get(remixletId) ?? []) wake();
  waiting.delete(remixletId);
}

/**
 * Resolves when a line is stored for the remixlet, or after `ms`: a remixlet applied a moment ago logs as
 * its script runs, after the save that started it has already answered.
 */
export function nextLine(remixletId: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const set = waiting.get(remixletId) ?? new Set();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      set.delete(done);
      resolve();
    }
    set.add(done);
    waiting.set(remixletId, set);
  });
}
