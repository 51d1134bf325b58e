// Context: page agent. dom.waitFor: resolves when an element matches, or null after the timeout.
import type { OpHandler } from '../op-context';
import { checkSelector } from '../policy/selector';

export const waitFor: OpHandler<'waitFor'> = (op, ctx) => {
  checkSelector(op.sel, 'dom.waitFor');
  const root: ParentNode = op.scope ? ctx.element(op.scope) : document;
  const found = root.querySelector(op.sel);
  if (found) return ctx.handles.handleOf(found);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const el = root.querySelector(op.sel);
      if (el) {
        observer.disconnect();
        clearTimeout(timer);
        resolve(ctx.handles.handleOf(el));
      }
    });
    observer.observe(root instanceof Document ? root.documentElement : (root as Node), { childList: true, subtree: true, attributes: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(null);
    }, op.timeout ?? 5_000);
  });
};
