// Context: shared (pure, no zod). The style gate: on a page where a remixlet's style.css may apply, a small
// content script (page-agent/style-gate.ts) keeps the page from painting until the worker says that every
// style.css it inserts into this document has landed, so that the first paint already has them. The worker
// says so once per hello on the page agent's presence port (worker/pages/pages.ts); the page agent lifts the
// gate (page-agent/main.ts). Its own module because the gate and the page agent's first lines load no schema
// library: the message is one fixed value, compared by hand.

/** The worker's word, on the presence port, that the styles of this document are in (or that there are none). */
export const STYLES_LANDED = { remixletStylesLanded: true } as const;

/** Whether a presence-port message is exactly STYLES_LANDED. */
export function isStylesLanded(message: unknown): boolean {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return false;
  const keys = Object.keys(message);
  return keys.length === 1 && keys[0] === 'remixletStylesLanded' && (message as { remixletStylesLanded?: unknown }).remixletStylesLanded === true;
}

export const STYLE_GATE = {
  /**
   * The longest a page is kept from painting. The gate gives way by itself then, whatever the worker does,
   * so a worker that is slow to wake (or gone) costs a page at most this long and then the flash of its
   * unstyled first paint that it would have had without the gate. Chromium keeps showing the previous page
   * of a same-site navigation meanwhile (paint holding).
   */
  maxHoldMs: 500,
  /**
   * Test builds only: long enough that no end-to-end test passes because the gate gave way by itself, so a
   * worker that never answers shows as a page that does not paint.
   */
  testMaxHoldMs: 30_000,
} as const;
