// Context: page agent. Change reports for rmx.keep: one 'mutated' event per animation frame at most while
// the page changes, so a redraw costs the page one observer, not one message per mutation. One
// MutationObserver serves every remixlet's watch, so a page with three keeps makes one record per mutation,
// not three. After the first change that counts for a watch in a frame, that watch looks at no records
// until its report: the keep re-checks after the report anyway, so records for the rest of the frame would
// tell it nothing; while no watch is looking, the observer lets go of the page (on a page that changes
// thousands of times a second, records were most of what keeps cost it: bench/page-cost.bench.ts).
// With `sels` and `hs` (what the keep's checks looked at: selectors, and handles found elsewhere), only
// changes near those elements count (watch-near.ts), and where they can happen is all that is observed:
// the handles' elements and the subtrees of the elements whose ids anchor the selectors, with their
// ancestors (watch-anchors.ts); a page changing elsewhere then makes no records at all.
// A watch of the whole page sees inside shadow roots too (policy/deep-observer.ts: the roots are searched for
// soon rather than at once, since a keep's first watch of the whole page mostly ends first, and roots found
// late make every watch report), and a selector with
// `>>>` (it reaches into one) watches the whole page; a watch whose selectors have no anchor observes the
// page's own tree only, since a selector without `>>>` never matches inside a shadow root, unless one of its
// handles' elements has left the page (it may come back inside one).
// A hidden tab draws no frames, so there the report goes by timer instead.
// Trusts nothing in the op but the shape exec.ts parsed; every selector passes the page's selector policy.
import type { OpHandler } from '../op-context';
import { checkSelector, deepContentStateTest, deepValueTest } from '../policy/selector';
import { hasShadowStep } from '../../contracts/dom/shadow-selector';
import { DeepObserver } from '../policy/deep-observer';
import { inPasswordEditor, pageHasPasswordField } from '../policy/password';
import { WatchedArea, touchedAreas } from './watch-near';
import { RemixletRefusal } from '../../contracts/refusals';
import { nextBatch } from '../batch-count';

const OPTIONS: MutationObserverInit = { childList: true, subtree: true, attributes: true, characterData: true };
/** While visible, a report that no frame picked up within this long goes by timer (the tab may have just been hidden). */
export const FRAME_FALLBACK_MS = 100;
const ID = 'watch';

interface Watcher {
  remixletId: string;
  /** What the keep looks at: null = any change of the page. */
  area: WatchedArea | null;
  /** The report waiting for a frame (or the timer), by number; 0 = looking at records. */
  pending: number;
  reports: number;
  /**
   * While its report waits: every change behind it was made by this remixlet's own calls (and what the page
   * did at once in answer), so a check begun after those calls were answered has seen it. It keeps looking at
   * records meanwhile, to learn otherwise.
   */
  own: boolean;
  emit(own: boolean): void;
}

/** Each watching remixlet's watch. */
const watchers = new Map<string, Watcher>();
let observer: DeepObserver | undefined;

/** Watches looking at records: those not waiting for a report, and those whose waiting report is of their own changes. */
const lookingNow = () => [...watchers.values()].filter((w) => !w.pending || w.own);

/** Judges records; `madeBy`, the remixlet whose calls made them (exec.ts, recordsMadeBy), else anyone's. */
function onRecords(all: MutationRecord[], madeBy?: string): void {
  // Typing into a password editor changes the DOM; a report (a keep running again) must not tell when.
  const records = all.filter((r) => !inPasswordEditor(r.target));
  if (records.length === 0) return;
  const looking = lookingNow();
  // Watches of the whole page, and those whose selectors test values once the page has a password field, count any change.
  const judged = new Set(looking.filter((w) => w.area && !(w.area.testsValue && pageHasPasswordField())));
  const touched = new Set(touchedAreas([...judged].map((w) => w.area!), records));
  const reporting: Watcher[] = [];
  for (const w of looking) {
    if (judged.has(w) && !touched.has(w.area!)) continue;
    const own = w.remixletId === madeBy;
    // Already waiting: it only learns that not every change behind its report was its own.
    if (w.pending) w.own &&= own;
    else {
      w.own = own;
      reporting.push(w);
    }
  }
  reportSoon(reporting);
}

