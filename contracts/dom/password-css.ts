// Context: shared (pure): the worker's pin sheet (worker/pages/password-pin.ts) and the value-state guard every
// remixlet sheet gets on its way into a page (value-selector.ts, guardValueStates). Trusts nothing.
// What CSS can see of a password field as the page agent defines one (page-agent/policy/password.ts): its
// type, its autocomplete tokens, and the mark the page agent puts on a text field it remembers as masked.
// One spelling, so the pin and the guard can never disagree about which fields they cover.

/**
 * The attribute the page agent sets on a text field it remembers as masked, for the worker's pin sheet
 * (page-agent/policy/password.ts, worker/pages/password-pin.ts). A selector may not test it, as it may not test the
 * value (value-selector.ts): it is the extension's own note about a password field, not the page's.
 */
export const MASKED_MARK = 'data-rmx-masked';

/**
 * A form control that is a password field, as CSS sees it (the mark goes on a masked field at focus): each
 * way it can be one, as a selector of its own. The pin sheet writes a rule per way (worker/pages/password-pin.ts):
 * a descendant rule whose ancestor is one plain compound lets the browser rule out every other element at once,
 * where one behind `:is()` walks every element's ancestors.
 */
export const PASSWORD_FIELD_SELECTORS: readonly string[] = [
  'input[type="password" i]',
  '[autocomplete~="current-password" i]',
  '[autocomplete~="new-password" i]',
  `input[${MASKED_MARK}]`,
  `textarea[${MASKED_MARK}]`,
];

/** The same, as one selector. */
export const PASSWORD_FIELD_CSS = `:is(${PASSWORD_FIELD_SELECTORS.join(', ')})`;

/** An editable element (contenteditable) that names a password: what is typed is its own text and children. */
export const PASSWORD_EDITOR_CSS = ':is([autocomplete~="current-password" i], [autocomplete~="new-password" i]):not(input, textarea, select)';

/**
 * Put in front of every value-state pseudo-class (`:invalid`, `:placeholder-shown`, …) of a remixlet's sheet:
 * the state may then be true only of a form control that is no password field and lies in no password
 * editor. A form, a fieldset and a form-associated custom element are left out too, since their validity
 * follows their fields' (a password's length among them). Inside `:not()` the guarded test becomes
 * constant for a password field (`:not(:placeholder-shown)` matches it always), so no way of writing the
 * selector turns what is typed into a match.
 */
export const VALUE_STATE_GUARD = `:is(input, textarea, select):not(${PASSWORD_FIELD_CSS}, ${PASSWORD_EDITOR_CSS} *)`;
