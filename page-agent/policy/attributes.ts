// Context: page agent. Writing attributes: on elements this remixlet made, real names under the attribute
// policy (contracts/dom/attributes.ts) with href/src under the address rule; on the page's own elements,
// only the remixlet's mark (href on a link and src on an image excepted, under the address rule). So a
// page form's method, enctype, action and target, and a page button's form* attributes, never change: those
// names land as marks. A page link whose ping or attributionsrc names an address the rule refuses keeps its
// href: a ping carries the link's destination (Ping-To), so a new href would reach that address when
// anyone clicks the link. A password field's type, autocomplete, pattern, minlength and maxlength never change.
// Trusts nothing in attribute names or values.
import { checkCreatedAttribute, PASSWORD_LOCKED_ATTRIBUTES } from '../../contracts/dom/attributes';
import { isCreatable, SVG_NS, HTML_NS, type Creatable } from '../../contracts/dom/elements';
import { markAttribute, MARK_NAME } from '../../contracts/dom/marks';
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpContext } from '../op-context';
import { checkedAddress } from './address';
import { describeElement, linkContacts } from './activation';
import { remixletAddressed } from './page-loads';
import { isPasswordField } from './password';

export function creatableOf(el: Element): Creatable | undefined {
  if (!isCreatable(el.namespaceURI, el.localName)) return undefined;
  return { ns: el.namespaceURI === SVG_NS ? 'svg' : 'html', localName: el.localName };
}

/** The element is this remixlet's own and of a kind it could have created: real attribute names apply. */
export function ownElement(el: Element, ctx: Pick<OpContext, 'handles'>): Creatable | undefined {
  return ctx.handles.isCreated(el) ? creatableOf(el) : undefined;
}

export function checkPasswordLock(el: Element, name: string, op: string): void {
  if (PASSWORD_LOCKED_ATTRIBUTES.has(name.toLowerCase()) && isPasswordField(el)) {
    throw new RemixletRefusal('PASSWORD_FIELD_LOCKED', `The ${name.toLowerCase()} of a password field cannot be changed.`, op);
  }
}

/** The page's own link or image whose address a remixlet may change under the address rule. */
export function pageAddressAttribute(el: Element, name: string): 'link' | 'image' | undefined {
  if (el.namespaceURI !== HTML_NS) return undefined;
  const n = name.toLowerCase();
  if (n === 'href' && el.localName === 'a') return 'link';
  if (n === 'src' && el.localName === 'img') return 'image';
  return undefined;
}

export function requireMarkName(name: string, op: string): void {
  if (!MARK_NAME.test(name)) {
    throw new RemixletRefusal(
      'ATTRIBUTE_REFUSED',
      `On the page's own elements an attribute takes a short name (a letter, then letters, digits, "-" or "_", at most 40), written as data-rmx-<remixlet id>-<name>; "${name.slice(0, 60)}" is not one.`,
      op,
    );
  }
}

/** The page's own link sends its ping and attributionsrc only to addresses the rule allows, or its href stays. */
function checkLinkContacts(el: Element, ctx: OpContext): void {
  for (const c of linkContacts(el)) {
    try {
      checkedAddress(c.raw, 'link', ctx, { carriesOtherAddresses: true });
    } catch (e) {
      throw new RemixletRefusal(
        'ATTRIBUTE_REFUSED',
        `The href of ${describeElement(el)} cannot be changed: the link also sends its ${c.attribute} to ${JSON.stringify(c.raw.slice(0, 100))} when it is clicked, ${c.attribute === 'ping' ? "with the link's destination in it" : "with the page's address"}, and the address rule refuses that address: ${e instanceof RemixletRefusal ? e.reason : String(e)}`,
        ctx.name,
      );
    }
  }
}

export function writeAttribute(el: Element, name: string, value: string, ctx: OpContext): void {
  checkPasswordLock(el, name, ctx.name);
  const own = ownElement(el, ctx);
  if (own) {
    const verdict = checkCreatedAttribute(own, name, value, ctx.scope.id);
    if (!verdict.ok) throw new RemixletRefusal('ATTRIBUTE_REFUSED', verdict.reason, ctx.name);
    el.setAttribute(verdict.name, verdict.kind === 'address' ? checkedAddress(value, verdict.addressKind, ctx) : verdict.value);
    return;
  }
  const addressKind = pageAddressAttribute(el, name);
  if (addressKind) {
    const href = checkedAddress(value, addressKind, ctx);
    if (addressKind === 'link') checkLinkContacts(el, ctx);
    el.setAttribute(name.toLowerCase(), href);
    remixletAddressed.add(el);
    return;
  }
  requireMarkName(name, ctx.name);
  el.setAttribute(markAttribute(ctx.scope.id, name), value);
}