/**
 * Judges the records made since the last look as made by this remixlet's calls (`remixletId`) or by anyone
 * (undefined). exec.ts looks before each call (anyone's: the page's, another remixlet's, or what its own
 * earlier call did after an await) and right after the call's synchronous part (its own); a MutationObserver
 * delivers nothing in between, since no task or microtask checkpoint comes between those looks.
 */
export function recordsMadeBy(remixletId: string | undefined): void {
  if (!observer || observed === undefined) return;
  const records = observer.takeRecords();
  if (records.length) onRecords(records, remixletId);
}

/** Each of these watches stops looking and reports at the next frame (by timer in a hidden tab). */
function reportSoon(reporting: readonly Watcher[]): void {
  for (const w of reporting) {
    const n = (w.pending = ++w.reports);
    if (document.hidden) {
      setTimeout(() => report(w, n), 0);
    } else {
      requestAnimationFrame(() => report(w, n));
      setTimeout(() => report(w, n), FRAME_FALLBACK_MS);
    }
  }
  // What is observed changes only when a watch stops looking until its report.
  if (reporting.length) observeWhileLooking();
}

/**
 * Roots found after the deep watch began (its search is made soon, not at once: policy/deep-observer.ts) may
 * have changed unseen meanwhile, and a watch served by the deep observation may look into them (a handle
 * inside one): every looking watch reports, as for a change it cannot judge.
 */
function onLateRoots(): void {
  for (const w of watchers.values()) w.own = false;
  reportSoon([...watchers.values()].filter((w) => !w.pending));
}

/**
 * The observations in force: the whole page, into every shadow root ('deep'; 'deep soon': its roots searched
 * for soon, policy/deep-observer.ts) or its own tree only ('light'), and each node with its options (see
 * ObservedPlaces).
 */
interface Observed {
  page?: 'deep' | 'deep soon' | 'light';
  nodes: Map<Node, MutationObserverInit>;
}

let observed: Observed | undefined;

const AROUND: MutationObserverInit = { childList: true, attributes: true };

/**
 * What the looking watches need: the whole page into its shadow roots when a watch counts any change (it has
 * no area, or its selectors test values); the page's own tree when an area's selectors have no anchor to
 * place (a selector without `>>>` never matches inside a shadow root, so no change there can count for it,
 * and searching 50,000 elements for roots is what such a watch cost a big page: bench/page-cost.bench.ts);
 * else the union of the areas' places. Places inside shadow roots (a handle found through `>>>`) are
 * observed as they are, whatever else is.
 */
function neededBy(looking: readonly Watcher[]): Observed {
  const nodes = new Map<Node, MutationObserverInit>();
  let page: Observed['page'];
  for (const w of looking) {
    const area = w.area;
    // Soon: a keep's first watch (no area yet) mostly ends, narrowed by the keep's first check, before a search would be made.
    if (!area || area.testsValue) return { page: 'deep soon', nodes: new Map() };
    const places = area.places;
    if (!places) {
      // A watched element the page took out may be put back inside a shadow root: the whole page, deep, for
      // as long as it is out (on a big page that is the search for roots at each report, which the keep's
      // next check usually ends by looking its element up again).
      if (area.lostElement()) page = 'deep';
      page ??= 'light';
      for (const el of area.shadowElements()) nodes.set(el, OPTIONS);
      continue;
    }
    for (const n of places.around) if (!nodes.has(n)) nodes.set(n, AROUND);
    for (const n of places.subtrees) nodes.set(n, OPTIONS);
  }
  // The page's own tree already covers what lies in it; the deep watch covers everything.
  if (page === 'deep') return { page, nodes: new Map() };
  if (page === 'light') for (const n of [...nodes.keys()]) if (n.getRootNode() === document) nodes.delete(n);
  return { page, nodes };
}

