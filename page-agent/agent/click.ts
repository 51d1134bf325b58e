// Context: page agent (isolated world). click_element: one click on a matched element, refused when it
// would follow a link or submit a form to another site, or when a formaction is involved (as for a
// remixlet). A permitted click can still trigger the site's own actions; that is a documented gap.
import type { z } from 'zod';
import type { ClickInput, ClickOutput } from '../../contracts/agent/tools';
import { RemixletRefusal } from '../../contracts/refusals';
import { cleanText, selectorFor } from './describe';
import { agentQueryAll } from './selector';

function hostOf(address: string): string | undefined {
  try {
    const url = new URL(address, document.baseURI);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname : undefined;
  } catch {
    return undefined;
  }
}

export function clickElement(input: z.infer<typeof ClickInput> & { site: string }): z.infer<typeof ClickOutput> {
  const el = agentQueryAll(input.selector, 'click_element')[input.index ?? 0];
  if (!el) throw new RemixletRefusal('NOT_FOUND', `Nothing matches ${JSON.stringify(input.selector.slice(0, 100))} at index ${input.index ?? 0}.`, 'click_element');
  const target = el instanceof HTMLLabelElement && el.control ? el.control : el;
  const link = target.closest('a[href], area[href]');
  if (link) {
    const href = link.getAttribute('href') ?? '';
    if (/^\s*javascript:/i.test(href)) throw new RemixletRefusal('CLICK_REFUSED', 'This link runs a javascript: address; the agent does not click it.', 'click_element');
    const host = hostOf(href);
    if (host !== undefined && host !== input.site) throw new RemixletRefusal('CLICK_REFUSED', `This link goes to ${host}, not ${input.site}; the agent stays on the chat's site.`, 'click_element');
  }
  const button = target.closest('button, input[type=submit], input[type=image]');
  if (button) {
    if (button.hasAttribute('formaction')) throw new RemixletRefusal('CLICK_REFUSED', 'This button has a formaction; the agent does not click it.', 'click_element');
    const form = (button as HTMLButtonElement).form;
    if (form && (button as HTMLButtonElement).type === 'submit') {
      const host = hostOf(form.getAttribute('action') ?? location.href);
      if (host !== input.site) throw new RemixletRefusal('CLICK_REFUSED', `This button submits a form to ${host ?? 'an unknown address'}, not ${input.site}.`, 'click_element');
    }
  }
  (target as HTMLElement).click();
  return { clicked: true, description: `${selectorFor(target)} "${cleanText(target.textContent ?? '', 80)}"` };
}
