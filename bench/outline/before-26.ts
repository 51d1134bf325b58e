// Bench only (runs in a page's main world through page.evaluate). The outline_page code as it was before
// issue 26 (page-agent/agent/outline.ts at 4b4774f, now page-agent/tools/outline.ts), made self-contained so the bench can run it beside
// today's outline in the same run and on the same page: one line per element, depth first, long runs of
// look-alike siblings collapsed, cut off at maxNodes lines. Password handling is left out: the real-page
// snapshots carry no password values, and the figures are about structure.
export function outlineBefore26(max: number): { outline: string; lines: number; truncated: boolean } {
  const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'LINK', 'META', 'HEAD', 'BR', 'WBR']);
  const SIBLINGS_SHOWN = 4;
  const SHOWN_ATTRS = new Set(['id', 'class', 'href', 'src', 'alt', 'title', 'aria-label', 'role', 'name', 'type', 'placeholder', 'for', 'action', 'method', 'lang', 'datetime', 'content', 'rel', 'target', 'autocomplete']);
  const cap = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…(${s.length - n} more)` : s);
  // eslint-disable-next-line no-misleading-character-class
  const cleanText = (s: string, n = 300) => cap(s.replace(/\s+/g, ' ').trim().replace(/[\u200B\u200C\u200D\u2060\uFEFF\u00AD]/g, ''), n);
  const isVisible = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return false;
    return el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  };
  const classesOf = (el: Element) => (el.getAttribute('class') ?? '').split(/[\t\n\f\r ]+/).filter(Boolean);
  const attrsOf = (el: Element) => {
    const out: Record<string, string> = {};
    for (const a of [...el.attributes]) {
      const name = a.name.toLowerCase();
      if (name === 'value') {
        out.value = cleanText(a.value, 200);
        continue;
      }
      if (name === 'style' || name.startsWith('aria-') || name.startsWith('data-') || SHOWN_ATTRS.has(name)) out[name] = cleanText(a.value, 200);
      if (Object.keys(out).length >= 20) break;
    }
    return out;
  };
  const label = (el: Element) => {
    let s = el.localName;
    if (el.id) s += `#${el.id}`;
    for (const c of classesOf(el).slice(0, 4)) s += `.${c}`;
    const attrs = attrsOf(el);
    delete attrs.id;
    delete attrs.class;
    delete attrs.style;
    const shown = Object.entries(attrs).map(([k, v]) => `${k}="${v}"`);
    if (shown.length) s += ` [${shown.join(' ')}]`;
    return s;
  };
  const ownText = (el: Element) => {
    let text = '';
    if (el instanceof SVGElement && el.localName === 'text') text = el.textContent ?? '';
    else for (const n of el.childNodes) if (n.nodeType === Node.TEXT_NODE) text += (n as Text).data;
    return cleanText(text, 200);
  };
  const shape = (el: Element) => `${el.localName}.${classesOf(el).sort().join('.')}`;
  const root = document.body ?? document.documentElement;
  const lines: string[] = [];
  let truncated = false;
  const walk = (node: Node, depth: number, parentHidden: boolean): void => {
    if (lines.length >= max) {
      truncated = true;
      return;
    }
    const pad = '  '.repeat(Math.min(depth, 30));
    if (node.nodeType === Node.COMMENT_NODE) {
      const text = cleanText(node.textContent ?? '', 300);
      if (text) lines.push(`${pad}<!-- ${text} -->`);
      return;
    }
    if (!(node instanceof Element) || SKIP.has(node.localName.toUpperCase())) {
      if (node instanceof HTMLScriptElement && node.type === 'application/ld+json') {
        lines.push(`${pad}script[type="application/ld+json"] (structured data: read it with read_page_data source "structured_data")`);
      }
      return;
    }
    const hidden = parentHidden || !isVisible(node);
    const text = ownText(node);
    lines.push(`${pad}${label(node)}${hidden && !parentHidden ? ' (hidden)' : ''}${text ? ` "${text}"` : ''}`);
    let run: { shape: string; count: number } | undefined;
    for (const child of [...node.childNodes]) {
      if (child instanceof Element) {
        const s = shape(child);
        run = run && run.shape === s ? { shape: s, count: run.count + 1 } : { shape: s, count: 1 };
        if (run.count === SIBLINGS_SHOWN + 1) {
          const rest = [...node.children].filter((c) => shape(c) === s).length - SIBLINGS_SHOWN;
          lines.push(`${pad}  … ${rest} more like the above (${child.localName}${classesOf(child).map((c) => `.${c}`).join('')}); query them with query_elements`);
        }
        if (run.count > SIBLINGS_SHOWN) continue;
      }
      walk(child, depth + 1, hidden);
      if (lines.length >= max) {
        truncated = true;
        return;
      }
    }
  };
  walk(root, 0, false);
  return { outline: lines.join('\n'), lines: lines.length, truncated };
}
