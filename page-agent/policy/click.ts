// Context: page agent. A click is checked against everything it would activate before it is dispatched
// (policy/activation.ts: the element and each ancestor the click reaches, a control reached through a
// label, the form a submit button submits). Every address the click can make the browser contact passes the
// address rule: link and form destinations, and each URL of a link's ping and attributionsrc (a ping carries
// the link's destination, so it gets no "the page already loads it" exception). A window-opening target, a
// download, and anything that would send a form by another address, method, encoding or window than the
// form's own (formaction, formmethod, formenctype, formtarget) are refused.
// Trusts the DOM as it stands at the moment of the click, and nothing from the sandbox.
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpContext } from '../op-context';
import { checkedAddress } from './address';
import { activations, describeElement as describe, staysInWindow, type Activation } from './activation';
import { remixletAddressed, remixletMade } from './page-loads';
import { clickElementOf, isConnected } from './unclobbered';

function refuse(reason: string, ctx: Pick<OpContext, 'name'>): never {
  throw new RemixletRefusal('CLICK_REFUSED', reason, ctx.name);
}

function destination(raw: string, what: string, ctx: OpContext): void {
  try {
    checkedAddress(raw, 'link', ctx);
  } catch (e) {
    refuse(`${what} goes where the address rule refuses: ${e instanceof RemixletRefusal ? e.reason : String(e)}`, ctx);
  }
}

function sameDocumentFragment(raw: string, href: string | undefined): boolean {
  if (href === undefined || !raw.includes('#')) return false;
  const u = new URL(href);
  const here = new URL(location.href);
  u.hash = '';
  here.hash = '';
  return u.href === here.href;
}

function check(a: Activation, ctx: OpContext): void {
  switch (a.kind) {
    case 'unchecked':
      return refuse(a.why, ctx);
    case 'form-override':
      return refuse(
        `${describe(a.element)} carries ${a.attributes.join(', ')}, which would send a form by another address, method, encoding or window than the form's own; clicking it is refused.`,
        ctx,
      );
    case 'contact':
      try {
        checkedAddress(a.raw, 'link', ctx, { carriesOtherAddresses: true });
      } catch (e) {
        refuse(
          `The link ${describe(a.element)} would also send its ${a.attribute} to ${JSON.stringify(a.raw.slice(0, 100))}, which the address rule refuses (${a.attribute === 'ping' ? "a ping carries the link's destination and the page's address" : "an attribution request carries the page's address"}): ${e instanceof RemixletRefusal ? e.reason : String(e)}`,
          ctx,
        );
      }
      return;
    case 'link': {
      if (!staysInWindow(a.target)) refuse(`${describe(a.element)} opens another window (target="${a.target.slice(0, 30)}"); dom cannot open windows.`, ctx);
      if (a.download) refuse(`${describe(a.element)} downloads a file; dom cannot start downloads.`, ctx);
      // The page's own in-page links (tabs, "back to top") act only on the page, as the page intends.
      if (!remixletMade.has(a.element) && !remixletAddressed.has(a.element) && sameDocumentFragment(a.raw, a.href)) return;
      return destination(a.raw, `The link ${describe(a.element)}`, ctx);
    }
    case 'submit': {
      if (!staysInWindow(a.target)) refuse(`${describe(a.submitter)} submits a form into another window (target="${a.target.slice(0, 30)}").`, ctx);
      if (a.method === 'dialog') return;
      return destination(a.action, `${describe(a.submitter)} submits the form ${describe(a.form)}, which`, ctx);
    }
  }
}

export function checkClick(el: Element, ctx: OpContext): void {
  if (!isConnected(el)) refuse('Only an element on the page can be clicked; insert it first.', ctx);
  for (const a of activations(el)) check(a, ctx);
}

export function dispatchClick(el: Element): void {
  if (el instanceof HTMLElement) clickElementOf(el);
  else el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window }));
}
