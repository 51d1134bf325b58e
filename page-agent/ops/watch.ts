// Context: page agent. Change reports for rmx.keep: one 'mutated' event per animation frame at most while
// the page changes, so a redraw costs the page one observer, not one message per mutation. After the first
// change of a frame the observer lets go until that frame's report: the keep re-checks the whole page after
// the report anyway, so records for the rest of the frame would tell it nothing, and on a page that changes
// thousands of times a second they were most of what a keep cost the page (bench/page-cost.bench.ts).
import type { OpHandler } from '../op-context';

const OPTIONS: MutationObserverInit = { childList: true, subtree: true, attributes: true, characterData: true };

export const watch: OpHandler<'watch'> = (_op, ctx) => {
  const id = 'watch';
  if (ctx.subscriptions.has(ctx.scope.id, id)) return id;
  let released = false;
  const remixletId = ctx.scope.id;
  const observer = new MutationObserver(() => {
    observer.disconnect();
    requestAnimationFrame(() => {
      if (released) return;
      // Watching again before the report: a change after this point gets a report of its own.
      observer.observe(document.documentElement, OPTIONS);
      ctx.subscriptions.emit({ kind: 'mutated', remixletId });
    });
  });
  observer.observe(document.documentElement, OPTIONS);
  ctx.subscriptions.add(remixletId, id, () => {
    released = true;
    observer.disconnect();
  });
  return id;
};
