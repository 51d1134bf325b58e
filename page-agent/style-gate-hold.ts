// Context: page agent's style gate (isolated world, document_start). Keeps what the page paints from being
// seen: a constructed sheet makes the root fully transparent and takes the canvas's background away, so the
// tab shows nothing of the page (Chromium reports no first contentful paint), while the page is parsed, laid
// out, run and focused as it always is: its scripts measure what they always measured, and autofocus and
// focus() work (visibility: hidden would drop both). Trusts nothing on the page; the page may take the sheet
// away, which only gives it back the flash it would have had without the gate.
import { STYLE_GATE_LIFT, STYLES_LANDED_FLAG, type GateWorld } from './style-gate-flag';

/** What the gate hides with: every box drawn transparent, and no background on the canvas. */
export const GATE_CSS = ':root { opacity: 0 !important; } :root, body { background: none !important; }';

/** The document as the gate uses it (a real Document in the page; a stand-in in unit tests). */
export interface GatedDocument {
  adoptedStyleSheets: readonly unknown[];
}

export interface GateDeps {
  world: GateWorld;
  doc: GatedDocument;
  makeSheet: (css: string) => unknown;
  /** Starts the gate's own bound, which lifts it by itself; returns a way to cancel that. */
  startBound: (lift: () => void) => () => void;
}

/**
 * Puts the gate up unless the worker's word already came or a gate is already up; it goes at the page
 * agent's lift or when its bound runs out, whichever is first. Returns whether it went up.
 */
export function holdFirstPaint({ world, doc, makeSheet, startBound }: GateDeps): boolean {
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
  let cancelBound = () => {};
  const lift = () => {
    if (lifted) return;
    lifted = true;
    cancelBound();
    try {
      doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
    } catch {
      // The page replaced the list; the gate's sheet went with it.
    }
  };
  world[STYLE_GATE_LIFT] = lift;
  cancelBound = startBound(lift);
  return true;
}
