// Context: background service worker. Pins every password field's size and font in each document a
// remixlet runs in, so that what is typed into one cannot change the page's layout, which h.rect(),
// h.computedStyle() and dom.observe read, nor which web fonts the page fetches. A user-origin sheet with !important outranks every author rule, the page's own and
// inline styles included, and a remixlet cannot remove it (its CSS is author CSS, inserted after). The
// remixlet's own CSS may not name field-sizing at all (contracts/policy/stylesheet-check.ts); this sheet
// also covers a page that sizes its own password field to its content. Selects what CSS can see of the
// page agent's definition (page-agent/policy/password.ts): the type, the autocomplete tokens, and the mark
// the page agent sets on a field it remembers as masked.
// Trusts nothing from pages.
import { PASSWORD_EDITOR_CSS, PASSWORD_FIELD_SELECTORS } from '../../contracts/dom/password-css';
import { benchMark } from '../../contracts/bench-marks';
import { BENCH_MARKS } from '../../contracts/build-flags';

/**
 * What CSS can see of a password field, each way one can be (a rule per way: a user sheet arrives once the
 * page is styled, and a rule like `:is(…) *` would then cost a 10,000-element page a second, slower style
 * pass; bench/real-page-keeps.bench.ts), and of a password editor (contenteditable): one spelling, shared
 * with the value-state guard.
 */
const FIELDS = PASSWORD_FIELD_SELECTORS;
const EDITOR = PASSWORD_EDITOR_CSS;
/**
 * A generic family: the browser draws it from the fonts installed on the machine, so no @font-face (the
 * page's or the remixlet's) can stand behind it and no glyph of what is typed makes a request.
 */
const PINNED_FONT = 'font-family: system-ui !important;';

/**
 * A text field scrolls its text as it outgrows the box, one step a keystroke: a scroll timeline named on the
 * field (and exported by timeline-scope) or an animation on it driven by its own scroll (scroll(self)) would
 * turn that into any element's size or the field's own style, and a scroll-state container would answer
 * whether it overflows. None may be had from a password field.
 */
const NO_SCROLL_TIMELINE = 'scroll-timeline: none !important; animation-timeline: auto !important; container-type: normal !important;';

/**
 * The pinning sheet, one rule per selector (a selector the browser does not know drops only its own rule).
 * - `field-sizing: fixed` (every browser's default) keeps the field's own box from following its content.
 * - `contain: layout` keeps what is inside from reaching the layout around it: the field's baseline (which
 *   inline text, flex and grid baseline alignment follow) would otherwise move with the fonts of the
 *   characters typed, one font per character (unicode-range) or a fallback font's taller glyphs, even in a
 *   box of fixed size; contained, the baseline is taken from the box itself.
 * - The font family, on the field, everything inside it, its first line and letter and the text field's
 *   inner container (each can be given a font of its own): a web font is fetched when a character it covers
 *   is drawn, so a font per character (unicode-range, or font files that each hold one glyph) would tell
 *   the font's host which characters were typed, or that the field is no longer empty (the mask's dot).
 * - An editable element (contenteditable) is as large as its text: `contain: size` sizes it as if empty.
 */
export const PASSWORD_PIN_CSS = [
  ...FIELDS.map((field) => `${field} { field-sizing: fixed !important; contain: layout !important; ${PINNED_FONT} ${NO_SCROLL_TIMELINE} }`),
  `${EDITOR} { contain: size layout !important; min-block-size: 1lh; overflow: clip !important; }`,
  ...[' *', '::first-line', ' *::first-line', '::first-letter', ' *::first-letter', '::-webkit-textfield-decoration-container', '::placeholder'].flatMap((tail) =>
    FIELDS.map((field) => `${field}${tail} { ${PINNED_FONT} }`),
  ),
].join('\n');

/** Each document's insertion, asked once: every caller waits for the same one (a second copy would be harmless, a caller that does not wait is not). */
const pinning = new Map<string, Promise<void>>();

/** Inserts the pinning sheet into the document once (again after a worker restart: a second copy is harmless); resolves once it is in. */
export function pinPasswordFields(tabId: number, documentId: string): Promise<void> {
  const key = `${tabId}:${documentId}`;
  let pinned = pinning.get(key);
  if (!pinned) {
    if (BENCH_MARKS) benchMark('w:pin-start');
    pinned = chrome.scripting.insertCSS({ target: { tabId, documentIds: [documentId] }, css: PASSWORD_PIN_CSS, origin: 'USER' }).catch(() => {
      // The document went (or is not scriptable): nothing of a remixlet runs there either.
      pinning.delete(key);
    });
    pinning.set(key, pinned);
    if (BENCH_MARKS) void pinned.then(() => benchMark('w:pin-done'));
  }
  return pinned;
}

export function documentUnpinned(tabId: number, documentId: string): void {
  pinning.delete(`${tabId}:${documentId}`);
}
