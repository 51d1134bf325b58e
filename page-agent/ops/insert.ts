// Context: page agent. h.append / prepend / before / after / replaceWith(node): moves or inserts an element
// the remixlet holds. Refused into elements whose content is code or a document, and where it would
// make an element its own ancestor. The page's password fields never move, nor does anything holding
// one, and replaceWith never takes one off the page: moved into another form (a GET search form, say) the
// field would be submitted with it, into an address the remixlet can then read with dom.url(). A
// password field in h.clone()'s copy may move: it starts empty and has no name, so no form sends it.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpHandler } from '../op-context';
import { checkContentWritable } from '../policy/locked';
import { passwordFieldWithin } from '../policy/password';

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
  const pageOwned = (field: Element) => !ctx.handles.isCreated(field);
  if (passwordFieldWithin(node, pageOwned)) {
    throw new RemixletRefusal('PASSWORD_FIELD_LOCKED', 'A password field, or an element that holds one, cannot be moved: in another form it would be sent with that form. Move the elements around it instead.', ctx.name);
  }
  if (op.where === 'replaceWith' && passwordFieldWithin(target, pageOwned)) {
    throw new RemixletRefusal('PASSWORD_FIELD_LOCKED', 'An element that is or holds a password field cannot be replaced: the field would leave its form. Hide it with h.hide() or insert next to it instead.', ctx.name);
  }
  target[op.where](node);
  return null;
};
