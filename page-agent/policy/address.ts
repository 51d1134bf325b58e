// Context: page agent. The address rule (contracts/policy/address-rule.ts) applied here: resolved against
// this document's base as the browser would, with the page's own address and loads, and the remixlet's
// sites and fetch: hosts as the worker stated them. Answers the resolved address the element must get.
// A request that carries what the remixlet wrote somewhere else (a ping carries the link's destination in
// Ping-To) does not get the rule's "an address the page already loads" clause: that clause lets through an
// address the page's own loads name, which carries nothing, not a request carrying the remixlet's words.
// Trusts the scope (the worker's records) and the page itself for its address and its own loads.
import { checkAddress } from '../../contracts/policy/address-rule';
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpContext } from '../op-context';

export function checkedAddress(
  raw: string,
  kind: 'link' | 'image',
  ctx: Pick<OpContext, 'scope' | 'page' | 'name'>,
  opts: { carriesOtherAddresses?: boolean } = {},
): string {
  const verdict = checkAddress({
    raw,
    baseUrl: document.baseURI,
    pageUrl: location.href,
    kind,
    remixletMatches: ctx.scope.matches,
    fetchHosts: ctx.scope.fetchHosts,
    pageLoaded: opts.carriesOtherAddresses ? new Set<string>() : ctx.page.pageLoads(),
  });
  if (verdict.ok) return verdict.href;
  const first = verdict.refusals[0];
  throw new RemixletRefusal('ADDRESS_REFUSED', first?.reason ?? 'The address is refused.', ctx.name);
}
