// Context: page agent. dom.create(tag, { attrs, text, children }): a detached element from the fixed list
// (contracts/dom/elements.ts), its attributes under the attribute policy and href/src under the address
// rule; a refused tag or attribute refuses the whole call. A button never submits a form unless asked.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { creatableTag, elementRefusalReason, HTML_NS, SVG_NS } from '../../contracts/dom/elements';
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpHandler } from '../op-context';
import { writeAttribute } from '../policy/attributes';

export const create: OpHandler<'create'> = (op, ctx) => {
  const kind = creatableTag(op.tag);
  if (!kind) throw new RemixletRefusal('ELEMENT_REFUSED', elementRefusalReason(op.tag), ctx.name);
  const el = document.createElementNS(kind.ns === 'svg' ? SVG_NS : HTML_NS, kind.localName);
  ctx.handles.markCreated(el);
  for (const [name, value] of Object.entries(op.attrs ?? {})) writeAttribute(el, name, value, ctx);
  if (kind.ns === 'html' && kind.localName === 'button' && !el.hasAttribute('type')) el.setAttribute('type', 'button');
  if (op.text !== undefined) el.textContent = op.text;
  for (const ref of op.children ?? []) el.append(ctx.element(ref));
  return ctx.handles.handleOf(el);
};
