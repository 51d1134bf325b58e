// Context: page agent (isolated world). The main content as a model needs it first: every heading, the
// start of each of the first paragraphs, then the first paragraph under each later heading; ads, share
// buttons, menus and tables inside it folded to one line. Flat, in document order, so a model sees the
// article's shape without its wrappers. Trusts the DOM only through unclobbered reads.
import { checkVisibilityOf, localNameOf, parentElementOf, queryWithin } from '../../policy/unclobbered';
import { bytesOf, type Budget } from './budget';
import { isAdSlot, isShareBox } from './kinds';
import { BLOCKS, HEADINGS, SKIP, foldedSummary, isMenu, isTextBlock, label, textRuns, wholeText } from './lines';

const FIRST_PARAGRAPHS = 30;
const LIST_ITEMS_SHOWN = 3;

interface Item {
  kind: 'heading' | 'paragraph' | 'note';
  line: string;
  /** A paragraph right after a heading opens its section and is shown even late in the article. */
  opensSection?: boolean;
}

// Preformatted text keeps its lines: a longer start shows the first few of them.
const PRE_START = 600;
const START = 110;
/** A paragraph of more than this many `<br>`-separated lines reads as that many paragraphs. */
const BREAKS = 2;

function collect(main: Element, all: boolean): Item[] {
  const visible = (el: Element) => all || checkVisibilityOf(el, { checkOpacity: true, checkVisibilityCSS: true });
  const items: Item[] = [];
  let afterHeading = true;
  const listShown = new Map<Element, number>();
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_ELEMENT, {
    acceptNode: (n) => (SKIP.has(localNameOf(n as Element)) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  let el = walker.nextNode() as Element | null;
  const skipChildren = (): Element | null => {
    // Next element after this one's subtree.
    let next: Node | null = walker.nextSibling();
    while (!next) {
      const up = walker.parentNode();
      if (!up || up === main) return null;
      next = walker.nextSibling();
    }
    return next as Element;
  };
  while (el) {
    const tag = localNameOf(el);
    if (HEADINGS.has(tag)) {
      if (visible(el)) {
        const text = wholeText(el, 150);
        if (text) items.push({ kind: 'heading', line: `${tag} "${text}"` });
        afterHeading = true;
      }
      el = skipChildren();
      continue;
    }
    const fold = isAdSlot(el) ? 'ad slot' : isShareBox(el) ? 'share buttons' : (tag === 'ul' || tag === 'ol' || tag === 'nav') && isMenu(el) ? 'menu' : tag === 'table' ? 'table' : undefined;
    if (fold) {
      if (visible(el)) items.push({ kind: 'note', line: `${label(el, false)} ${foldedSummary(el, fold)}` });
      el = skipChildren();
      continue;
    }
    if (!BLOCKS.has(tag) && tag !== 'body') {
      // Inline text belongs to the block around it (its loose text, below); an inline element with blocks
      // inside (a page's custom element) is walked into.
      el = isTextBlock(el) ? skipChildren() : (walker.nextNode() as Element | null);
      continue;
    }
    if (isTextBlock(el)) {
      if (visible(el)) {
        const text = wholeText(el, tag === 'pre' ? PRE_START : START);
        const list = tag === 'li' ? parentElementOf(el) : null;
        const shownOfList = list ? (listShown.get(list) ?? 0) : 0;
        if (list) listShown.set(list, shownOfList + 1);
        if (text && shownOfList < LIST_ITEMS_SHOWN) {
          const block = el;
          const parts = tag !== 'pre' && queryWithin(block, ':scope > br').length >= BREAKS ? textRuns(block, true, START) : [text];
          parts.forEach((part, i) => items.push({ kind: 'paragraph', line: `${i ? '↳' : label(block, false)} "${part}"`, opensSection: afterHeading && i === 0 }));
          afterHeading = false;
        } else if (text && shownOfList === LIST_ITEMS_SHOWN) {
          const more = queryWithin(list!, ':scope > li').length - LIST_ITEMS_SHOWN;
          items.push({ kind: 'note', line: `… ${more} more list items` });
        }
      }
      el = skipChildren();
      continue;
    }
    // Text and inline elements written straight into a container beside its blocks: Readability's "div to p".
    const loose = textRuns(el, false, START);
    if (loose.length && visible(el)) {
      for (const run of loose) items.push({ kind: 'paragraph', line: `${label(el, false)} "${run}"`, opensSection: afterHeading });
      afterHeading = false;
    }
    el = walker.nextNode() as Element | null;
  }
  return items;
}

/** The main content's lines, spending `budget`; `all` when the page is hidden as a whole (see outline.ts). */
export function contentLines(main: Element, budget: Budget, all: boolean): string[] {
  const items = collect(main, all);
  const out: string[] = [];
  let paragraphs = 0;
  let skipped = 0;
  const flush = (): boolean => {
    if (!skipped) return true;
    const ok = budget.add(out, `  … ${skipped} more paragraph${skipped === 1 ? '' : 's'}`);
    skipped = 0;
    return ok;
  };
  // Headings come first in what the budget keeps: their bytes are held back while paragraphs spend.
  let reserved = items.reduce((sum, item) => sum + (item.kind === 'heading' ? bytesOf(`  ${item.line}`) : 0), 0);
  reserved = Math.min(reserved, Math.floor(budget.maxBytes * 0.6));
  for (const item of items) {
    if (item.kind === 'paragraph') {
      paragraphs += 1;
      if (paragraphs > FIRST_PARAGRAPHS && !item.opensSection) {
        skipped += 1;
        continue;
      }
    }
    if (item.kind === 'note' && paragraphs > FIRST_PARAGRAPHS) continue;
    const line = `  ${item.line}`;
    if (item.kind === 'heading') reserved = Math.max(0, reserved - bytesOf(line));
    else if (!budget.fits(bytesOf(line) + reserved)) {
      skipped += item.kind === 'paragraph' ? 1 : 0;
      continue;
    }
    if (!flush() || !budget.add(out, line)) {
      out.push(`  … more in the main content: outline_page or query_elements with its selector`);
      return out;
    }
  }
  flush();
  return out;
}
