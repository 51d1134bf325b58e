// Context: page agent. HTML handed to the page (h.setHTML) is parsed in an inert document (no browsing
// context: nothing it holds loads or runs), then every element off the fixed list is dropped with its
// content, every refused attribute stripped, every href/src checked by the address rule, and only then
// are the nodes imported into the page. Never innerHTML on a live element, never a second parse.
// Trusts nothing in the HTML.
import { checkCreatedAttribute } from '../../contracts/dom/attributes';
import { elementRefusalReason, HTML_NS } from '../../contracts/dom/elements';
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpContext } from '../op-context';
import { checkedAddress } from './address';
import { creatableOf } from './attributes';

export interface Sanitized {
  fragment: DocumentFragment;
  removed: string[];
}

function inertContext(target: Element): Element {
  const inert = document.implementation.createHTMLDocument('');
  // The same context element as the target, so the fragment parses as it would there (rows in a table, SVG in svg).
  return inert.createElementNS(target.namespaceURI ?? HTML_NS, target.localName);
}

function cleanElement(el: Element, ctx: OpContext, removed: string[]): boolean {
  const kind = creatableOf(el);
  if (!kind) {
    removed.push(`${elementRefusalReason(el.localName)} It was dropped with its content.`);
    el.remove();
    return false;
  }
  for (const attr of [...el.attributes]) {
    const verdict = checkCreatedAttribute(kind, attr.name, attr.value, ctx.scope.id);
    if (!verdict.ok) {
      removed.push(`${verdict.reason} It was stripped.`);
      el.removeAttributeNode(attr);
    } else if (verdict.kind === 'plain') {
      // Ids and references to them come back marked (rmx-<id>-<name>).
      if (verdict.value !== attr.value) attr.value = verdict.value;
    } else {
      try {
        el.setAttribute(attr.name, checkedAddress(attr.value, verdict.addressKind, ctx));
      } catch (e) {
        removed.push(`${attr.name} on <${el.localName}>: ${e instanceof RemixletRefusal ? e.reason : String(e)} It was stripped.`);
        el.removeAttributeNode(attr);
      }
    }
  }
  // A button without a type submits the form it lands in; the remixlet's own never does.
  if (kind.ns === 'html' && kind.localName === 'button' && !el.hasAttribute('type')) el.setAttribute('type', 'button');
  return true;
}

export function sanitizeHtml(html: string, target: Element, ctx: OpContext): Sanitized {
  const holder = inertContext(target);
  holder.innerHTML = html;
  const removed: string[] = [];
  // Iterative, so deeply nested markup cannot exhaust the stack.
  const stack: Node[] = [...holder.childNodes].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (node.nodeType === Node.ELEMENT_NODE) {
      if (cleanElement(node as Element, ctx, removed)) {
        const kids = node.childNodes;
        for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
      }
    } else if (node.nodeType !== Node.TEXT_NODE) {
      // Comments, processing instructions and CDATA carry nothing a page needs and are where parser quirks live.
      node.parentNode?.removeChild(node);
    }
  }
  const fragment = document.createDocumentFragment();
  for (const node of [...holder.childNodes]) fragment.append(document.importNode(node, true));
  return { fragment, removed };
}
