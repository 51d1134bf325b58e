// Context: page agent (isolated world). Where the page's article is: the container that gathers the most
// prose (long, comma-rich paragraphs that are not links), scored the way Mozilla Readability scores it,
// in a form cheap enough to run on every first look. A page's markup decides the answer; a wrong answer
// costs only the outline's emphasis, since the rest of the page is still outlined below it.
import { cleanText } from '../describe';
import { checkVisibilityOf, childElementsOf, closestOf, contains, localNameOf, parentElementOf, queryWithin, textOf } from '../../policy/unclobbered';
import { namesOf } from './kinds';

const PARAGRAPHS = 'p, pre, td, blockquote, div, section';
const BLOCKS = new Set(['address', 'article', 'aside', 'blockquote', 'div', 'dl', 'fieldset', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'ul']);
const UNLIKELY = /(^| )(comment|comments|disqus|footer|foot|sidebar|side|rail|widget|sponsor|ad|ads|advert|promo|related|share|social|menu|nav|masthead|header|banner|popup|modal|cookie|newsletter|subscribe|breadcrumbs?|pagination|shopping)( |$)/;
const LIKELY = /(^| )(article|body|content|entry|main|page|post|text|blog|story|prose|hentry|markdown)( |$)/;

function weightOf(el: Element): number {
  let w = 0;
  for (const name of namesOf(el)) {
    if (UNLIKELY.test(name)) w -= 25;
    if (LIKELY.test(name)) w += 25;
  }
  return Math.max(-50, Math.min(50, w));
}

function baseScore(el: Element): number {
  switch (localNameOf(el)) {
    case 'div':
    case 'article':
    case 'main':
      return 5;
    case 'pre':
    case 'td':
    case 'blockquote':
      return 3;
    case 'ol':
    case 'ul':
    case 'dl':
    case 'li':
    case 'form':
    case 'address':
      return -3;
    default:
      return 0;
  }
}

/** A div or section counts as a paragraph only when it holds no block of its own (Readability's "div to p"). */
function isParagraph(el: Element): boolean {
  const tag = localNameOf(el);
  if (tag !== 'div' && tag !== 'section') return true;
  return !childElementsOf(el).some((c) => BLOCKS.has(localNameOf(c)));
}

function linkDensity(el: Element, textLength: number): number {
  if (!textLength) return 0;
  let links = 0;
  for (const a of queryWithin(el, 'a')) links += (textOf(a) ?? '').trim().length;
  return Math.min(1, links / textLength);
}

/** The element that holds the page's main prose, or undefined on a page without any. `all`: count hidden paragraphs too. */
export function findMainContent(root: Element, all = false): Element | undefined {
  // Readability first sets aside what is unlikely to be the article (comments, sidebars, menus, footers),
  // so a thread of a thousand comments does not outweigh the article above it; only when that leaves no
  // prose at all (a page wrapped whole in a .has-sidebar container) is everything counted.
  return bestContainer(root, all, true) ?? bestContainer(root, all, false);
}

const UNLIKELY_CONTAINERS = [
  'aside', 'nav', 'footer', '[role=complementary]', '[role=navigation]', '[role=contentinfo]',
  '[id*=comment i]', '[class*=comment i]', '[id*=sidebar i]', '[class*=sidebar i]', '[id*=disqus i]',
].map((s) => `${s}:not(body):not(html)`).join(', ');

function bestContainer(root: Element, all: boolean, setAside: boolean): Element | undefined {
  const scores = new Map<Element, number>();
  const add = (el: Element, score: number): void => {
    if (!scores.has(el)) scores.set(el, baseScore(el) + weightOf(el));
    scores.set(el, scores.get(el)! + score);
  };
  for (const p of queryWithin(root, PARAGRAPHS)) {
    if (!isParagraph(p)) continue;
    const raw = textOf(p) ?? '';
    if (raw.length < 25) continue;
    const text = cleanText(raw, 2_000);
    if (text.length < 25) continue;
    if (!all && !checkVisibilityOf(p, { checkOpacity: true, checkVisibilityCSS: true })) continue;
    if (setAside && closestOf(p, UNLIKELY_CONTAINERS)) continue;
    const score = 1 + (text.match(/[,，、]/g)?.length ?? 0) + Math.min(Math.floor(text.length / 100), 3);
    let up = parentElementOf(p);
    for (let level = 0; up && level < 5; level++, up = parentElementOf(up)) {
      if (localNameOf(up) === 'html') break;
      add(up, level === 0 ? score : level === 1 ? score / 2 : score / (level * 3));
    }
  }
  // Link density is dear to measure: only for the leading candidates.
  const leading = [...scores]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([el, raw]) => [el, raw * (1 - linkDensity(el, (textOf(el) ?? '').trim().length))] as const)
    .sort((a, b) => b[1] - a[1]);
  if (!leading.length || leading[0]![1] <= 0) return undefined;
  let [best, bestScore] = leading[0]!;
  // Readability's two climbs: to the ancestor that holds three of the close runners-up (an article split
  // into several blocks), then up while the parent scores higher than the element itself.
  const close = leading.slice(1).filter(([, s]) => s >= bestScore * 0.75).map(([el]) => el);
  if (close.length >= 2) {
    for (let up = parentElementOf(best); up && localNameOf(up) !== 'body' && localNameOf(up) !== 'html'; up = parentElementOf(up)) {
      if (close.filter((c) => contains(up!, c)).length >= 2) {
        best = up;
        break;
      }
    }
  }
  // Never up to the body: every paragraph's score reaches it, so it would win on any long page.
  for (let up = parentElementOf(best); up && localNameOf(up) !== 'body' && localNameOf(up) !== 'html' && (scores.get(up) ?? 0) > (scores.get(best) ?? 0); up = parentElementOf(up)) {
    best = up;
  }
  bestScore = scores.get(best) ?? bestScore;
  // The page's own main landmark, when there is one and it holds the candidate, knows better than a thin
  // candidate (two paragraphs or fewer) that holds less than half of its text: a page of feature cards, a
  // section front of headlines.
  const thin = queryWithin(best, 'p').length < 3;
  const mains = queryWithin(root, 'main, [role=main]').filter((m) => all || checkVisibilityOf(m, { checkOpacity: true, checkVisibilityCSS: true }));
  const landmark = mains.length === 1 ? mains[0]! : undefined;
  if (thin && landmark && landmark !== best && contains(landmark, best) && (textOf(best) ?? '').trim().length < 0.5 * (textOf(landmark) ?? '').trim().length) return landmark;
  // Readability keeps the best candidate's siblings that score well too; the outline names one element, so
  // it takes the parent when a sibling holds prose of the same weight.
  const parent = parentElementOf(best);
  if (parent && localNameOf(parent) !== 'body') {
    const siblings = childElementsOf(parent).filter((s) => s !== best && (scores.get(s) ?? 0) >= Math.max(10, bestScore * 0.2));
    if (siblings.length > 0) return parent;
  }
  return best;
}
