// Context: side panel. A model reply as formatted text: marked parses the Markdown, DOMPurify keeps a
// short list of text tags, and then every image is gone (a page could make the model write an image
// whose address carries your data) and every link opens in a new tab with its address shown beside it,
// so the person sees where it goes before following it. Trusts nothing in the text.
import { Marked } from 'marked';
import DOMPurify from 'dompurify';

const marked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    // An image never becomes an <img>: the person sees that one was there, and nothing loads.
    image: ({ text }) => `<span class="image-removed">[image removed${text ? `: ${escapeHtml(text)}` : ''}]</span>`,
  },
});

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span'];

export function renderMarkdown(text: string): string {
  const html = marked.parse(text, { async: false });
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'class'],
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
  for (const el of clean.querySelectorAll('[class]')) if (!['image-removed', 'link-target'].includes(el.getAttribute('class') ?? '') && !el.getAttribute('class')?.startsWith('language-')) el.removeAttribute('class');
  const box = document.createElement('div');
  box.append(clean);
  return box.innerHTML;
}
