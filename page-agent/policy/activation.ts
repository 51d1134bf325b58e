// Context: page agent (isolated world). What one click on an element would activate, for both the
// remixlet's h.click() (policy/click.ts, which applies the address rule) and the agent's click_element
// (tools/click-element.ts, which keeps to the chat's site): every element the click passes on its way up (a
// link around a span, the button a span sits in, through shadow roots and slots), the control a label
// hands the click to, the form a submit button submits, with its real destination (formaction
// included), every address a link's click makes the browser contact besides its href (each URL of its
// ping and attributionsrc), and any element that would send a form by its own address, method, encoding
// or window instead of the form's (formaction, formmethod, formenctype, formtarget). Everything is read
// with the un-clobberable readers, so a form's own fields cannot change the answer. Trusts the DOM as it
// stands at the moment of the click, nothing else.
import { FORM_OVERRIDE_ATTRIBUTES, LINK_CONTACT_ATTRIBUTES } from '../../contracts/dom/attributes';
import { HTML_NS, SVG_NS } from '../../contracts/dom/elements';
import { attr, attrNS, composedParent, documentBase, formActionOf, formMethodOf, hasAttr, idOf, localNameOf, namespaceOf, queryAll } from './unclobbered';

const XLINK_NS = 'http://www.w3.org/1999/xlink';
const MAX_LABEL_HOPS = 3;
const MAX_DEPTH = 4096;

export type Activation =
  /** A link (<a>, <area>, SVG <a>) with an href: `raw` as written, `href` resolved (undefined if it does not parse). */
  | { kind: 'link'; element: Element; raw: string; href: string | undefined; target: string; download: boolean }
  /** A form submission: `action` resolved as the browser submits it (formaction first, then the form's action). */
  | { kind: 'submit'; submitter: HTMLButtonElement | HTMLInputElement; form: HTMLFormElement; action: string; method: string; target: string }
  /**
   * An element carrying formaction, formmethod, formenctype or formtarget: it sends a form somewhere, or in
   * a way, of its own choosing rather than the form's (a formmethod="get" button puts the form's fields,
   * its password included, in the address). `attributes` names the ones it carries.
   */
  | { kind: 'form-override'; element: Element; attributes: string[] }
  /**
   * An address a link's click makes the browser contact besides its href: one URL of the link's `ping`
   * (hyperlink auditing: a POST carrying the link's destination in Ping-To) or `attributionsrc` (an
   * attribution-reporting request), split on ASCII whitespace as the browser splits it. `raw` as written.
   */
  | { kind: 'contact'; element: Element; attribute: 'ping' | 'attributionsrc'; raw: string }
  /** The click goes through more labels, or a deeper tree, than is checked. */
  | { kind: 'unchecked'; why: string };

/** How an element names itself in a refusal: <tag#id>, read without trusting a form's fields. */
export function describeElement(el: Element): string {
  const id = idOf(el);
  return `<${localNameOf(el)}${id ? `#${id.slice(0, 40)}` : ''}>`;
}

/**
 * The browsing context a link or form goes to, as the browser reads it: the element's own target, else
 * the first <base target>. Keywords match ASCII case-insensitively but are not trimmed: " _self" is a
 * window name, so it opens a new window.
 */
function targetOf(own: string | null): string {
  if (own !== null) return own.toLowerCase();
  const base = queryAll('base[target]')[0];
  return (base ? attr(base, 'target') ?? '' : '').toLowerCase();
}

/** Whether a target (as targetOf answers it) stays in this window. */
export function staysInWindow(target: string): boolean {
  return target === '' || target === '_self' || target === '_top' || target === '_parent';
}

function resolvedOrUndefined(raw: string): string | undefined {
  try {
    return new URL(raw, documentBase()).href;
  } catch {
    return undefined;
  }
}

function link(el: Element): Activation | undefined {
  const ns = namespaceOf(el);
  const name = localNameOf(el);
  const isLink = (ns === HTML_NS && (name === 'a' || name === 'area')) || (ns === SVG_NS && name === 'a');
  if (!isLink) return undefined;
  const raw = attr(el, 'href') ?? (ns === SVG_NS ? attrNS(el, XLINK_NS, 'href') : null);
  if (raw === null) return undefined;
  return { kind: 'link', element: el, raw, href: resolvedOrUndefined(raw), target: targetOf(attr(el, 'target')), download: hasAttr(el, 'download') };
}

/**
 * formmethod="dialog" closes the dialog the form sits in and sends nothing. Keywords match ASCII
 * case-insensitively but are not trimmed: " dialog" is an invalid value, which means GET.
 */
function closesDialog(el: Element): boolean {
  return (attr(el, 'formmethod') ?? '').toLowerCase() === 'dialog';
}

/** The URLs of a space-separated address list, as the browser splits it: on ASCII whitespace, empty tokens dropped. */
export function addressTokens(value: string): string[] {
  return value.split(/[\t\n\f\r ]+/).filter((t) => t !== '');
}

/** Each address a link's click contacts besides its href (ping, attributionsrc). */
export function linkContacts(el: Element): Extract<Activation, { kind: 'contact' }>[] {
  const out: Extract<Activation, { kind: 'contact' }>[] = [];
  for (const attribute of LINK_CONTACT_ATTRIBUTES) {
    const value = attr(el, attribute);
    if (value !== null) for (const raw of addressTokens(value)) out.push({ kind: 'contact', element: el, attribute, raw });
  }
  return out;
}

function submission(el: Element): Activation | undefined {
  if (!(el instanceof HTMLButtonElement || el instanceof HTMLInputElement)) return undefined;
  if (el.type !== 'submit' && el.type !== 'image') return undefined;
  const form = el.form;
  if (!form) return undefined;
  const action = hasAttr(el, 'formaction') ? el.formAction : formActionOf(form);
  const method = hasAttr(el, 'formmethod') ? el.formMethod : formMethodOf(form);
  const target = targetOf(hasAttr(el, 'formtarget') ? attr(el, 'formtarget') : attr(form, 'target'));
  return { kind: 'submit', submitter: el, form, action, method, target };
}

function walk(el: Element, hops: number, out: Activation[]): void {
  let depth = 0;
  for (let node: Element | null = el; node; node = composedParent(node)) {
    if (++depth > MAX_DEPTH) {
      out.push({ kind: 'unchecked', why: 'The element sits deeper in the page than a click is checked.' });
      return;
    }
    const here = node;
    const overrides = FORM_OVERRIDE_ATTRIBUTES.filter((a) => hasAttr(here, a) && !(a === 'formmethod' && closesDialog(here)));
    if (overrides.length) out.push({ kind: 'form-override', element: node, attributes: overrides });
    const found = link(node) ?? submission(node);
    if (found) out.push(found);
    if (found?.kind === 'link') out.push(...linkContacts(node));
    if (node instanceof HTMLLabelElement) {
      const control = node.control;
      if (control && control !== el && !control.contains(el)) {
        if (hops >= MAX_LABEL_HOPS) out.push({ kind: 'unchecked', why: 'The click goes through too many labels to check.' });
        else walk(control, hops + 1, out);
      }
    }
  }
}

/** Everything a click on `el` could activate, outermost concerns included; empty when it activates nothing. */
export function activations(el: Element): Activation[] {
  const out: Activation[] = [];
  walk(el, 0, out);
  return out;
}
