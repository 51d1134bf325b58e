// Context: remixlet runtime (dedicated worker). rmx.keep: a condition that should stay true while the site
// redraws. Re-checks after page mutations near what its check looks at (the page agent's watch, narrowed to
// the selectors the checks queried: keep-scope.ts) and after same-document navigations, at most once per
// frame; a repair that did not hold is tried again soon even on a quiet page, and one that keeps failing backs
// off and says so in the log instead of spinning. A check that only reads has its reads sent ahead as its next
// run starts (read-ahead.ts), its first run on a page with the plan it learned on an earlier load (the host
// remembers it: contracts/boundaries/keep-plans.ts), a check that failed answers its repair's same reads, and a change report wakes
// no check that has seen every change behind it: its own changes, answered before the check began, or any
// changes made before the page agent received the check's first batch (the report's before).
// Trusts nothing from the page: change reports only wake checks.
import type { DomOp } from '../../contracts/dom/ops';
import type { EventRouter } from './events';
import { keepMissLine, PAGE_GONE_CODES } from '../../contracts/keep-miss';
import { CheckTrace, sameScope, scopeKey, unionScope, type KeepScope } from './keep-scope';
import { ReadRecorder, type ReadAhead } from './read-ahead';
import { PLAN_ELEMENT_KEYS } from '../../contracts/boundaries/keep-plans';

/** A planned read that names an element by its handle id, not by an earlier read's place. */
const namesHandle = (op: DomOp): boolean => PLAN_ELEMENT_KEYS.some((key) => typeof (op as Record<string, unknown>)[key] === 'string');

export interface KeepSpec {
  check: () => boolean | Promise<boolean>;
  repair: () => unknown;
}

/** Failures in a row before the first back-off; each one after that doubles the wait. */
export const KEEP_BACKOFF = { afterFailures: 3, firstMs: 250, maxMs: 30_000 } as const;

interface Kept {
  name: string;
  spec: KeepSpec;
  failures: number;
  pausedUntil: number;
  running: boolean;
  /** A change arrived while the check ran, or while it waited: run once more afterwards. */
  again: boolean;
  /** What its last check looked at; the whole page until it has run. */
  scope: KeepScope;
  /** A try again is already set for after a failure. */
  retrying: boolean;
  /** The reads its last check made, alone, to send ahead of the next (read-ahead.ts); at first, those an earlier load's check made. */
  plan?: readonly DomOp[];
  /** The plan the host was last asked to remember for the next load (JSON). */
  remembered?: string;
  /** The remixlet's changes answered when its latest check began, if none was on its way then (Bridge.changesSettled). */
  checkedAfter?: number;
  /** The lowest batch number its latest check's reads can have gone in (Bridge.batchesFrom). */
  readsFrom?: number;
  /** Woken by change reports since it last ran: the latest before among them (Infinity: one did not say). */
  woken?: number;
  /** What its last check read, alone; `news` and `settled` as that check began. */
  seen?: { reads: ReadRecorder; news: number; settled: number | undefined };
}

export interface KeepDeps {
  events: EventRouter;
  /** Asks the page agent to report changes near these selectors ('page': any change); sent again, it replaces them. */
  watch: (scope: KeepScope) => Promise<unknown>;
  /** Shows keep every dom call the remixlet makes, with its answer, so it learns what a check looks at. */
  tap: (fn: (op: DomOp, answer: Promise<unknown>, via?: DomOp) => void) => void;
  /**
   * Sends a check's reads ahead of it (Bridge.readAhead), answers a repair from its check's reads
   * (Bridge.answerFrom), and stops answering calls from either (Bridge.dropAhead: all, or only `these`).
   */
  readAhead: (plan: readonly DomOp[]) => void;
  /** Plans this remixlet's keeps learned on an earlier load, by keep name (contracts/boundaries/keep-plans.ts). */
  remembered: ReadonlyMap<string, readonly DomOp[]>;
  /** Asks the host to remember a keep's plan for the next load. */
  remember: (name: string, plan: readonly DomOp[]) => void;
  answerFrom: (seen: ReadAhead) => void;
  dropAhead: (these?: ReadAhead) => void;
  /** How many of the remixlet's changes were answered, when none is on its way (Bridge.changesSettled). */
  changesSettled: () => number | undefined;
  /** The lowest batch number a call sent from now on can go in (Bridge.batchesFrom). */
  batchesFrom: () => number;
  log: (level: 'warn' | 'error', message: string) => unknown;
  /** Calls fn at the next frame; the offscreen document draws no frames, so this is a timer. */
  nextFrame: (fn: () => void) => void;
  timer: (fn: () => void, ms: number) => unknown;
  now: () => number;
}

