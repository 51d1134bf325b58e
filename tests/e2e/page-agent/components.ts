// Shared by the specs on components.test (shadow-dom.spec.ts, router-on-demand.spec.ts): a style.css whose rules
// reach into closed shadow roots with `>>>`, and a read inside a component's root from the page's own world.
import type { Page } from '@playwright/test';

/** Titles inside news cards and the brand in the document, and comments two roots deep. */
export const COMPONENTS_STYLE = `news-card >>> .title, .brand { color: rgb(1, 2, 3) }
news-card >>> comment-list >>> .comment { font-style: italic }`;

/** Reads inside a component's root from the page's own world, as its own code can (components.js keeps the reference). */
export function inRoot<T>(page: Page, hostSel: string, fn: string): Promise<T> {
  return page.evaluate(
    ([h, f]) => {
      const root = (window as unknown as { componentRoot: (el: Element) => ShadowRoot }).componentRoot(document.querySelector(h)!);
      return new Function('root', f)(root) as T;
    },
    [hostSel, fn] as const,
  );
}
