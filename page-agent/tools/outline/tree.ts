// Context: page agent (isolated world). The page as a tree of one line per element, opened breadth first
// until the budget is spent, so every part of the page gets its first levels before any part gets its
// tenth: a menu, an ad slot, share buttons or a hidden widget stays one line; a run of look-alike siblings
// shows its first few and a count; a chain of wrappers reads as one `a > b > c` line; what was not opened
// says how many elements it holds. Password values never appear (lines.ts). Trusts the DOM only through
// unclobbered reads.
import { cleanText, isVisible } from '../describe';
import { childNodesOf, classesOf, elementCountWithin, localNameOf, textOf } from '../../policy/unclobbered';
import { shadowOf } from '../../policy/shadow';
import { uniqueSelector } from './unique-selector';
import { bytesOf, type Budget } from './budget';
import { LEAVES, SKIP, foldReason, foldedSummary, isTextBlock, label, ownText, wholeText } from './lines';

const SIBLINGS_SHOWN = 3;
const COMMENTS_SHOWN = 2;
const CHAIN = 5;
const INDENT_CAP = 20;

export interface TreeMarks {
  /** Elements the outline has named above (regions, the main content): a note instead of their insides. */
  named: Map<Element, string>;
  /** Elements never opened here (the main content, shown in its own section). */
  closed: Set<Element>;
}

interface Node {
  el: Element;
  head: string;
  /** Shown only while the node stays closed: what it holds. */
  tail: string;
  depth: number;
  hidden: boolean;
  openable: boolean;
  children?: Array<Node | string>;
}

function shape(el: Element): string {
  return `${localNameOf(el)}.${classesOf(el).sort().join('.')}`;
}

function elementChildren(el: Element): Element[] {
  return childNodesOf(el).filter((n): n is Element => n instanceof Element && !SKIP.has(localNameOf(n)));
}

/** A wrapper says nothing itself: no text of its own, one element inside. */
function wrapped(el: Element, marks: TreeMarks): Element | undefined {
  if (marks.named.has(el) || marks.closed.has(el)) return undefined;
  const inside = elementChildren(el);
  if (inside.length !== 1 || ownText(el, 1) || shadowOf(el)) return undefined;
  return inside[0];
}

export class PageTree {
  private structuredDataNoted = false;
  truncated = false;

  constructor(
    private readonly marks: TreeMarks,
    private readonly budget: Budget,
  ) {}

  private node(start: Element, depth: number, parentHidden: boolean): Node {
    let el = start;
    const chain: string[] = [];
    let fold = foldReason(el, parentHidden);
    for (let inner = fold ? undefined : wrapped(el, this.marks); inner && chain.length < CHAIN; inner = fold ? undefined : wrapped(el, this.marks)) {
      chain.push(label(el, false));
      el = inner;
      fold = foldReason(el, parentHidden);
    }
    const tag = localNameOf(el);
    const hidden = parentHidden || fold === 'hidden';
    const prefix = chain.length ? `${chain.join(' > ')} > ` : '';
    const head = `${prefix}${label(el)}`;
    const named = this.marks.named.get(el);
    if (fold) return { el, head: `${head} ${foldedSummary(el, fold)}${named ? ` ${named}` : ''}`, tail: '', depth, hidden, openable: false };
    if (LEAVES.has(tag)) {
      const text = wholeText(el, 80);
      return { el, head: `${head}${text ? ` "${text}"` : ''}`, tail: '', depth, hidden, openable: false };
    }
    if (this.marks.closed.has(el)) return { el, head: `${head} ${named ?? ''}`.trimEnd(), tail: '', depth, hidden, openable: false };
    const shadow = shadowOf(el);
    if (!shadow && isTextBlock(el)) {
      const text = wholeText(el, 120);
      return { el, head: `${head}${text ? ` "${text}"` : ''}${named ? ` ${named}` : ''}`, tail: '', depth, hidden, openable: false };
    }
    const text = ownText(el, 120);
    const count = elementCountWithin(el);
    return {
      el,
      head: `${head}${hidden && !parentHidden ? ' (hidden)' : ''}${text ? ` "${text}"` : ''}${named ? ` ${named}` : ''}`,
      tail: count ? ` (${count} element${count === 1 ? '' : 's'} inside)` : '',
      depth,
      hidden,
      openable: count > 0 || shadow !== null,
    };
  }

