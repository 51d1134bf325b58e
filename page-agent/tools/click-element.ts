// Context: page agent (isolated world). click_element: one click on a matched element, refused when
// anything the click would activate (policy/activation.ts, the same analysis h.click() uses: a link
// around it, a control reached through a label, the form a submit or image button submits, with
// formaction, and every URL of a link's ping and attributionsrc) would leave the chat's site, or when
// anything would send a form by another address, method, encoding or window than the form's own
// (formaction, formmethod, formenctype, formtarget: as for a remixlet). A permitted click can still trigger
// the site's own actions; that is a documented gap.
import type { z } from 'zod';
import type { ClickInput, ClickOutput } from '../../contracts/assistant/tools';
import { RemixletRefusal } from '../../contracts/refusals';
import { activations, type Activation } from '../policy/activation';
import { clickElementOf, documentBase, textOf } from '../policy/unclobbered';
import { cleanText, selectorFor } from './describe';
import { assistantQueryAll } from './selector';

function refuse(reason: string): never {
  throw new RemixletRefusal('CLICK_REFUSED', reason, 'click_element');
}

/** The host of an http(s) address, else undefined. */
function webHost(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname : undefined;
  } catch {
    return undefined;
  }
}

function check(a: Activation, site: string): void {
  switch (a.kind) {
    case 'unchecked':
      return refuse(a.why);
    case 'form-override':
      return refuse(`This element carries ${a.attributes.join(', ')}, which would send a form another way than the form's own; the agent does not click it.`);
    case 'contact': {
      let host: string | undefined;
      try {
        host = webHost(new URL(a.raw, documentBase()).href);
      } catch {
        host = undefined;
      }
      if (host !== site) refuse(`This link also sends its ${a.attribute} to ${host ?? JSON.stringify(a.raw.slice(0, 60))}, not ${site}; the agent stays on the chat's site.`);
      return;
    }
    case 'link': {
      if (/^\s*javascript:/i.test(a.raw)) refuse('This link runs a javascript: address; the agent does not click it.');
      const host = webHost(a.href);
      if (host === undefined) refuse(`This link opens ${JSON.stringify(a.raw.slice(0, 60))}, not a web page on ${site}; the agent stays on the chat's site.`);
      if (host !== site) refuse(`This link goes to ${host}, not ${site}; the agent stays on the chat's site.`);
      return;
    }
    case 'submit': {
      if (a.method === 'dialog') return;
      const host = webHost(a.action);
      if (host !== site) refuse(`This button submits a form to ${host ?? 'an address that is not a web page'}, not ${site}.`);
      return;
    }
  }
}

export function clickElement(input: z.infer<typeof ClickInput> & { site: string }): z.infer<typeof ClickOutput> {
  const el = assistantQueryAll(input.selector, 'click_element')[input.index ?? 0];
  if (!el) throw new RemixletRefusal('NOT_FOUND', `Nothing matches ${JSON.stringify(input.selector.slice(0, 100))} at index ${input.index ?? 0}.`, 'click_element');
  const target = el instanceof HTMLLabelElement && el.control ? el.control : el;
  for (const a of activations(target)) check(a, input.site);
  if (target instanceof HTMLElement) clickElementOf(target);
  else target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window }));
  return { clicked: true, description: `${selectorFor(target)} "${cleanText(textOf(target) ?? '', 80)}"` };
}
