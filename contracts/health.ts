// Context: shared (pure). A remixlet's health: what each visit to a page showed of it (recorded by the
// worker from the dom calls, log lines and refusals that cross it; no model involved), the bounded record
// kept with the remixlet, and the one definition of "not working" that the popup, the manager and "Fix it"
// read. Trusts nothing: the worker parses the stored record with these schemas when it reads it back.
import { z } from 'zod';
import { isKeepMissLine, PAGE_GONE_CODES } from './keep-miss';

/** Visits kept per remixlet, newest last; older ones go. */
export const HEALTH_VISITS = 40;
/** Selectors kept per visit, found and empty each; a remixlet that queries more is judged on these. */
export const HEALTH_SELECTORS = 12;
export const HEALTH_SELECTOR_CHARS = 200;
/** Pages (by pageKeyOf) on which the remixlet ever found something, newest last. */
export const HEALTH_FOUND_PAGES = 60;
/** Visits in a row, on one page, whose queries all came back empty before the remixlet counts as not working there. */
export const NOT_WORKING_AFTER = 3;

const Selector = z.string().max(HEALTH_SELECTOR_CHARS);
const Count = z.number().int().min(0);

export const VisitHealth = z
  .object({
    /** The sandbox that ran it: one visit of one remixlet to one document. */
    visitId: z.string().max(40),
    at: z.number(),
    /** pageKeyOf(url): which page this was, for counting visits in a row. */
    page: z.string().max(600),
    /** The page's origin and path (no query or fragment): where "Fix it" from the manager opens. */
    url: z.string().max(600),
    /** Its script started (a remixlet with only style.css has no visit). */
    ran: z.boolean(),
    /** Selectors a query, queryAll or waitFor of this visit found something with. */
    found: z.array(Selector).max(HEALTH_SELECTORS),
    /** Selectors whose every query of this visit came back empty (null, or no elements). */
    empty: z.array(Selector).max(HEALTH_SELECTORS),
    /** Elements an observer reported (dom.observe): something it was waiting for did appear. */
    observed: Count,
    refusals: Count,
    errors: Count,
    /** Times an rmx.keep's repair did not hold (the runtime says so in the log). */
    keepMisses: Count,
    /** The last refusal or error line, for the person and for "Fix it". */
    lastProblem: z.string().max(500).optional(),
  })
  .strict();
export type VisitHealth = z.infer<typeof VisitHealth>;

export const RemixletHealth = z
  .object({
    visits: z.array(VisitHealth).max(HEALTH_VISITS),
    foundOn: z.array(z.string().max(600)).max(HEALTH_FOUND_PAGES),
  })
  .strict();
export type RemixletHealth = z.infer<typeof RemixletHealth>;

export const EMPTY_HEALTH: RemixletHealth = { visits: [], foundOn: [] };

/**
 * Which page a visit was to, for "visits in a row": origin and path, with the parts of the path that name one
 * item (a number in it, or a long token) made `*`, so /item/123 and /item/456 are one page and a query
 * string never tells visits apart.
 */
export function pageKeyOf(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url.slice(0, 600);
  }
  const path = u.pathname
    .split('/')
    .map((part) => (/\d/.test(part) || part.length > 32 ? '*' : part))
    .join('/');
  return `${u.origin}${path}`.slice(0, 600);
}