  private childrenOf(parent: Node): Array<Node | string> {
    const out: Array<Node | string> = [];
    let run: { shape: string; count: number } | undefined;
    let comments = 0;
    // A component's shadow root comes first, as the browser renders it; its children are the host's.
    const shadow = shadowOf(parent.el);
    const shadowChildren = shadow ? childNodesOf(shadow) : [];
    // With the selector into it: a model writes `host >>> …` (contracts/dom/shadow-selector.ts) from this line.
    if (shadow) out.push(`#shadow-root (${shadow.mode}): select inside it with "${uniqueSelector(parent.el)} >>> …"`);
    for (const child of [...shadowChildren, ...childNodesOf(parent.el)]) {
      if (child.nodeType === Node.COMMENT_NODE) {
        const text = cleanText(textOf(child) ?? '', 100);
        if (text && comments++ < COMMENTS_SHOWN) out.push(`<!-- ${text} -->`);
        continue;
      }
      if (!(child instanceof Element)) continue;
      if (SKIP.has(localNameOf(child))) {
        if (!this.structuredDataNoted && child instanceof HTMLScriptElement && child.type === 'application/ld+json') {
          this.structuredDataNoted = true;
          out.push('script[type="application/ld+json"] (structured data: read it with read_page_data source "structured_data")');
        }
        continue;
      }
      const s = shape(child);
      run = run && run.shape === s ? { shape: s, count: run.count + 1 } : { shape: s, count: 1 };
      if (run.count === SIBLINGS_SHOWN + 1) {
        const rest = elementChildren(parent.el).filter((c) => shape(c) === s).length - SIBLINGS_SHOWN;
        out.push(`… ${rest} more like the above (${label(child, false)}); query them with query_elements`);
      }
      if (run.count > SIBLINGS_SHOWN) continue;
      out.push(this.node(child, parent.depth + 1, parent.hidden));
    }
    return out;
  }

  private cost(items: Array<Node | string>, depth: number): number {
    const pad = 2 * Math.min(depth, INDENT_CAP);
    return items.reduce((sum, item) => sum + pad + bytesOf(typeof item === 'string' ? item : item.head + item.tail), 0);
  }

  /** Opens the tree from `root`, shallowest first, while the budget lasts; returns its lines. */
  lines(root: Element, indent: number): string[] {
    // A hidden element asked for by name is opened all the same: the model chose to look inside it.
    const rootHidden = !isVisible(root);
    const top = this.node(root, indent, rootHidden);
    if (rootHidden) top.head += ' (hidden)';
    this.budget.take(bytesOf(top.head + top.tail) + 2 * indent);
    const queue: Node[] = top.openable ? [top] : [];
    let misses = 0;
    while (queue.length && misses < 40) {
      const next = queue.shift()!;
      const items = this.childrenOf(next);
      const cost = this.cost(items, next.depth + 1);
      if (!this.budget.fits(cost, items.length)) {
        this.truncated = true;
        misses += 1;
        continue;
      }
      this.budget.take(cost, items.length);
      next.children = items;
      for (const item of items) if (typeof item !== 'string' && item.openable) queue.push(item);
    }
    if (queue.length) this.truncated = true;
    const out: string[] = [];
    const render = (n: Node): void => {
      const pad = '  '.repeat(Math.min(n.depth, INDENT_CAP));
      out.push(`${pad}${n.head}${n.children ? '' : n.tail}`);
      for (const c of n.children ?? []) {
        if (typeof c === 'string') out.push(`${pad}  ${c}`);
        else render(c);
      }
    };
    render(top);
    return out;
  }
}
