// Context: page agent (isolated world). A big page reaches the model as an outline, never as raw markup:
// one line per element that carries text or structure, indented by depth, long runs of similar siblings
// collapsed, hidden text marked as hidden, comments shown as comments. A component's shadow root (open or
// closed) is shown inside its host, with the selector that reaches into it (`host >>> …`). Password values never appear.
import type { z } from 'zod';
import type { OutlineInput, OutlineOutput } from '../../contracts/agent/tools';
import { RemixletRefusal } from '../../contracts/refusals';
import { attrsOf, cleanText, isVisible, selectorFor } from './describe';
import { shadowOf } from '../policy/shadow';
import { agentQueryAll } from './selector';
import { ownTextWithoutPasswords, textWithoutPasswords } from '../policy/password-text';
import { childElementsOf, childNodesOf, classesOf, idOf, localNameOf } from '../policy/unclobbered';

const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'LINK', 'META', 'HEAD', 'BR', 'WBR']);
const SIBLINGS_SHOWN = 4;

function label(el: Element): string {
  let s = localNameOf(el);
  const id = idOf(el);
  if (id) s += `#${id}`;
  for (const c of classesOf(el).slice(0, 4)) s += `.${c}`;
  const attrs = attrsOf(el);
  delete attrs.id;
  delete attrs.class;
  delete attrs.style;
  const shown = Object.entries(attrs).map(([k, v]) => `${k}="${v}"`);
  if (shown.length) s += ` [${shown.join(' ')}]`;
  return s;
}

function ownText(el: Element): string {
  const text = el instanceof SVGElement && localNameOf(el) === 'text' ? textWithoutPasswords(el) : ownTextWithoutPasswords(el);
  return cleanText(text, 200);
}

function shape(el: Element): string {
  return `${localNameOf(el)}.${classesOf(el).sort().join('.')}`;
}

export function outline(input: z.infer<typeof OutlineInput>): z.infer<typeof OutlineOutput> {
  const max = input.maxNodes ?? 400;
  const root = input.selector ? agentQueryAll(input.selector, 'outline_page')[0] : document.body ?? document.documentElement;
  if (!root) throw new RemixletRefusal('NOT_FOUND', `Nothing matches ${JSON.stringify(input.selector)}.`, 'outline_page');
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
    if (!(node instanceof Element) || SKIP.has(localNameOf(node).toUpperCase())) {
      if (node instanceof HTMLScriptElement && node.type === 'application/ld+json') {
        lines.push(`${pad}script[type="application/ld+json"] (structured data: read it with read_page_data source "structured_data")`);
      }
      return;
    }
    const hidden = parentHidden || !isVisible(node);
    const text = ownText(node);
    lines.push(`${pad}${label(node)}${hidden && !parentHidden ? ' (hidden)' : ''}${text ? ` "${text}"` : ''}`);
    const shadow = shadowOf(node);
    if (shadow) {
      lines.push(`${pad}  #shadow-root (${shadow.mode}): select inside it with "${selectorFor(node)} >>> …"`);
      for (const child of childNodesOf(shadow)) {
        walk(child, depth + 2, hidden);
        if (lines.length >= max) {
          truncated = true;
          return;
        }
      }
    }
    let run: { shape: string; count: number } | undefined;
    for (const child of childNodesOf(node)) {
      if (child instanceof Element) {
        const s = shape(child);
        run = run && run.shape === s ? { shape: s, count: run.count + 1 } : { shape: s, count: 1 };
        if (run.count === SIBLINGS_SHOWN + 1) {
          const rest = childElementsOf(node).filter((c) => shape(c) === s).length - SIBLINGS_SHOWN;
          lines.push(`${pad}  … ${rest} more like the above (${localNameOf(child)}${classesOf(child).map((c) => `.${c}`).join('')}); query them with query_elements`);
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
  return { url: location.href, title: cleanText(document.title, 200), outline: lines.join('\n'), lines: lines.length, truncated };
}
