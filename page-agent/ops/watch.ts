// Context: page agent. Change reports for rmx.keep: one 'mutated' event per animation frame at most while
// the page changes, so a redraw costs the page one observer, not one message per mutation. After the first
// change that counts in a frame the observer lets go until that frame's report: the keep re-checks after the
// report anyway, so records for the rest of the frame would tell it nothing, and on a page that changes
// thousands of times a second they were most of what a keep cost the page (bench/page-cost.bench.ts).
// With `sels` (what the keep's checks looked at), only changes near those elements count (watch-near.ts).
// A hidden tab draws no frames, so there the report goes by timer instead.
// Trusts nothing in the op but the shape exec.ts parsed; every selector passes the page's selector policy.
import type { OpHandler } from '../op-context';
import { checkSelector } from '../policy/selector';
import { selectorTestsValue } from '../../contracts/dom/value-selector';
import { pageHasPasswordField } from '../policy/password';
import { WatchedArea } from './watch-near';

const OPTIONS: MutationObserverInit = { childList: true, subtree: true, attributes: true, characterData: true };
/** While visible, a report that no frame picked up within this long goes by timer (the tab may have just been hidden). */
const FRAME_FALLBACK_MS = 100;
const ID = 'watch';

/** What each remixlet's watch looks at: null = any change of the page. */
const areas = new Map<string, WatchedArea | null>();

export const watch: OpHandler<'watch'> = (op, ctx) => {
  const remixletId = ctx.scope.id;
  for (const sel of op.sels ?? []) checkSelector(sel, ctx.name, ctx.page);
  // Joined into one list below; a comment left open in one would swallow the rest, so such a set watches everything.
  const sels = op.sels && !op.sels.some((sel) => sel.includes('/*')) ? [...new Set(op.sels)] : undefined;
  // A selector that tests the value attribute could tell when a password field's value changes; once the
  // page has one, such a watch reports every change instead, which tells nothing about any field.
  const area = sels ? new WatchedArea(sels.join(', '), sels.some(selectorTestsValue)) : null;
  areas.set(remixletId, area);
  if (ctx.subscriptions.has(remixletId, ID)) {
    area?.remember();
    return ID;
  }

  let released = false;
  /** The report waiting for a frame (or the timer), by number; 0 = none. */
  let pending = 0;
  let reports = 0;
  const report = (n: number) => {
    if (pending !== n || released) return;
    pending = 0;
    // Watching again before the report: a change after this point gets a report of its own.
    areas.get(remixletId)?.remember();
    observer.observe(document.documentElement, OPTIONS);
    ctx.subscriptions.emit({ kind: 'mutated', remixletId });
  };
  const observer = new MutationObserver((records) => {
    const watched = areas.get(remixletId);
    if (watched && !(watched.testsValue && pageHasPasswordField()) && !watched.touchedBy(records)) return;
    observer.disconnect();
    const n = (pending = ++reports);
    if (document.hidden) {
      setTimeout(() => report(n), 0);
    } else {
      requestAnimationFrame(() => report(n));
      setTimeout(() => report(n), FRAME_FALLBACK_MS);
    }
  });
  area?.remember();
  observer.observe(document.documentElement, OPTIONS);
  ctx.subscriptions.add(remixletId, ID, () => {
    released = true;
    areas.delete(remixletId);
    observer.disconnect();
  });
  return ID;
};
