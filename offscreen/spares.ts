// Context: offscreen document. Sandbox frames loaded ahead of need: loading sandbox.html and evaluating its
// runtime worker takes 100–250 ms on a busy machine, longer than a page takes from its request to being
// parsed, so when a matching page commits the worker asks for one frame more than it used, and each spare
// bound to a sandbox is replaced, so the next navigation finds one whose runtime is ready
// (bench/time-to-effect.bench.ts). They load when nothing is about to start, no page that started
// sandboxes is still loading and the sandboxes just started have paused their calls (quietIn).
// A spare is a sandbox frame that has no remixlet yet: no script, no ports, no token; createSandbox binds
// it to exactly one sandbox, once, as it would a fresh frame. Trusts nothing the frames send.
import { SANDBOX_PATH } from './frame-policy';
import { SPARE_POOL } from '../contracts/boundaries/offscreen-worker';

/** A spare unused this long goes: it only helps a page that is loading now. */
export const SPARE_LIFETIME_MS = 30_000;
export const MAX_SPARES = SPARE_POOL.max;

export interface Spare {
  iframe: HTMLIFrameElement;
  /** Whether its first document has loaded (a spare taken before that still loads as a fresh frame would). */
  loaded(): boolean;
  /** Whether its runtime has evaluated and listens for its boot message (RUNTIME_READY): until then a boot waits there. */
  ready(): boolean;
}

interface Held extends Spare {
  release(): void;
}

const spares: Held[] = [];

/**
 * Sandbox windows whose runtime said it is ready. Only a spare's own window is looked up here, and all the
 * word can do is make that spare preferred; a frame already bound is no spare, whatever it says.
 */
const runtimesReady = new WeakSet<object>();
addEventListener('message', (event: MessageEvent) => {
  if ((event.data as { remixletRuntimeReady?: unknown } | null)?.remixletRuntimeReady !== true || !event.source) return;
  if (spares.some((s) => s.iframe.contentWindow === event.source)) runtimesReady.add(event.source);
});

/** A sandbox frame as createSandbox makes one: scripts only; no popups, no top navigation, no forms. */
export function sandboxFrame(): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  // The sandbox attribute stacks on the manifest's sandbox CSP.
  iframe.setAttribute('sandbox', 'allow-scripts');
  return iframe;
}

function discard(held: Held): void {
  const i = spares.indexOf(held);
  if (i >= 0) spares.splice(i, 1);
  held.release();
  held.iframe.remove();
}

function addSpare(): void {
  const iframe = sandboxFrame();
  iframe.dataset.spare = '';
  const listening = new AbortController();
  let loads = 0;
  const held: Held = {
    iframe,
    loaded: () => loads > 0,
    ready: () => iframe.contentWindow !== null && runtimesReady.has(iframe.contentWindow),
    release: () => {
      listening.abort();
      clearTimeout(expiry);
    },
  };
  // A spare that loads a second document is not the page it was; it goes, as a live sandbox would.
  iframe.addEventListener('load', () => (++loads > 1 ? discard(held) : undefined), { signal: listening.signal });
  const expiry = setTimeout(() => discard(held), SPARE_LIFETIME_MS);
  spares.push(held);
  iframe.src = chrome.runtime.getURL(SANDBOX_PATH);
  document.body.append(iframe);
}

/** When a spare was last bound: its boot should not share the sandbox process's main thread with a frame loading. */
let lastBound = -Infinity;
/** When a held sandbox was last started (its document committed): its first calls are what the page waits for. */
let lastStarted = -Infinity;
/** Held sandboxes bound and not yet started: their start is coming, at the commit of a page being loaded. */
const awaitingStart = new Set<string>();

/** A held sandbox is made (waiting) or started, or it went (not waiting, and no start to keep clear). */
export function noteHeld(sandboxId: string, state: 'waiting' | 'started' | 'gone'): void {
  if (state === 'waiting') {
    awaitingStart.add(sandboxId);
    return;
  }
  if (!awaitingStart.delete(sandboxId)) return;
  if (state === 'started') lastStarted = performance.now();
  // Frames asked for meanwhile wait for this: look again now rather than at the cap.
  if (awaitingStart.size === 0) lookAgain();
}

/**
 * A frame loading in the sandbox process holds that process's main thread (every sandbox frame shares it; the
 * frames are out of this document's process) for tens of milliseconds: a held sandbox's start message, and
 * its first calls on their way to the page, then wait behind it. Measured on a page loaded a second after the
 * last: the start took 7–27 ms to arrive here and the first call 10–47 ms to leave, with spares loading 50 ms
 * after the binds at the navigation's start, which is when the page commits (bench/time-to-effect.bench.ts).
 * So frames are added only once nothing is about to start, and a moment after the last start, or 1 s after
 * the last bind while held sandboxes still wait (a navigation that never commits). With no spare at all they
 * wait too: a frame loaded then would still hold up the page's start.
 */
const AFTER_START_MS = 60;
const HELD_WAIT_CAP_MS = 1_000;
let recheck: ReturnType<typeof setTimeout> | undefined;
let wanted = 0;

/**
 * A page whose sandboxes started is loading in these tabs (since when). A frame loading meanwhile takes a core
 * from the page as well: on two cores, three keeps' spares loading while a 10,000-element page loaded made its
 * main thread busy for 68 % longer than with no remixlet, against 39 % with the spares held until its load
 * (the thread's own work, its CPU time, was the same; bench/real-page-keeps.bench.ts). So frames also wait for
 * the page's load event, or PAGE_LOAD_CAP_MS after it began loading, whichever comes first.
 */
