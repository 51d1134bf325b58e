// Context: background service worker. Pins every password field's size in each document a remixlet runs
// in, so that what is typed into one cannot change the page's layout, which h.rect(), h.computedStyle()
// and dom.observe read. A user-origin sheet with !important outranks every author rule, the page's own and
// inline styles included, and a remixlet cannot remove it (its CSS is author CSS, inserted after). The
// remixlet's own CSS may not name field-sizing at all (contracts/policy/stylesheet-check.ts); this sheet
// also covers a page that sizes its own password field to its content. Selects what CSS can see of the
// page agent's definition (page-agent/policy/password.ts): the type, and the autocomplete tokens.
// Trusts nothing from pages.

/**
 * The pinning sheet. `field-sizing: fixed` (every browser's default) keeps the field's own box from
 * following its content. `contain: layout` keeps what is inside from reaching the layout around it: the
 * field's baseline (which inline text, flex and grid baseline alignment follow) would otherwise move with
 * the fonts of the characters typed, one font per character (unicode-range) or a fallback font's taller
 * glyphs, even in a box of fixed size; contained, the baseline is taken from the box itself.
 */
export const PASSWORD_PIN_CSS = `input[type="password" i], [autocomplete~="current-password" i], [autocomplete~="new-password" i] { field-sizing: fixed !important; contain: layout !important; }`;

const pinned = new Set<string>();

/** Inserts the pinning sheet into the document once (again after a worker restart: a second copy is harmless). */
export async function pinPasswordFields(tabId: number, documentId: string): Promise<void> {
  const key = `${tabId}:${documentId}`;
  if (pinned.has(key)) return;
  pinned.add(key);
  try {
    await chrome.scripting.insertCSS({ target: { tabId, documentIds: [documentId] }, css: PASSWORD_PIN_CSS, origin: 'USER' });
  } catch {
    // The document went (or is not scriptable): nothing of a remixlet runs there either.
    pinned.delete(key);
  }
}

export function documentUnpinned(tabId: number, documentId: string): void {
  pinned.delete(`${tabId}:${documentId}`);
}
