// Context: page agent (isolated world). How one element reads as one outline line: its label (tag, id,
// classes, telling attributes), its text, and what it plainly is when it is folded (hidden, off-screen,
// a menu, an ad slot, share buttons). Password values never appear: text is read without them.
// Trusts the DOM only through unclobbered reads.
import { attrsOf, cleanText, isVisible } from '../describe';
import { ownTextWithoutPasswords, textWithoutPasswords } from '../../policy/password-text';
import { childNodesOf, classesOf, elementCountWithin, idOf, localNameOf, queryWithin, rectOf, textOf } from '../../policy/unclobbered';
import { isAdSlot, isShareBox } from './kinds';

export const SKIP = new Set(['script', 'style', 'noscript', 'template', 'link', 'meta', 'head', 'br', 'wbr']);
/** Shown as one line with all their text, never opened: an icon's paths and a frame's insides say nothing. */
export const LEAVES = new Set(['svg', 'iframe', 'video', 'audio', 'canvas', 'object', 'embed', 'math', 'select']);
/** Elements that start a block of their own; anything else (spans, links, a page's own custom tags) runs inline. */
export const BLOCKS = new Set(['address', 'article', 'aside', 'blockquote', 'details', 'dialog', 'dd', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'li', 'main', 'menu', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'caption', 'ul', 'iframe', 'video', 'audio', 'canvas']);
const FIELDS = 'input, select, textarea, button';
export const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** `tag#id.class.class [attr="value" …]`: the same label the outline has always shown. */
export function label(el: Element, withAttrs = true): string {
  let s = localNameOf(el);
  const id = idOf(el);
  if (id) s += `#${id}`;
  for (const c of classesOf(el).slice(0, 4)) s += `.${c}`;
  if (!withAttrs) return s;
  const attrs = attrsOf(el);
  delete attrs.id;
  delete attrs.class;
  delete attrs.style;
  const shown = Object.entries(attrs)
    .filter(([k]) => !k.startsWith('data-'))
    .slice(0, 4)
    .map(([k, v]) => `${k}="${cleanText(v, 80)}"`);
  return shown.length ? `${s} [${shown.join(' ')}]` : s;
}

/** The text of the element itself (its own text nodes); an SVG text element's whole text. */
export function ownText(el: Element, max: number): string {
  const text = el instanceof SVGElement && localNameOf(el) === 'text' ? textWithoutPasswords(el) : ownTextWithoutPasswords(el);
  return cleanText(text, max);
}

/** All of an element's text, its descendants' included, without password fields' text. */
export function wholeText(el: Element, max: number): string {
  return cleanText(textWithoutPasswords(el), max);
}

/** A paragraph-like element: it has text and every child is inline, so its whole text reads as one line. */
export function isTextBlock(el: Element): boolean {
  const tag = localNameOf(el);
  if (tag === 'ul' || tag === 'ol' || tag === 'table' || tag === 'tbody' || tag === 'tr' || tag === 'dl' || tag === 'select') return false;
  for (const c of queryWithin(el, ':scope > *')) if (BLOCKS.has(localNameOf(c))) return false;
  // A form's fields are what a model acts on: a block that holds one is opened, each field a line.
  if (tag !== 'p' && queryWithin(el, FIELDS).length) return false;
  return (textOf(el) ?? '').trim().length > 0;
}

export function isOffscreen(el: Element): boolean {
  const r = rectOf(el);
  return r.right + scrollX <= 0 || r.bottom + scrollY <= 0;
}

/** Why an element is folded into one line rather than opened, or undefined when it is worth opening. */
export function foldReason(el: Element, parentHidden: boolean): string | undefined {
  if (!parentHidden && !isVisible(el)) return 'hidden';
  if (parentHidden) return undefined;
  if (isOffscreen(el)) return 'off-screen';
  if (isAdSlot(el)) return 'ad slot';
  if (isShareBox(el)) return 'share buttons';
  if (isMenu(el)) return 'menu';
  return undefined;
}

/** A list of links: most of its text is link text and it has a handful of links at least. */
export function isMenu(el: Element): boolean {
  const tag = localNameOf(el);
  if (tag !== 'ul' && tag !== 'ol' && tag !== 'nav' && tag !== 'menu' && tag !== 'div') return false;
  const links = queryWithin(el, 'a');
  if (links.length < 6) return false;
  const text = (textOf(el) ?? '').replace(/\s+/g, '').length;
  let linked = 0;
  for (const a of links) linked += (textOf(a) ?? '').replace(/\s+/g, '').length;
  return text > 0 && linked / text > 0.7;
}

/** What a folded element holds, in a few words: its size and, for a menu, its first links. */
export function foldedSummary(el: Element, reason: string): string {
  const count = elementCountWithin(el);
  const links = queryWithin(el, 'a');
  const parts = [reason, `${count} element${count === 1 ? '' : 's'}`];
  if (links.length) parts.push(`${links.length} link${links.length === 1 ? '' : 's'}`);
  let sample = '';
  if (reason === 'menu') {
    sample = links
      .slice(0, 6)
      .map((a) => cleanText(textOf(a) ?? '', 30))
      .filter(Boolean)
      .join(' · ');
  } else if (reason === 'hidden' || reason === 'off-screen') {
    sample = wholeText(el, 80);
  }
  return `(${parts.join(', ')}${sample ? `: "${sample}"` : ''})`;
}

/**
 * The runs of text an element holds between its blocks (and, with `atBreaks`, between line breaks): what a
 * reader sees as separate paragraphs where a page wrote text and inline elements straight into a container,
 * or one paragraph of `<br>`-separated lines.
 */
export function textRuns(el: Element, atBreaks: boolean, max: number): string[] {
  const runs: string[] = [];
  let run = '';
  const end = () => {
    const text = cleanText(run, max);
    if (text.length >= 3) runs.push(text);
    run = '';
  };
  for (const n of childNodesOf(el)) {
    if (n.nodeType === Node.TEXT_NODE) run += (n as Text).data;
    if (!(n instanceof Element)) continue;
    const tag = localNameOf(n);
    if (SKIP.has(tag) && !(tag === 'br' && atBreaks)) continue;
    if (tag === 'br' || BLOCKS.has(tag) || !isTextBlock(n)) end();
    else run += ` ${textWithoutPasswords(n)} `;
  }
  end();
  return runs;
}
