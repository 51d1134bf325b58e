// Context: side panel. A model reply as formatted text: marked parses the Markdown, DOMPurify keeps a
// short list of text tags, and then every image is gone (a page could make the model write an image
// whose address carries your data) and every link opens in a new tab with its address shown beside it,
// so the person sees where it goes before following it. Nothing in a reply may look like the extension's
// own UI: no attribute survives but href (no class, style, role, aria-* or data-*, so a reply cannot name
// itself a dialog or borrow a card's styling), and headings become bold text, never a heading like a
// card's. Trusts nothing in the text.
import { Marked } from 'marked';
import DOMPurify from 'dompurify';

const marked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    // An image never becomes an <img>: the person sees that one was there, and nothing loads.
    image: ({ text }) => `<em>[image removed${text ? `: ${escapeHtml(text)}` : ''}]</em>`,
  },
});

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span'];
const HEADINGS = 'h1, h2, h3, h4, h5, h6';

export function renderMarkdown(text: string): string {
  const html = marked.parse(text, { async: false });
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href'],
    ALLOW_ARIA_ATTR: false,
    ALLOW_DATA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const a of clean.querySelectorAll('a')) {
    const href = a.getAttribute('href');
    if (!href) {
      a.replaceWith(...a.childNodes);
      continue;
    }
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer nofollow');
    a.setAttribute('referrerpolicy', 'no-referrer');
    const where = document.createElement('span');
    where.className = 'link-target';
    where.textContent = ` (${href})`;
    a.after(where);
  }
  for (const h of clean.querySelectorAll(HEADINGS)) {
    const strong = document.createElement('strong');
    strong.append(...h.childNodes);
    const p = document.createElement('p');
    p.append(strong);
    h.replaceWith(p);
  }
  const box = document.createElement('div');
  box.append(clean);
  return box.innerHTML;
}
