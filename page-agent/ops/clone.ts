// Context: page agent. h.clone(): a detached deep copy that the remixlet owns. Every password field in it
// starts empty; id, name, form and autofocus are left off, so the copy cannot stand in for the original
// (getElementById, form data) or take focus; so are ping and attributionsrc (a click on a copied link
// contacts only its href, which the click check rules) and every form* attribute (formaction, formenctype,
// formmethod, formnovalidate, formtarget), so a copied button sends a form only as that form sends itself.
// An element dom.create refuses for what it does (a form, frame, script, style, link, meta, media…;
// contracts/dom/elements.ts) cannot be had by cloning the page's own, alone or inside another, and neither
// can a clonable shadow root, which the copy would carry unseen.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { FORM_ATTRIBUTES, LINK_CONTACT_ATTRIBUTES } from '../../contracts/dom/attributes';
import { refusedElementReason } from '../../contracts/dom/elements';
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpContext, OpHandler } from '../op-context';
import { blankPasswords } from '../policy/serialize';
import { shadowOf } from '../policy/shadow';
import { descendants, localNameOf, namespaceOf } from '../policy/unclobbered';

const LEFT_OFF = ['id', 'name', 'form', 'autofocus', ...LINK_CONTACT_ATTRIBUTES, ...FORM_ATTRIBUTES];

function treeOf(root: Element): Element[] {
  return [root, ...descendants(root)];
}

function refuseRefusedElements(tree: Element[], ctx: OpContext, checkShadow: boolean): void {
  for (const el of tree) {
    const name = localNameOf(el);
    const why = refusedElementReason(namespaceOf(el), name);
    if (why) {
      const inside = el === tree[0] ? '' : ` (it holds a <${name.slice(0, 40)}>)`;
      throw new RemixletRefusal('ELEMENT_REFUSED', `<${localNameOf(tree[0]!)}> cannot be cloned${inside}: dom.create refuses <${name.slice(0, 40)}> because ${why}. Clone the parts you need, or create them with dom.create.`, ctx.name);
    }
    const shadow = checkShadow ? shadowOf(el) : null;
    if (shadow?.clonable) {
      throw new RemixletRefusal('ELEMENT_REFUSED', `<${localNameOf(tree[0]!)}> cannot be cloned: <${name.slice(0, 40)}> has a clonable shadow root, whose content would be copied unchecked. Clone the parts you need from outside it.`, ctx.name);
    }
  }
}

export const clone: OpHandler<'clone'> = (op, ctx) => {
  const original = ctx.element(op.h);
  refuseRefusedElements(treeOf(original), ctx, true);
  const copy = original.cloneNode(true) as Element;
  // Cloning can run the page's own custom element constructors, which may add children: look again.
  refuseRefusedElements(treeOf(copy), ctx, false);
  blankPasswords(original, copy);
  for (const el of treeOf(copy)) for (const a of LEFT_OFF) el.removeAttribute(a);
  ctx.handles.markCreated(copy);
  return ctx.handles.handleOf(copy);
};
