// Context: page agent. dom.addStyle(css): a stylesheet that may load nothing (checked on tokens, var()
// in a property that can load included, unless it names a property the sheet defines: then it is renamed
// to the remixlet's own, contracts/policy/css-own-variables.ts), may not read a field's value with attr() nor size a field by its
// content (checked with the load rule), and may never have a selector that a password's value could make
// match (the value attribute, :dir(), a state in an at-rule prelude): a rule that sizes or styles an element
// by the value could be read back through h.rect() or h.computedStyle(). Value states a guard covers
// (:invalid, :placeholder-shown, …) go in guarded (contracts/policy/sheet-for-page.ts): never true of a
// password field. Both hold on every page, not only while it has a password field, on purpose: a sheet
// added before a login form appears (a single-page app's sign-in modal) is already live when the field is
// inserted, and the page renders the rule before any check of ours could run. Adopted as a constructed sheet, which the page's CSP does not block and
// the page's HTML does not show; removed with the sandbox. Rules with `>>>` (`my-card >>> .title { … }`)
// go into the shadow roots they name (policy/shadow-sheets.ts), checked with the rest of the sheet first.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { GUARDED_HINT, UnguardedValueState } from '../../contracts/dom/value-selector';
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpHandler } from '../op-context';
import { checkScriptCss } from '../policy/inline-css';
import { sheetForPage } from '../../contracts/policy/sheet-for-page';
import { splitShadowSheet } from '../../contracts/dom/shadow-sheet';
import { SHADOW_STEP_HOW } from '../../contracts/dom/shadow-selector';
import { adoptIntoShadowRoots, invalidHostSelector } from '../policy/shadow-sheets';

const MAX_SHEETS = 2_000;
const MAX_TOTAL_CHARS = 2_000_000;
const added = new Map<string, number>();

export const addStyle: OpHandler<'addStyle'> = (op, ctx) => {
  checkScriptCss(op.css, ctx.name, 'This stylesheet', true);
  const remixletId = ctx.scope.id;
  // The sheet as the page gets it; its reading of the selectors is also the value check (one parse, not two).
  let pageCss: string;
  try {
    pageCss = sheetForPage(op.css, remixletId);
  } catch (e) {
    if (!(e instanceof UnguardedValueState)) throw e;
    throw new RemixletRefusal(
      'SELECTOR_TESTS_PASSWORD',
      `The selector ${e.rule.selector.slice(0, 100)} depends on a form field's value (${e.rule.test}), which a stylesheet may never do (a password field could appear later); add a class from script.js (h.addClass) and style that class instead${GUARDED_HINT}.`,
      ctx.name,
    );
  }
  const total = (added.get(remixletId) ?? 0) + op.css.length;
  if (ctx.subscriptions.countFor(remixletId, 's') >= MAX_SHEETS || total > MAX_TOTAL_CHARS) {
    throw new RemixletRefusal('TOO_MANY', `A remixlet may add at most ${MAX_SHEETS} stylesheets (${MAX_TOTAL_CHARS} characters in all) to a page; combine them, or use style.css.`, ctx.name);
  }
  // Renamed first, so the document's rules and those adopted into shadow roots read the same own names.
  const split = splitShadowSheet(pageCss);
  const badHost = invalidHostSelector(split.shadow);
  if (badHost !== undefined) {
    throw new RemixletRefusal('SELECTOR_INVALID', `${JSON.stringify(badHost.slice(0, 100))}, before a ">>>" in this stylesheet, is not a valid CSS selector; ${SHADOW_STEP_HOW}.`, ctx.name);
  }
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(split.documentCss);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  const unadopt = split.shadow.length ? adoptIntoShadowRoots(split.shadow) : undefined;
  const id = ctx.subscriptions.nextId('s');
  added.set(remixletId, total);
  ctx.subscriptions.add(remixletId, id, () => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    unadopt?.();
    added.set(remixletId, Math.max(0, (added.get(remixletId) ?? 0) - op.css.length));
  });
  return null;
};
