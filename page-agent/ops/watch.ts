// Context: page agent. Change reports for rmx.keep: one 'mutated' event per animation frame at most while
// the page changes, so a redraw costs the page one observer, not one message per mutation.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import type { OpHandler } from '../op-context';

export const watch: OpHandler<'watch'> = (_op, ctx) => {
  const id = 'watch';
  if (ctx.subscriptions.has(ctx.scope.id, id)) return id;
  let pending = false;
  const remixletId = ctx.scope.id;
  const observer = new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      ctx.subscriptions.emit({ kind: 'mutated', remixletId });
    });
  });
  observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true, characterData: true });
  ctx.subscriptions.add(remixletId, id, () => observer.disconnect());
  return id;
};
