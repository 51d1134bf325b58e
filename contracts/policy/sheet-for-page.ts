// Context: shared (pure): the worker (style.css at insertion) and the page agent (dom.addStyle). Trusts
// nothing: the CSS is assistant-written; it has passed the checks (stylesheet-check.ts) before it gets here.
// The one way a remixlet's sheet is changed on its way into a page, so style.css and dom.addStyle cannot
// drift apart: its own custom properties renamed to the remixlet's, a background whose whole value is a
// var() of the page's written as a background-color (css-own-variables.ts), then every value-state
// pseudo-class guarded so that no password field can match it (value-selector.ts).
import { colorOnlyBackgrounds, ownVariablePrefix, privateOwnVariables } from './css-own-variables';
import { guardValueStates } from '../dom/value-selector';

/** The checked sheet as the page gets it; throws UnguardedValueState for a sheet the checks should have refused. */
export function sheetForPage(css: string, remixletId: string): string {
  return guardValueStates(colorOnlyBackgrounds(privateOwnVariables(css, ownVariablePrefix(remixletId))));
}