/** Origin and path only: a query string may carry what the record need not keep. */
export function plainAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`.slice(0, 600);
  } catch {
    return '';
  }
}

/** A visit whose queries all came back empty (or whose keep did not hold): what "not working" counts. */
export function visitMissed(v: VisitHealth): boolean {
  return v.keepMisses > 0 || (v.found.length === 0 && v.observed === 0 && v.empty.length > 0);
}

/** A visit that found something: the page had what the remixlet was written for. */
export function visitFound(v: VisitHealth): boolean {
  return v.found.length > 0 || v.observed > 0;
}

export const HealthState = z.enum(['working', 'not-working', 'refused', 'failing', 'no-visits']);
export type HealthState = z.infer<typeof HealthState>;

export const HealthVerdict = z
  .object({
    state: HealthState,
    /** not-working: the first visit of the run of missed ones. */
    since: z.number().optional(),
    /** not-working: the selectors that found nothing on the latest missed visit. */
    emptySelectors: z.array(Selector).max(HEALTH_SELECTORS),
    /** The page the verdict is about (pageKeyOf). */
    page: z.string().max(600).optional(),
    /** The address of the latest visit to that page (origin and path). */
    url: z.string().max(600).optional(),
    /** refused / failing (and not-working, when there was one): the last refusal or error line. */
    problem: z.string().max(500).optional(),
  })
  .strict();
export type HealthVerdict = z.infer<typeof HealthVerdict>;

/**
 * What the record says about one page (pageKeyOf), or, without one, about the page the remixlet last visited.
 *
 * Not working there: its last NOT_WORKING_AFTER visits to that page that made any query all missed (every
 * query came back empty, or a keep's repair did not hold), and it is a page the remixlet worked on before,
 * or the remixlet has never found anything anywhere. A page on which it never found anything while it works
 * on others is a page it was not meant to change (a site-wide match on an article-only remixlet): not flagged.
 * Visits that queried nothing (the script chose not to act there) neither break nor continue a run.
 * Failing: the latest visit threw. Refused: the latest visit had a call refused.
 */
export function healthVerdict(health: RemixletHealth, page?: string): HealthVerdict {
  const where = page ?? health.visits.at(-1)?.page;
  const visits = health.visits.filter((v) => v.page === where);
  const latest = visits.at(-1);
  if (!latest || where === undefined) return { state: 'no-visits', emptySelectors: [], ...(where !== undefined ? { page: where } : {}) };
  const place = { page: where, url: latest.url };
  const judged = visits.filter((v) => visitMissed(v) || visitFound(v));
  let run = 0;
  while (run < judged.length && visitMissed(judged[judged.length - 1 - run]!)) run++;
  const meantForThisPage = health.foundOn.includes(where) || health.foundOn.length === 0;
  if (run >= NOT_WORKING_AFTER && meantForThisPage) {
    const first = judged[judged.length - run]!;
    const last = judged[judged.length - 1]!;
    return { state: 'not-working', since: first.at, emptySelectors: last.empty, ...place, ...(last.lastProblem ? { problem: last.lastProblem } : {}) };
  }
  if (latest.errors > 0) return { state: 'failing', emptySelectors: [], ...place, ...(latest.lastProblem ? { problem: latest.lastProblem } : {}) };
  if (latest.refusals > 0) return { state: 'refused', emptySelectors: [], ...place, ...(latest.lastProblem ? { problem: latest.lastProblem } : {}) };
  return { state: 'working', emptySelectors: [], ...place };
}

/** The record with one visit put in (replacing the one with its id), bounded, and the page noted when it found something. */
export function withVisit(health: RemixletHealth, visit: VisitHealth): RemixletHealth {
  const visits = [...health.visits.filter((v) => v.visitId !== visit.visitId), visit].sort((a, b) => a.at - b.at).slice(-HEALTH_VISITS);
  const foundOn = visitFound(visit) ? [...health.foundOn.filter((p) => p !== visit.page), visit.page].slice(-HEALTH_FOUND_PAGES) : health.foundOn;
  return { visits, foundOn };
}

/** A selector as the record keeps it. */
export const keptSelector = (sel: string): string => (sel.length > HEALTH_SELECTOR_CHARS ? sel.slice(0, HEALTH_SELECTOR_CHARS) : sel);

/** A visit as it starts: its script ran, nothing answered yet. */
export function startedVisit(visitId: string, at: number, url: string): VisitHealth {
  return { visitId, at, page: pageKeyOf(url), url: plainAddress(url), ran: true, found: [], empty: [], observed: 0, refusals: 0, errors: 0, keepMisses: 0 };
}

/** What an answered query says: found something, found nothing, or (refused, not a query) nothing about finding. */
function queryOutcome(op: { op: string }, result: { ok: boolean; value?: unknown }): 'found' | 'empty' | undefined {
  if (op.op !== 'query' && op.op !== 'queryAll' && op.op !== 'waitFor') return undefined;
  if (!result.ok) return undefined;
  if (op.op === 'queryAll') return Array.isArray(result.value) && result.value.length > 0 ? 'found' : 'empty';
  return result.value !== null && result.value !== undefined ? 'found' : 'empty';
}

/**
 * The visit after a dom batch was answered: each query, queryAll and waitFor sorted by whether it found
 * something. A selector that found something once in a visit is found for that visit, whatever else it answered.
 */
export function withDomAnswers(visit: VisitHealth, ops: ReadonlyArray<{ op: string; sel?: unknown }>, results: ReadonlyArray<{ ok: boolean; value?: unknown }>): VisitHealth {
  let found = visit.found;
  let empty = visit.empty;
  ops.forEach((op, i) => {
    const result = results[i];
    if (!result || typeof op.sel !== 'string') return;
    const outcome = queryOutcome(op, result);
    if (!outcome) return;
    const sel = keptSelector(op.sel);
    if (outcome === 'found') {
      empty = empty.filter((s) => s !== sel);
      if (!found.includes(sel) && found.length < HEALTH_SELECTORS) found = [...found, sel];
    } else if (!found.includes(sel) && !empty.includes(sel) && empty.length < HEALTH_SELECTORS) {
      empty = [...empty, sel];
    }
  });
  return found === visit.found && empty === visit.empty ? visit : { ...visit, found, empty };
}

/** The visit after a log line of its remixlet: refusals, errors (an uncaught one among them) and keeps that did not hold count. */
export function withLogLine(visit: VisitHealth, line: { level: string; message: string; refusal?: { code: string } }): VisitHealth {
  if (line.refusal && PAGE_GONE_CODES.has(line.refusal.code)) return visit;
  const problem = { lastProblem: line.message.slice(0, 500) };
  if (line.level === 'refusal') return { ...visit, refusals: visit.refusals + 1, ...problem };
  if (line.level === 'error') return { ...visit, errors: visit.errors + 1, ...problem };
  if (line.level === 'warn' && isKeepMissLine(line.message)) return { ...visit, keepMisses: visit.keepMisses + 1, ...problem };
  return visit;
}

/** The visit after an observer reported elements: what it waited for appeared. */
export const withObserved = (visit: VisitHealth, count: number): VisitHealth => (count > 0 ? { ...visit, observed: visit.observed + count } : visit);

/** How one visit went, for the manager's short history. */
export const VisitOutcome = z.enum(['found', 'missed', 'quiet', 'refused', 'failed']);
export type VisitOutcome = z.infer<typeof VisitOutcome>;

export function visitOutcome(v: VisitHealth): VisitOutcome {
  if (v.errors > 0) return 'failed';
  if (visitMissed(v)) return 'missed';
  if (v.refusals > 0) return 'refused';
  return visitFound(v) ? 'found' : 'quiet';
}

/** Visits a report carries, newest last. */
export const REPORT_VISITS = 10;

/** What the popup and the manager are told of one remixlet's health: the verdict and its latest visits. */
export const HealthReport = z
  .object({
    remixletId: z.string(),
    verdict: HealthVerdict,
    recent: z.array(z.object({ at: z.number(), page: z.string().max(600), outcome: VisitOutcome }).strict()).max(REPORT_VISITS),
  })
  .strict();
export type HealthReport = z.infer<typeof HealthReport>;

/** The report on one page (pageKeyOf), or on the page the remixlet last visited. */
export function healthReport(remixletId: string, health: RemixletHealth, page?: string): HealthReport {
  return {
    remixletId,
    verdict: healthVerdict(health, page),
    recent: health.visits.slice(-REPORT_VISITS).map((v) => ({ at: v.at, page: v.page, outcome: visitOutcome(v) })),
  };
}
