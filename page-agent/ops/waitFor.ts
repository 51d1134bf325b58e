// Context: page agent. dom.waitFor: resolves with the first element that matches, or null after the
// timeout or when the sandbox is released. `>>>` steps into shadow roots (policy/deep-select.ts), and a
// change inside any shadow root is a change too (policy/deep-observer.ts). The selector is checked again
// whenever the page changes, so a password field that appears meanwhile ends a wait on a selector that
// depends on a field's value (the value attribute, :invalid, :placeholder-shown, …: contracts/dom/value-selector.ts).
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpHandler } from '../op-context';
import { LIVE_PASSWORD_FACTS, checkSelector, passwordReading, selectorReadings } from '../policy/selector';
import { selectFirst } from '../policy/deep-select';
import { DeepObserver } from '../policy/deep-observer';

const MAX_WAITS = 100;
const DEFAULT_TIMEOUT_MS = 5_000;

export const waitFor: OpHandler<'waitFor'> = (op, ctx) => {
  checkSelector(op.sel, ctx.name, ctx.page);
  const root = op.scope !== undefined ? ctx.element(op.scope) : document;
  const found = selectFirst(root, op.sel);
  if (found) return ctx.handles.handleOf(found);
  const remixletId = ctx.scope.id;
  if (ctx.subscriptions.countFor(remixletId, 'wait') >= MAX_WAITS) {
    throw new RemixletRefusal('TOO_MANY', `At most ${MAX_WAITS} dom.waitFor calls may wait at once; use dom.observe for many elements.`, ctx.name);
  }
  const readings = selectorReadings(op.sel);
  const id = ctx.subscriptions.nextId('wait');
  return new Promise((resolve) => {
    let done = false;
    const finish = (value: unknown) => {
      if (done) return;
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      ctx.subscriptions.remove(remixletId, id);
      resolve(value);
    };
    const observer = new DeepObserver(() => {
      if (passwordReading(readings, LIVE_PASSWORD_FACTS) !== undefined) return finish(null);
      const el = selectFirst(root, op.sel);
      if (el) finish(ctx.handles.handleOf(el));
    });
    observer.observe(root instanceof Document ? root.documentElement : root, { childList: true, subtree: true, attributes: true });
    const timer = setTimeout(() => finish(null), op.timeout ?? DEFAULT_TIMEOUT_MS);
    ctx.subscriptions.add(remixletId, id, () => finish(null));
  });
};
