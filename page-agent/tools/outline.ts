// Context: page agent (isolated world). A big page reaches the model as an outline, never as raw markup,
// and its first look has to say where things are: the page's regions, each named by a selector that finds
// it; the main content's headings and the starts of its paragraphs; then the page as a tree opened
// breadth first, with menus, ad slots, share buttons, hidden and off-screen widgets and runs of
// look-alike siblings folded into one line each. All of it within a budget of lines and bytes, so a first
// look costs a model's context a known amount. Hidden text is marked as hidden; password values never
// appear (outline/lines.ts). Asked for one element, it outlines that element alone, at the same budget.
import type { z } from 'zod';
import type { OutlineInput, OutlineOutput } from '../../contracts/assistant/tools';
import { RemixletRefusal } from '../../contracts/refusals';
import { cleanText, isVisible } from './describe';
import { assistantQueryAll } from './selector';
import { contains, elementCountWithin, localNameOf, queryWithin } from '../policy/unclobbered';
import { Budget } from './outline/budget';
import { contentLines } from './outline/content';
import { findMainContent } from './outline/main-content';
import { findRegions, type Region } from './outline/regions';
import { PageTree, type TreeMarks } from './outline/tree';
import { uniqueSelector } from './outline/unique-selector';

const DEFAULT_LINES = 400;
/** A first look stays under 24 KB with its JSON around it (quotes and line breaks are escaped there). */
const BYTES_PER_LINE = 52;
const MIN_BYTES = 21_000;

function regionLine(kind: string, el: Element, selector: string): string {
  const count = elementCountWithin(el);
  const links = queryWithin(el, 'a').length;
  return `  ${kind} \`${selector}\` (${localNameOf(el)}, ${count} elements${links ? `, ${links} links` : ''})`;
}

function contentSummary(main: Element): string {
  const headings = queryWithin(main, 'h1, h2, h3, h4, h5, h6').length;
  const paragraphs = queryWithin(main, 'p').length;
  return `${headings} heading${headings === 1 ? '' : 's'}, ${paragraphs} paragraph${paragraphs === 1 ? '' : 's'}`;
}

function firstLook(root: Element, budget: Budget): { lines: string[]; truncated: boolean } {
  const lines: string[] = [];
  // A page hidden as a whole until its scripts run (an anti-flicker stylesheet) still has a layout to show.
  const all = !isVisible(root);
  const regions: Region[] = findRegions(root, all);
  const main = findMainContent(root, all);
  const marks: TreeMarks = { named: new Map(), closed: new Set() };

  const regionBudget = budget.part(0.15);
  const regionLines: string[] = [];
  let mainSelector: string | undefined;
  if (main) {
    mainSelector = uniqueSelector(main);
    if (main !== root) {
      marks.closed.add(main);
      marks.named.set(main, '[main content: shown above]');
    }
    regionBudget.add(regionLines, `  main content \`${mainSelector}\` (${localNameOf(main)}: ${contentSummary(main)})`);
  }
  for (const r of regions) {
    // A "header" or "sidebar" that holds the article is a page wrapper named loosely: a model that hid it
    // would hide the article.
    if (r.el === main || (main && r.kind !== 'main' && contains(r.el, main))) continue;
    const selector = uniqueSelector(r.el);
    if (!regionBudget.add(regionLines, regionLine(r.kind, r.el, selector))) break;
    marks.named.set(r.el, `[${r.kind} \`${selector}\`]`);
  }
  budget.spend(regionBudget);
  if (regionLines.length) {
    budget.take(100);
    lines.push('Regions (each selector finds that one element; outline_page with it as "selector" opens it):', ...regionLines);
  }

  if (main && mainSelector) {
    budget.take(100);
    const contentBudget = budget.part(0.55);
    lines.push(`Main content \`${mainSelector}\` (headings, and the start of each paragraph):`, ...contentLines(main, contentBudget, all));
    budget.spend(contentBudget);
  }

  budget.take(120);
  const tree = new PageTree(marks, budget);
  lines.push('Page (one line per element; "N elements inside" was not opened, outline_page with a selector opens it):', ...tree.lines(root, 0));
  return { lines, truncated: tree.truncated };
}

export function outline(input: z.infer<typeof OutlineInput>): z.infer<typeof OutlineOutput> {
  const maxLines = input.maxNodes ?? DEFAULT_LINES;
  const budget = new Budget(maxLines, Math.max(MIN_BYTES, maxLines * BYTES_PER_LINE));
  const root = input.selector ? assistantQueryAll(input.selector, 'outline_page')[0] : document.body ?? document.documentElement;
  if (!root) throw new RemixletRefusal('NOT_FOUND', `Nothing matches ${JSON.stringify(input.selector)}.`, 'outline_page');
  let result: { lines: string[]; truncated: boolean };
  if (input.selector) {
    const tree = new PageTree({ named: new Map(), closed: new Set() }, budget);
    result = { lines: tree.lines(root, 0), truncated: tree.truncated };
  } else {
    result = firstLook(root, budget);
  }
  return { url: location.href, title: cleanText(document.title, 200), outline: result.lines.join('\n'), lines: result.lines.length, truncated: result.truncated };
}
