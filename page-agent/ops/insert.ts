// Context: page agent. h.append / prepend / before / after / replaceWith(node): moves or inserts an element
// the remixlet holds. Refused into elements whose content is code or a document, and where it would
// make an element its own ancestor.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpHandler } from '../op-context';
import { checkContentWritable } from '../policy/locked';

export const insert: OpHandler<'insert'> = (op, ctx) => {
  const target = ctx.element(op.h);
  const node = ctx.element(op.node);
  const inside = op.where === 'append' || op.where === 'prepend';
  const parent = inside ? target : target.parentElement;
  if (!parent) throw new RemixletRefusal('HIERARCHY_REFUSED', `${ctx.name}: the element has no parent to insert ${op.where} it.`, ctx.name);
  checkContentWritable(parent, ctx.name);
  if (node === target || node.contains(parent)) {
    throw new RemixletRefusal('HIERARCHY_REFUSED', 'An element cannot be inserted into itself or one of its own descendants.', ctx.name);
  }
  target[op.where](node);
  return null;
};
