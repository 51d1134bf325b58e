// Context: page agent's style gate, a content script in the page's isolated world (top frame only),
// registered at document_start before the page agent on the hosts of remixlets that have a style.css
// (worker/pages/registration.ts). The worker inserts each style.css when the document commits; on a quick
// page the first paint could come before that lands. The gate keeps the page from being seen until the page
// agent hears from the worker that the styles are in (contracts/boundaries/style-gate.ts), or for at most
// STYLE_GATE.maxHoldMs of the page being shown. It reads nothing on the page and trusts nothing there.
import { STYLE_GATE } from '../contracts/boundaries/style-gate';
import { TEST_HOOKS } from '../contracts/build-flags';
import { holdFirstPaint } from './style-gate-hold';
import type { GateWorld } from './style-gate-flag';

const maxHoldMs = TEST_HOOKS ? STYLE_GATE.testMaxHoldMs : STYLE_GATE.maxHoldMs;

/**
 * The bound counts from when the page is shown: a prerendered page says hello (and so hears from the worker)
 * only once it is, and its bound must not run out unseen before that.
 */
function startBound(lift: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => void (timer = setTimeout(lift, maxHoldMs));
  if ((document as { prerendering?: boolean }).prerendering) document.addEventListener('prerenderingchange', start, { once: true });
  else start();
  return () => {
    document.removeEventListener('prerenderingchange', start);
    clearTimeout(timer);
  };
}

if (window.top === window) {
  holdFirstPaint({
    world: globalThis as GateWorld,
    doc: document,
    makeSheet: (css) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      return sheet;
    },
    startBound,
  });
}