export function createKeep({ events, watch, tap, readAhead, remembered, remember, answerFrom, dropAhead, changesSettled, batchesFrom, log, nextFrame, timer, now }: KeepDeps) {
  const keeps = new Map<string, Kept>();
  let scheduled = false;
  /** What the page agent was last asked to watch (undefined: not yet). */
  let watching: KeepScope | undefined;
  let watchQueue: Promise<unknown> = Promise.resolve();
  /** Events remixlet code heard and checks begun: a check's reads answer its repair only if none came between. */
  let news = 0;
  /** Selector sets the page agent refused to watch. */
  const refused = new Set<string>();
  /** Handles any check placed inside what it queried (keep-scope.ts). */
  const placed = new Set<string>();
  /** The check being called right now (its calls before its first await are surely its own). */
  let current: CheckTrace | undefined;
  /** Checks in flight: a call after an await is shown to each, which can only widen what they watch. */
  const tracing = new Set<CheckTrace>();
  /** The calls of the check in flight, while it is the only one: with two, a call cannot be told to be either's. */
  let recording: { trace: CheckTrace; reads: ReadRecorder } | undefined;

  tap((op, answer, via) => {
    if (current) current.saw(op, answer, via);
    else for (const t of tracing) t.saw(op, answer, via);
    // The keep's own watch calls (updateWatch) are not the check's.
    if (recording && op.op !== 'watch' && (current ?? recording.trace) === recording.trace) recording.reads.note(op, answer, via);
  });

  function message(e: unknown): string {
    return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }

  /** Asks for the union of every keep's scope when it changed; a refused narrow watch falls back to the page. */
  function updateWatch(): void {
    const union = unionScope([...keeps.values()].map((k) => k.scope));
    const key = scopeKey(union);
    const wanted = refused.has(key) ? 'page' : union;
    if (sameScope(watching, wanted)) return;
    // A change between the check that learned this scope and the watch taking it was judged by the old
    // scope, which may not have covered it: look once more then. The whole page covers every scope (the page
    // agent reports any change to it), so the first scope a keep learns needs no second look.
    const lookAgain = watching !== undefined && watching !== 'page';
    watching = wanted;
    // Asked now, not after the last one's answer: it travels with the calls made in this turn (the next check's
    // reads). The bridge keeps the order, and each watch replaces the one before it.
    const asked = (async () => watch(wanted))();
    asked.catch(() => undefined);
    watchQueue = watchQueue
      .then(() => asked)
      .catch((e: unknown) => {
        // A later watch already replaced this one.
        if (watching !== wanted) return;
        if (wanted === 'page') {
          log('error', `rmx.keep could not watch the page: ${message(e)}`);
          return;
        }
        // Not again: the page agent refuses this set of selectors (say, a value test while there is a password field).
        if (refused.size < 100) refused.add(key);
        watching = 'page';
        return watch('page').catch((e2: unknown) => log('error', `rmx.keep could not watch the page: ${message(e2)}`));
      })
      .then(() => {
        if (lookAgain) wake(Infinity);
      });
  }

  async function check(k: Kept): Promise<boolean> {
    k.checkedAfter = changesSettled();
    k.readsFrom = batchesFrom();
    k.seen = undefined;
    const began = ++news;
    const trace = new CheckTrace(placed);
    const alone = tracing.size === 0;
    if (alone) {
      recording = { trace, reads: new ReadRecorder() };
      // Nothing read before this check began answers it (a repair's reads from its check among them).
      if (k.plan) readAhead(k.plan);
      else dropAhead();
    } else {
      // What the first check's reads ahead found may be older than what woke this one.
      recording?.reads.spoil();
      recording = undefined;
      dropAhead();
    }
    const reads = recording?.reads;
    tracing.add(trace);
    try {
      let result: ReturnType<KeepSpec['check']>;
      current = trace;
      try {
        result = k.spec.check();
      } finally {
        current = undefined;
      }
      return (await result) === true;
    } finally {
      tracing.delete(trace);
      k.scope = trace.scope();
      if (recording?.trace === trace) {
        recording = undefined;
        dropAhead();
      }
      // Begun alone: the next run sends ahead what this one read, or nothing when it did more than read or
      // shared its time with another check. A run begun beside another leaves the plan as it was.
      if (reads) {
        k.plan = reads.plan();
        rememberPlan(k);
        // Its answers are made into a ReadAhead only if a repair follows (repair below): most checks hold.
        k.seen = { reads, news: began, settled: k.checkedAfter };
      }
    }
  }

  /**
   * Has the host remember a plan for the next load when it changed, and only a plan whose elements are all found by
   * its own reads ({ ref }): a handle id from this page means nothing on the next.
   */
  function rememberPlan(k: Kept): void {
    if (!k.plan || k.plan.some(namesHandle)) return;
    const json = JSON.stringify(k.plan);
    if (json === k.remembered) return;
    k.remembered = json;
    remember(k.name, k.plan);
  }

  /**
   * Runs a failed check's repair, its calls answered from the check's own reads while nothing since could know
   * of a later page: no event heard, no other check begun, no change of the remixlet's sent.
   */
  async function repair(k: Kept): Promise<void> {
    const seen = k.seen;
    k.seen = undefined;
    // Read from the check's start to its end with nothing heard since and no change of the remixlet's on its way.
    const fresh = seen && seen.news === news && seen.settled !== undefined && seen.settled === changesSettled() ? seen.reads.seen() : undefined;
    if (fresh) answerFrom(fresh);
    try {
      await k.spec.repair();
    } finally {
      if (fresh) dropAhead(fresh);
    }
  }

  async function run(name: string): Promise<void> {
    const k = keeps.get(name);
    if (!k) return;
    if (k.running || now() < k.pausedUntil) {
      k.again = true;
      return;
    }
    k.running = true;
    k.again = false;
    k.woken = undefined;
    let held = false;
    try {
      held = await check(k);
      if (!held) {
        await repair(k);
        // The scope the check learned goes with the next check's reads, not in a round trip after them.
        updateWatch();
        held = await check(k);
      }
    } catch (e) {
      if (!PAGE_GONE_CODES.has(String((e as { code?: unknown } | null)?.code))) log('error', `rmx.keep("${name}"): ${message(e)}`);
    } finally {
      k.running = false;
    }
    if (keeps.get(name) !== k) return;
    updateWatch();
    if (held) {
      k.failures = 0;
    } else {
      k.failures += 1;
      if (k.failures >= KEEP_BACKOFF.afterFailures) {
        const wait = Math.min(KEEP_BACKOFF.maxMs, KEEP_BACKOFF.firstMs * 2 ** (k.failures - KEEP_BACKOFF.afterFailures));
        k.pausedUntil = now() + wait;
        // Worded in contracts/keep-miss.ts: the worker counts this line as a keep that did not hold.
        log('warn', keepMissLine(name, k.failures, wait));
        // Try again when the wait ends even if the page stays quiet meanwhile.
        timer(() => void run(name), wait);
        return;
      }
      // Before the back-off, too: a failure can be passing (a refusal while the page agent reconnects after
      // the worker restarted), and a quiet page brings no change to try again on.
      retryLater(name, k);
    }
    if (k.again) schedule();
  }

  function retryLater(name: string, k: Kept): void {
    if (k.retrying) return;
    k.retrying = true;
    timer(() => {
      k.retrying = false;
      void run(name);
    }, KEEP_BACKOFF.firstMs);
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    nextFrame(() => {
      scheduled = false;
      for (const [name, k] of keeps) {
        // Woken only by changes made before its latest check sent its first read: that check has seen them.
        // (A retry after a failure comes by its own timer, not here, and always runs.)
        if (!k.running && k.woken !== undefined && k.readsFrom !== undefined && k.readsFrom >= k.woken) {
          k.woken = undefined;
          continue;
        }
        void run(name);
      }
    });
  }

  /** Runs every keep at the next frame, each told when the changes that woke it were made (schedule skips what it has seen). */
  function wake(before: number): void {
    // Compared, not Math.max: remixlet code may have replaced that global, and this runs on every report.
    for (const k of keeps.values()) if (k.woken === undefined || before > k.woken) k.woken = before;
    schedule();
  }

  events.onChange((_kind, own, before) => {
    // Changes of the remixlet's own that every keep's latest check began after: each check has seen them.
    const settled = own ? changesSettled() : undefined;
    if (settled !== undefined && [...keeps.values()].every((k) => k.checkedAfter === settled)) return;
    // Judged when the keep runs, not now: a check begun meanwhile (after a repair) may have read after them.
    wake(before ?? Infinity);
  });
  // Code that heard of the page since a check's reads went ahead could ask for a later page than they read.
  events.onNews(() => {
    news++;
    dropAhead();
  });

  return function keep(name: string, spec: KeepSpec): void {
    if (typeof spec?.check !== 'function' || typeof spec?.repair !== 'function') throw new TypeError('rmx.keep(name, { check, repair }) takes two functions.');
    const key = String(name);
    const plan = remembered.get(key);
    // An earlier load's plan goes ahead of the first check as a later run's would; it counts as remembered already.
    keeps.set(key, { name: key, spec, failures: 0, pausedUntil: 0, running: false, again: false, scope: 'page', retrying: false, plan, remembered: plan && JSON.stringify(plan) });
    // Any change counts until the first check has shown what it looks at.
    updateWatch();
    void run(key);
  };
}
