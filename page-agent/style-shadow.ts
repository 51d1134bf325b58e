// Context: page agent. The `>>>` rules of each remixlet's style.css, adopted into shadow roots
// (policy/shadow-sheets.ts) for as long as the worker keeps the style.css inserted: a sandbox's release does
// not take them (a style.css outlives its script's sandbox), the worker's css '' does. Trusts the worker, the
// only caller, for the css: it passed the style.css check there.
import { splitShadowSheet } from '../contracts/dom/shadow-sheet';
import { adoptIntoShadowRoots } from './policy/shadow-sheets';

const applied = new Map<string, { css: string; stop: () => void }>();

/** Whether any rule went into shadow roots; the same css again changes nothing. */
export function styleShadowRules(remixletId: string, css: string): boolean {
  const now = applied.get(remixletId);
  if (now && now.css === css) return true;
  now?.stop();
  applied.delete(remixletId);
  const { shadow } = splitShadowSheet(css);
  if (!shadow.length) return false;
  applied.set(remixletId, { css, stop: adoptIntoShadowRoots(shadow) });
  return true;
}