const loadingSince = new Map<number, number>();
export const PAGE_LOAD_CAP_MS = 3_000;

/** The worker says a page that started sandboxes in the tab began loading, or is done (loaded, or gone). */
export function pageLoading(tabId: number, loading: boolean): void {
  if (loading) {
    loadingSince.set(tabId, performance.now());
    return;
  }
  if (!loadingSince.delete(tabId)) return;
  lookAgain();
}

/**
 * A page's first calls come in a burst once its sandboxes start, and a two-step first change (a handle back to
 * the sandbox, then the change) crosses this document twice. A frame added between the two crossings held the
 * second for as long as adding it took this document's main thread: about 10 ms in a trace, at the page's load
 * event, when frames were let in again (bench/time-to-effect.bench.ts). So for PAGE_LOAD_CAP_MS after the last
 * start, frames also wait while a sandbox's call is unanswered (a waitFor pending in the page) and until none
 * has come or been answered for CALLS_QUIET_MS; a sandbox that keeps calling holds them no longer than that.
 */
const CALLS_QUIET_MS = 30;
let lastCall = -Infinity;
/** Calls not yet answered, by when each came. */
const unanswered = new Set<{ since: number }>();

/** A sandbox's call arrived; the function returned is called once it is answered. */
export function sandboxCall(): () => void {
  const call = { since: (lastCall = performance.now()) };
  unanswered.add(call);
  return () => {
    if (!unanswered.delete(call)) return;
    lastCall = performance.now();
    // Frames held for the answer: their wait is now the quiet moment, not the cap. Nothing to look at when none
    // waits (most answers), so the pending calls are not gone through then.
    if (recheck !== undefined && !startCallPending()) lookAgain();
  };
}

/** Whether a call made since the last start is still unanswered. One from before it holds nothing, and is forgotten (it may never be answered). */
function startCallPending(): boolean {
  for (const call of unanswered) if (call.since < lastStarted) unanswered.delete(call);
  return unanswered.size > 0;
}

/** Frames asked for while something held them: look again now rather than at the timer. */
function lookAgain(): void {
  if (recheck === undefined) return;
  clearTimeout(recheck);
  recheck = undefined;
  prewarm(0);
}

/** How long until frames may load: 0 or less when now. Held sandboxes still waiting hold them until the cap (noteHeld looks again when they start), loading pages until theirs (pageLoading), a page's first calls until they pause (sandboxCall). */
function quietIn(now: number): number {
  let after = Math.max(lastBound + REPLACE_AFTER_MS, lastStarted + AFTER_START_MS) - now;
  if (awaitingStart.size > 0) after = Math.max(after, lastBound + HELD_WAIT_CAP_MS - now);
  const startCap = lastStarted + PAGE_LOAD_CAP_MS;
  if (now < startCap) after = Math.max(after, (startCallPending() ? startCap : Math.min(lastCall + CALLS_QUIET_MS, startCap)) - now);
  for (const [tabId, since] of loadingSince) {
    // Past the cap it holds nothing, and is forgotten (a worker that restarted never says it is done).
    if (since + PAGE_LOAD_CAP_MS <= now) loadingSince.delete(tabId);
    else after = Math.max(after, since + PAGE_LOAD_CAP_MS - now);
  }
  return after;
}

/** Makes sure at least `count` spares exist (at most MAX_SPARES), loading or loaded, once the sandbox process is quiet (quietIn). */
export function prewarm(count: number): void {
  wanted = Math.max(wanted, count);
  const wait = quietIn(performance.now());
  if (wait > 0) {
    recheck ??= setTimeout(() => {
      recheck = undefined;
      const n = wanted;
      wanted = 0;
      prewarm(n);
    }, wait);
    return;
  }
  const n = Math.max(wanted, count);
  wanted = 0;
  while (spares.length < Math.min(n, MAX_SPARES)) addSpare();
}

/**
 * After a spare is bound, a replacement starts loading a moment later (off the bound sandbox's start), so
 * the next page of the same site, which usually commits too soon after for a frame started at its commit
 * to be ready (bench/time-to-effect.bench.ts), finds one loaded. Unused, it expires like any spare.
 */
export const REPLACE_AFTER_MS = 50;
let replacing: ReturnType<typeof setTimeout> | undefined;

/** Takes one spare out of the pool, the longest-loading first; it is then the caller's alone. */
export function takeSpare(): Spare | undefined {
  lastBound = performance.now();
  if (replacing === undefined) {
    replacing = setTimeout(() => {
      replacing = undefined;
      prewarm(1);
    }, REPLACE_AFTER_MS);
  }
  // A frame whose runtime is ready boots at once; one still evaluating its runtime (tens of milliseconds,
  // more on a busy machine) holds the boot until it is done, and one still loading longer still.
  const held = spares.find((s) => s.ready()) ?? spares.find((s) => s.loaded()) ?? spares[0];
  if (!held) return undefined;
  spares.splice(spares.indexOf(held), 1);
  held.release();
  delete held.iframe.dataset.spare;
  return { iframe: held.iframe, loaded: held.loaded, ready: held.ready };
}

export function spareCount(): number {
  return spares.length;
}

/** Discards every spare (test builds: a test that picks a sandbox frame by its target must not pick a spare). */
export function dropSpares(): void {
  // Frames asked for and not yet added go too, so none comes back until something asks again.
  wanted = 0;
  clearTimeout(recheck);
  recheck = undefined;
  clearTimeout(replacing);
  replacing = undefined;
  for (const held of [...spares]) discard(held);
}
