// Context: page agent. dom.observe(sel): reports elements matching a checked selector as they are added to
// the page, each once; with existing: true the answer also carries those already there. A selector that
// depends on a field's value (contracts/dom/value-selector.ts) stops reporting when a password field appears (one with :has/:empty/:checked
// when a password field that keeps such state appears), and says so (the worker logs
// it). With `>>>` (policy/deep-select.ts) it also reports elements added inside shadow roots, open or
// closed (policy/deep-observer.ts). Removed with the sandbox.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { LIMITS } from '../../contracts/dom/ops';
import { hasShadowStep } from '../../contracts/dom/shadow-selector';
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpHandler } from '../op-context';
import { LIVE_PASSWORD_FACTS, checkSelector, passwordReading, selectorReadings } from '../policy/selector';
import { matchesDeep, selectAll } from '../policy/deep-select';
import { DeepObserver } from '../policy/deep-observer';
import { shadowRootsUnder } from '../policy/shadow';
import { descendants, queryInRoot } from '../policy/unclobbered';
import { reachableElement } from '../policy/password';

const MAX_OBSERVERS = 100;

export const observe: OpHandler<'observe'> = (op, ctx) => {
  checkSelector(op.sel, ctx.name, ctx.page);
  const remixletId = ctx.scope.id;
  if (ctx.subscriptions.countFor(remixletId, 'o') >= MAX_OBSERVERS) {
    throw new RemixletRefusal('TOO_MANY', `A remixlet may run at most ${MAX_OBSERVERS} observers on a page; observe a broader selector.`, ctx.name);
  }
  const readings = selectorReadings(op.sel);
  const deep = hasShadowStep(op.sel);
  const id = ctx.subscriptions.nextId('o');
  const reported = new WeakSet<Element>();
  const take = (el: Element, into: Element[]) => {
    // What typing adds inside a password editor (a line's element) is not reported (policy/password.ts).
    if (into.length < LIMITS.queryAllMax && !reported.has(el) && reachableElement(el)) {
      reported.add(el);
      into.push(el);
    }
  };
  const observer = new DeepObserver((records) => {
    if (passwordReading(readings, LIVE_PASSWORD_FACTS) !== undefined) {
      ctx.subscriptions.remove(remixletId, id);
      // Said, not silent: the worker writes it to the remixlet's log as a refusal.
      const refusal = new RemixletRefusal('SELECTOR_TESTS_PASSWORD', `${ctx.name}('${op.sel.slice(0, 100)}') stopped: a password field appeared, and while the page has one a selector may not depend on a field's value (the value attribute, or a state such as :invalid or :placeholder-shown), nor, while it has an editable password field or a password select, checkbox or radio button, use :has(), :empty or :checked. Observe a selector without them.`, ctx.name);
      ctx.subscriptions.emit({ kind: 'observerEnded', remixletId, observer: id, refusal: refusal.toJSON() });
      return;
    }
    const found: Element[] = [];
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element) || !node.isConnected) continue;
        if (!deep) {
          if (node.matches(op.sel)) take(node, found);
          for (const inner of node.querySelectorAll(op.sel)) take(inner, found);
          continue;
        }
        // What a document-wide query would find: the node, what is under it, and what is in the shadow roots there.
        const inRoots = shadowRootsUnder(node).flatMap((root) => queryInRoot(root, '*'));
        for (const el of [node, ...descendants(node), ...inRoots]) if (matchesDeep(el, op.sel, true)) take(el, found);
      }
    }
    if (!found.length) return;
    try {
      ctx.subscriptions.emit({ kind: 'observed', remixletId, observer: id, handles: found.map((el) => ctx.handles.handleOf(el)) });
    } catch {
      // The remixlet's handle table is full; it hears about these elements when it queries again.
    }
  });
  observer.observe(document, { childList: true, subtree: true }, deep);
  ctx.subscriptions.add(remixletId, id, () => observer.disconnect());
  const existing: Element[] = [];
  if (op.existing) for (const el of selectAll(document, op.sel, LIMITS.queryAllMax)) take(el, existing);
  return { observer: id, existing: existing.map((el) => ctx.handles.handleOf(el)) };
};
