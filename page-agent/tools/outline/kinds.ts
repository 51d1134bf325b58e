// Context: page agent (isolated world). What an element plainly is, read from its tag, role and the
// words of its id and classes: a landmark region, a menu, an ad slot, share buttons. The outline lists
// regions and folds the rest into one line each. Trusts the DOM only through unclobbered reads; a page
// can make these guesses wrong, which costs it only a worse outline of itself.
import { attr, classesOf, closestOf, idOf, localNameOf, parentElementOf } from '../../policy/unclobbered';

export type RegionKind = 'banner' | 'navigation' | 'main' | 'complementary' | 'contentinfo' | 'search' | 'comments';

const ROLE_KINDS: Record<string, RegionKind> = {
  banner: 'banner',
  navigation: 'navigation',
  main: 'main',
  complementary: 'complementary',
  contentinfo: 'contentinfo',
  search: 'search',
};

// A header or footer is the page's banner or contentinfo only outside sectioning content (ARIA's rule).
const SECTIONING = 'article, aside, main, nav, section, [role=article], [role=complementary], [role=main], [role=navigation], [role=region]';

// Whole words of an id or class (split at -, _ and case changes) that say what a container is.
const WORD_KINDS: Array<[RegExp, RegionKind]> = [
  [/^(comments?|commentlist|commentsection|disqus ?thread|respond|discussion|comment ?(list|section|area|thread|wrapper|container|s))$/, 'comments'],
  [/^(sidebar|side ?bar|secondary|rail|right ?rail|left ?rail|side ?column|sidecol)$/, 'complementary'],
  [/^(masthead|site ?header|page ?header|global ?header|header|top ?bar)$/, 'banner'],
  [/^(site ?footer|page ?footer|global ?footer|footer|colophon)$/, 'contentinfo'],
  [/^(nav|navbar|navigation|main ?nav|main ?menu|primary ?nav|primary ?menu|site ?nav)$/, 'navigation'],
];

/** The element's id and each class as lower-case words joined by spaces ("siteHeader" → "site header"). */
export function namesOf(el: Element): string[] {
  const raw = [idOf(el), ...classesOf(el)].filter(Boolean);
  return raw.map((n) => n.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().replace(/[-_]+/g, ' ').trim());
}

/** The region an element is by role or tag (the browser's own landmarks). */
export function landmarkKind(el: Element): RegionKind | undefined {
  const role = attr(el, 'role')?.trim().toLowerCase();
  if (role) return ROLE_KINDS[role];
  switch (localNameOf(el)) {
    case 'main':
      return 'main';
    case 'nav':
      return 'navigation';
    case 'aside':
      return 'complementary';
    case 'search':
      return 'search';
    case 'header':
    case 'footer': {
      const parent = parentElementOf(el);
      if (parent && closestOf(parent, SECTIONING)) return undefined;
      return localNameOf(el) === 'header' ? 'banner' : 'contentinfo';
    }
    default:
      return undefined;
  }
}

/** The region an element plainly is by the words of its id and classes. */
export function namedKind(el: Element): RegionKind | undefined {
  for (const name of namesOf(el)) for (const [words, kind] of WORD_KINDS) if (words.test(name)) return kind;
  return undefined;
}

const AD = /^(ad|ads|advert|adverts|advertisement|advertising|ad ?(slot|unit|container|wrapper|box|banner|space|zone|block|placeholder)|ads ?(slot|container|wrapper)|dfp|gpt ?ad|google ?ads?|div ?gpt ?ad.*|sponsored|sponsor|outbrain|taboola|banner ?ad)$/;
const SHARE = /^(share|shares|sharing|share ?(bar|buttons?|tools|links|icons|container|wrapper)|social|social ?(share|sharing|links|icons|buttons|bar|media)|sharethis|addthis)$/;

export function isAdSlot(el: Element): boolean {
  return namesOf(el).some((n) => AD.test(n) || /^(ad|ads|gpt|dfp) \w/.test(n));
}

export function isShareBox(el: Element): boolean {
  return namesOf(el).some((n) => SHARE.test(n));
}