function same(a: Observed | undefined, b: Observed): boolean {
  if (a === undefined || a.page !== b.page || a.nodes.size !== b.nodes.size) return false;
  for (const [n, o] of b.nodes) if (a.nodes.get(n) !== o) return false;
  return true;
}

/**
 * Observes what the looking watches need while some watch is looking at records; lets go of the page while
 * none is. Records already made for the old observations are judged, not dropped.
 */
function observeWhileLooking(): void {
  const looking = lookingNow();
  observer ??= new DeepObserver(onRecords, onLateRoots);
  if (looking.length === 0) {
    if (observed !== undefined) observer.disconnect();
    observed = undefined;
    return;
  }
  const needed = neededBy(looking);
  if (same(observed, needed)) return;
  const made = observed === undefined ? [] : observer.takeRecords();
  observer.disconnect();
  if (needed.page) observer.observe(document.documentElement, OPTIONS, needed.page === 'deep soon' ? 'soon' : needed.page === 'deep');
  for (const [n, o] of needed.nodes) observer.observe(n, o, false);
  observed = needed;
  if (made.length > 0) queueMicrotask(() => onRecords(made));
}

function report(w: Watcher, n: number): void {
  if (w.pending !== n || watchers.get(w.remixletId) !== w) return;
  w.pending = 0;
  // Looking again before the report: a change after this point gets a report of its own.
  w.area?.remember();
  const own = w.own;
  w.own = false;
  observeWhileLooking();
  w.emit(own);
}

export const watch: OpHandler<'watch'> = (op, ctx) => {
  const remixletId = ctx.scope.id;
  for (const sel of op.sels ?? []) checkSelector(sel, ctx.name, ctx.page);
  // Joined into one list below; a comment left open in one would swallow the rest, so such a set watches everything.
  // A selector into a shadow root has no anchor the narrow watch can place: such a set watches everything.
  const wholePage = op.sels?.some((sel) => sel.includes('/*') || hasShadowStep(sel)) ?? false;
  const sels = op.sels && !wholePage ? [...new Set(op.sels)] : [];
  // Only this remixlet's own handles; one whose element has left the page has nothing left to watch.
  const elements = (wholePage ? [] : (op.hs ?? [])).flatMap((h) => {
    try {
      return [ctx.element(h)];
    } catch (e) {
      if (e instanceof RemixletRefusal && e.code === 'HANDLE_GONE') return [];
      throw e;
    }
  });
  const narrow = !wholePage && (op.sels !== undefined || op.hs !== undefined);
  // A selector that depends on a field's value (the value attribute, :invalid, …) or its content or
  // checkedness (:has, :empty, :checked) could tell when a password field's value changes; once the page has one, such a watch reports every change instead, which tells
  // nothing about any field.
  const area = narrow ? new WatchedArea(sels.join(', '), sels.some((sel) => deepValueTest(sel) !== undefined || deepContentStateTest(sel) !== undefined), elements) : null;
  area?.remember();
  const existing = watchers.get(remixletId);
  if (existing && ctx.subscriptions.has(remixletId, ID)) {
    existing.area = area;
    observeWhileLooking();
    return ID;
  }
  const subscriptions = ctx.subscriptions;
  const w: Watcher = {
    remixletId,
    area,
    pending: 0,
    reports: 0,
    own: false,
    // Every change behind the report was made by now: before the remixlet's next batch arrives (batch-count.ts).
    emit: (own) => subscriptions.emit({ kind: 'mutated', remixletId, ...(own ? { own } : {}), before: nextBatch(remixletId) }),
  };
  watchers.set(remixletId, w);
  observeWhileLooking();
  ctx.subscriptions.add(remixletId, ID, () => {
    if (watchers.get(remixletId) === w) watchers.delete(remixletId);
    observeWhileLooking();
  });
  return ID;
};
