// Context: page agent. A click is checked against everything it would activate before it is dispatched
// (policy/activation.ts: the element and each ancestor the click reaches, a control reached through a
// label, the form a submit button submits). Link and form destinations pass the address rule; a
// window-opening target, a download, and anything carrying formaction are refused.
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
      return refuse(`${describe(a.element)} carries formaction or formtarget, which sends a form somewhere else; clicking it is refused.`, ctx);
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
