// Context: page agent's style gate (isolated world, document_start). Keeps the page from painting: a
// constructed sheet makes the root and body invisible and takes their backgrounds away, so nothing is
// drawn, yet the page is laid out as it will be (its scripts measure what they always measured). Trusts
// nothing on the page; the page may take the sheet away, which only gives it back the flash it would have
// had without the gate.
import { STYLE_GATE_LIFT, STYLES_LANDED_FLAG } from './style-gate-flag';

/** What the gate hides with: no box is drawn, and neither is the canvas's background. */
export const GATE_CSS = ':root, body { visibility: hidden !important; background: none !important; }';

/** The document as the gate uses it (a real Document in the page; a stand-in in unit tests). */
export interface GatedDocument {
  adoptedStyleSheets: readonly unknown[];
}

export interface GateDeps {
  world: Record<string, unknown>;
  doc: GatedDocument;
  makeSheet: (css: string) => unknown;
  maxHoldMs: number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

/**
 * Puts the gate up unless the worker's word already came or a gate is already up; it goes at the page
 * agent's lift or after maxHoldMs, whichever is first. Returns whether it went up.
 */
export function holdFirstPaint({ world, doc, makeSheet, maxHoldMs, setTimer, clearTimer }: GateDeps): boolean {
  if (world[STYLES_LANDED_FLAG] === true || typeof world[STYLE_GATE_LIFT] === 'function') return false;
  let sheet: unknown;
  try {
    sheet = makeSheet(GATE_CSS);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  } catch {
    // A document that takes no constructed sheet paints as it would have without the gate.
    return false;
  }
  let lifted = false;
  const lift = () => {
    if (lifted) return;
    lifted = true;
    clearTimer(timer);
    try {
      doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
    } catch {
      // The page replaced the list; the gate's sheet went with it.
    }
  };
  const timer = setTimer(lift, maxHoldMs);
  world[STYLE_GATE_LIFT] = lift;
  return true;
}
