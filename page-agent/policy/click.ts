// Context: page agent. A click is checked against everything it would activate before it is dispatched:
// the element and each ancestor the click reaches (a link around a span, the button a span sits in), a
// control reached through a label, the form a submit button submits. Link and form destinations pass the
// address rule; a window-opening target, a download, and anything carrying formaction are refused.
// Trusts the DOM as it stands at the moment of the click, and nothing from the sandbox.
import { HTML_NS, SVG_NS } from '../../contracts/dom/elements';
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpContext } from '../op-context';
import { checkedAddress } from './address';
import { remixletAddressed, remixletMade } from './page-loads';

const XLINK_NS = 'http://www.w3.org/1999/xlink';
const SAME_WINDOW = new Set(['', '_self', '_top', '_parent']);
const MAX_LABEL_HOPS = 3;

function refuse(reason: string, ctx: Pick<OpContext, 'name'>): never {
  throw new RemixletRefusal('CLICK_REFUSED', reason, ctx.name);
}

function describe(el: Element): string {
  const id = el.id ? `#${el.id.slice(0, 40)}` : '';
  return `<${el.localName}${id}>`;
}

function destination(raw: string, what: string, ctx: OpContext): void {
  try {
    checkedAddress(raw, 'link', ctx);
  } catch (e) {
    refuse(`${what} goes where the address rule refuses: ${e instanceof RemixletRefusal ? e.reason : String(e)}`, ctx);
  }
}

function sameDocumentFragment(href: string): boolean {
  try {
    const u = new URL(href, document.baseURI);
    const here = new URL(location.href);
    u.hash = '';
    here.hash = '';
    return u.href === here.href && href.includes('#');
  } catch {
    return false;
  }
}

function checkLink(a: Element, ctx: OpContext): void {
  const raw = a.getAttribute('href') ?? a.getAttributeNS(XLINK_NS, 'href');
  if (raw === null) return;
  const target = (a.getAttribute('target') ?? '').trim().toLowerCase();
  if (!SAME_WINDOW.has(target)) refuse(`${describe(a)} opens another window (target="${target.slice(0, 30)}"); dom cannot open windows.`, ctx);
  if (a.hasAttribute('download')) refuse(`${describe(a)} downloads a file; dom cannot start downloads.`, ctx);
  // The page's own in-page links (tabs, "back to top") act only on the page, as the page intends.
  if (!remixletMade.has(a) && !remixletAddressed.has(a) && sameDocumentFragment(raw)) return;
  destination(raw, `The link ${describe(a)}`, ctx);
}

function checkSubmitter(control: HTMLButtonElement | HTMLInputElement, ctx: OpContext): void {
  const type = control.type;
  if (type !== 'submit' && type !== 'image') return;
  const form = control.form;
  if (!form) return;
  const target = (form.getAttribute('target') ?? '').trim().toLowerCase();
  if (!SAME_WINDOW.has(target)) refuse(`${describe(control)} submits a form into another window (target="${target.slice(0, 30)}").`, ctx);
  if (form.method === 'dialog') return;
  destination(form.action || location.href, `${describe(control)} submits the form ${describe(form)}, which`, ctx);
}

function checkActivation(el: Element, ctx: OpContext, hops: number): void {
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (node.hasAttribute('formaction') || node.hasAttribute('formtarget')) {
      refuse(`${describe(node)} carries formaction or formtarget, which sends a form somewhere else; clicking it is refused.`, ctx);
    }
    const html = node.namespaceURI === HTML_NS;
    if ((html && (node.localName === 'a' || node.localName === 'area')) || (node.namespaceURI === SVG_NS && node.localName === 'a')) checkLink(node, ctx);
    if (node instanceof HTMLButtonElement || node instanceof HTMLInputElement) checkSubmitter(node, ctx);
    if (node instanceof HTMLLabelElement) {
      const control = node.control;
      if (control && control !== el && !control.contains(el)) {
        if (hops >= MAX_LABEL_HOPS) refuse('The click goes through too many labels to check.', ctx);
        checkActivation(control, ctx, hops + 1);
      }
    }
  }
}

export function checkClick(el: Element, ctx: OpContext): void {
  if (!el.isConnected) refuse('Only an element on the page can be clicked; insert it first.', ctx);
  checkActivation(el, ctx, 0);
}

export function dispatchClick(el: Element): void {
  if (el instanceof HTMLElement) el.click();
  else el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window }));
}
