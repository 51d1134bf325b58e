// Context: page agent's style gate, a content script in the page's isolated world (top frame only),
// registered at document_start before the page agent on the hosts of remixlets that have a style.css
// (worker/pages/registration.ts). The worker inserts each style.css when the document commits; on a quick
// page the first paint could come before that lands. The gate holds the first paint until the page agent
// hears from the worker that the styles are in (contracts/boundaries/style-gate.ts), or for at most
// STYLE_GATE.maxHoldMs. It reads nothing on the page and trusts nothing there.
import { STYLE_GATE } from '../contracts/boundaries/style-gate';
import { TEST_HOOKS } from '../contracts/build-flags';
import { holdFirstPaint } from './style-gate-hold';

if (window.top === window) {
  holdFirstPaint({
    world: globalThis as Record<string, unknown>,
    doc: document,
    makeSheet: (css) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      return sheet;
    },
    maxHoldMs: TEST_HOOKS ? STYLE_GATE.testMaxHoldMs : STYLE_GATE.maxHoldMs,
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
  });
}
