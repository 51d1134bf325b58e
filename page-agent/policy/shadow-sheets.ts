// Context: page agent. The `>>>` rules of a remixlet's stylesheet (contracts/dom/shadow-sheet.ts), each
// adopted as a constructed sheet into the shadow roots (open or closed) of the elements its host path
// finds, now and as the page adds more; a constructed sheet is not blocked by the page's CSP. Stopping
// takes every one back out. Trusts the rules' caller: dom.addStyle and style.css checked the whole sheet
// before it was split.
import type { ShadowRules } from '../../contracts/dom/shadow-sheet';
import { LIMITS } from '../../contracts/dom/ops';
import { selectAll } from './deep-select';
import { DeepObserver } from './deep-observer';
import { isValidSelector } from './selector';
import { shadowOf } from './shadow';

/** The first host selector that does not parse, if any: such rules could never apply. */
export function invalidHostSelector(rules: readonly ShadowRules[]): string | undefined {
  return rules.flatMap((r) => r.hosts).find((h) => !isValidSelector(h));
}

/** Adopts the rules into their shadow roots and keeps them there; the answer takes them out again. */
export function adoptIntoShadowRoots(rules: readonly ShadowRules[]): () => void {
  const sheets = rules
    .filter((r) => r.hosts.every(isValidSelector))
    .map((r) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(r.css);
      return { hosts: r.hosts.join(' >>> '), sheet };
    });
  const adopted = new Map<ShadowRoot, CSSStyleSheet[]>();
  const apply = () => {
    for (const { hosts, sheet } of sheets) {
      for (const host of selectAll(document, hosts, LIMITS.queryAllMax * 10)) {
        const root = shadowOf(host);
        if (!root) continue;
        const mine = adopted.get(root) ?? [];
        if (mine.includes(sheet)) continue;
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
        adopted.set(root, [...mine, sheet]);
      }
    }
  };
  apply();
  let queued = false;
  // Once per batch of changes, before the page paints them (a microtask after the observer's).
  const observer = new DeepObserver(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      apply();
    });
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    for (const [root, mine] of adopted) root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => !mine.includes(s));
    adopted.clear();
  };
}
