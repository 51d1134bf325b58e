// The rules.json check: every rule of the hostile corpus is refused (for a remixlet on some sites and for
// one on every site) with a reason that names what it touched; the limits of the source document hold one
// by one; good rules pass, cleaned; and the installed form never acts on the extension's own requests,
// names exactly the tabs whose top document is one of the remixlet's pages, and never tab -1.
import { describe, expect, it } from 'vitest';
import { checkRule, checkRulesFile, checkRulesText, netrulesScopeOf, HEADERS_A_RULE_MAY_CHANGE } from '../../../../contracts/policy/netrules';
import { checkRemixletFiles } from '../../../../contracts/save-checks';
import { EXEMPTION_PRIORITY, TAB_ID_NONE, inTabs, installable, isOwnPage, navigationExemption } from '../../../../worker/netrules/installable';
import { readCorpus } from '../../../corpora/read';

interface CorpusEntry {
  id: string;
  category: 'response-header' | 'request-header' | 'redirect' | 'scope';
  rule: unknown;
  why: string;
  expected: 'refuse';
}
const corpus = readCorpus<CorpusEntry[]>('netrules-hostile.json');

const someSites = netrulesScopeOf({ matches: ['*://page.example/*', 'https://own.example/*'] });
const everySite = netrulesScopeOf({ matches: ['<all_urls>'] });
const why: Record<CorpusEntry['category'], RegExp> = {
  'response-header': /security header|not one of the response headers/,
  'request-header': /security header|not one of the request headers/,
  redirect: /redirect/,
  scope: /tabs/,
};

describe('the hostile corpus (tests/corpora/netrules-hostile.json)', () => {
  it('has the entries the corpus README promises', () => {
    expect(corpus.length).toBe(60);
    expect(corpus.every((e) => e.expected === 'refuse')).toBe(true);
  });

  describe.each([
    ['on some sites', someSites],
    ['on every site', everySite],
  ])('a remixlet %s', (_label, scope) => {
    it.each(corpus.map((e) => [e.id, e] as const))('%s is refused, saying why', (_id, entry) => {
      const verdict = checkRule(entry.rule, 0, scope);
      expect(verdict.ok).toBe(false);
      if (!verdict.ok) expect(verdict.problems.join('; ')).toMatch(why[entry.category]);
    });
  });

  it('each is refused at save as RULE_REFUSED naming the rule, whatever else the file holds', () => {
    const good = { action: { type: 'block' }, condition: { urlFilter: '||ads.page.example^' } };
    for (const entry of corpus) {
      const files = {
        'manifest.json': JSON.stringify({ name: 'r', matches: ['*://page.example/*'], permissions: [{ name: 'netrules', reason: 'block ads' }] }),
        'rules.json': JSON.stringify([good, entry.rule]),
      };
      const result = checkRemixletFiles(files);
      expect(result.ok, entry.id).toBe(false);
      if (!result.ok) expect(result.refusals).toEqual([expect.objectContaining({ code: 'RULE_REFUSED', file: 'rules.json', reason: expect.stringMatching(/^rules\.json rule 2: /) })]);
    }
  });
});

describe('the limits', () => {
  const rule = (action: unknown, condition: unknown = { urlFilter: '||page.example^' }) => ({ action, condition });
  const problems = (r: unknown, scope = someSites) => {
    const v = checkRule(r, 0, scope);
    return v.ok ? [] : v.problems;
  };

  it('a redirect applies only to GET, and is installed so', () => {
    expect(problems(rule({ type: 'redirect', redirect: { url: 'https://own.example/x' } }, { urlFilter: '||page.example^', requestMethods: ['post'] })).join()).toMatch(/only to GET/);
    const ok = checkRule(rule({ type: 'redirect', redirect: { url: 'https://own.example/x' } }), 0, someSites);
    expect(ok.ok && ok.rule.condition.requestMethods).toEqual(['get']);
  });

  it("a redirect goes only to https on the remixlet's own sites (some sites), or the same site as the named hosts (every site)", () => {
    expect(problems(rule({ type: 'redirect', redirect: { url: 'http://own.example/x' } })).join()).toMatch(/https/);
    expect(problems(rule({ type: 'redirect', redirect: { url: 'https://attacker.example/x' } })).join()).toMatch(/own sites/);
    expect(problems(rule({ type: 'redirect', redirect: { url: 'https://own.example/x' } }))).toEqual([]);
    expect(problems(rule({ type: 'redirect', redirect: { url: 'https://www.page.example/x' } }), everySite)).toEqual([]);
    expect(problems(rule({ type: 'redirect', redirect: { url: 'https://own.example/x' } }), everySite).join()).toMatch(/same site/);
    expect(problems(rule({ type: 'redirect', redirect: { url: 'https://user:pw@own.example/x' } })).join()).toMatch(/user name/);
  });

  it('a transform may only move to https and change path or query, on named hosts of its own sites', () => {
    expect(problems(rule({ type: 'redirect', redirect: { transform: { scheme: 'https', queryTransform: { removeParams: ['utm_source'] } } } }))).toEqual([]);
    expect(problems(rule({ type: 'redirect', redirect: { transform: { scheme: 'https' } } }, { urlFilter: '||cdn.elsewhere.example^' })).join()).toMatch(/own sites/);
    expect(problems(rule({ type: 'redirect', redirect: { transform: { path: '/x' } } })).join()).toMatch(/scheme to "https"/);
    expect(problems(rule({ type: 'redirect', redirect: { transform: { scheme: 'https', port: '8443' } } })).join()).toMatch(/port/);
    expect(problems(rule({ type: 'redirect', redirect: { transform: { scheme: 'https' } } }, { resourceTypes: ['image'] })).join()).toMatch(/name the hosts/);
  });

  it('a rule of an every-site remixlet must name its hosts; a bare or public-suffix anchor names none', () => {
    expect(problems(rule({ type: 'block' }, { resourceTypes: ['script'] }), everySite).join()).toMatch(/would match every request/);
    expect(problems(rule({ type: 'block' }, { urlFilter: '*' }), everySite).join()).toMatch(/would match every request/);
    expect(problems(rule({ type: 'block' }, { urlFilter: '||ads.example' }), everySite).join()).toMatch(/would match every request/);
    expect(problems(rule({ type: 'block' }, { urlFilter: '||com^' }), everySite).join()).toMatch(/public suffix/);
    expect(problems(rule({ type: 'block' }, { requestDomains: ['co.uk'] }), everySite).join()).toMatch(/public suffix/);
    expect(problems(rule({ type: 'block' }, { urlFilter: '||ads.example^' }), everySite)).toEqual([]);
    // On some sites such a rule acts only on its own pages' requests, so it may match all of them.
    expect(problems(rule({ type: 'block' }, { resourceTypes: ['script'] }))).toEqual([]);
  });

  it("a some-sites remixlet may narrow its initiators, never reach another site's pages", () => {
    expect(problems(rule({ type: 'block' }, { urlFilter: '||ads.example^', initiatorDomains: ['news.page.example'] }))).toEqual([]);
    expect(problems(rule({ type: 'block' }, { urlFilter: '||ads.example^', initiatorDomains: ['bank.example'] })).join()).toMatch(/not one of the remixlet's sites/);
  });

  it('no rule names tabs, uses regexSubstitution or an extension page, or an unknown field', () => {
    expect(problems(rule({ type: 'block' }, { urlFilter: '||a.example^', excludedTabIds: [1] })).join()).toMatch(/tabs/);
    expect(problems(rule({ type: 'block', redirect: {} })).join()).toMatch(/"redirect"/);
    expect(problems({ ...rule({ type: 'block' }), extra: 1 }).join()).toMatch(/"extra"/);
    expect(problems(rule({ type: 'allowAllRequests' })).join()).toMatch(/not supported/);
  });

  it('headers: only the listed ones and operations, with printable values', () => {
    for (const [name, ops] of Object.entries(HEADERS_A_RULE_MAY_CHANGE.request)) {
      for (const op of ops) expect(problems(rule({ type: 'modifyHeaders', requestHeaders: [{ header: name, operation: op, ...(op === 'remove' ? {} : { value: 'x' }) }] }))).toEqual([]);
    }
    expect(problems(rule({ type: 'modifyHeaders', requestHeaders: [{ header: 'X-Custom', operation: 'set', value: 'x' }] })).join()).toMatch(/not one of the request headers/);
    expect(problems(rule({ type: 'modifyHeaders', requestHeaders: [{ header: 'user-agent', operation: 'set', value: 'a\r\nSet-Cookie: x' }] })).join()).toMatch(/printable ASCII/);
    expect(problems(rule({ type: 'modifyHeaders', responseHeaders: [{ header: 'server', operation: 'set', value: 'x' }] })).join()).toMatch(/only be changed with remove/);
  });

  it('the file: a list of at most 100 rules, at most 5 regexes; at install the good rules of a bad file survive', () => {
    const m = { matches: ['*://page.example/*'] };
    expect(checkRulesFile('{}', m)).toMatchObject({ ok: false, refusals: [{ reason: expect.stringMatching(/JSON list/) }] });
    expect(checkRulesFile(JSON.stringify(Array(101).fill(rule({ type: 'block' }))), m)).toMatchObject({ ok: false });
    const regexes = Array.from({ length: 6 }, (_, i) => rule({ type: 'block' }, { regexFilter: `^https://a${i}\\.example/` }));
    expect(checkRulesText(JSON.stringify(regexes), m).refused.map((r) => r.index)).toEqual([5]);
    const mixed = checkRulesText(JSON.stringify([rule({ type: 'block' }), corpus[0]!.rule, rule({ type: 'upgradeScheme' })]), m);
    expect(mixed.rules.map((r) => r.index)).toEqual([0, 2]);
    expect(mixed.refused.map((r) => r.index)).toEqual([1]);
  });
});

describe('the installed form', () => {
  const checked = (r: unknown, scope = someSites) => {
    const v = checkRule(r, 0, scope);
    if (!v.ok) throw new Error(v.problems.join('; '));
    return v.rule;
  };

  it("never acts on the extension's own requests or a paused site's pages, and scopes a some-sites remixlet to its pages", () => {
    const dnr = installable(checked({ action: { type: 'block' }, condition: { urlFilter: '||ads.example^' } }), 1_000_001, someSites, 'extid', ['paused.example']);
    expect(dnr.condition.excludedInitiatorDomains).toEqual(['extid', 'paused.example']);
    expect(dnr.condition.initiatorDomains).toEqual(['page.example', 'own.example']);
    const every = installable(checked({ action: { type: 'block' }, condition: { urlFilter: '||ads.example^' } }, everySite), 1_000_002, everySite, 'extid', []);
    expect(every.condition.initiatorDomains).toBeUndefined();
    expect(every.condition.excludedInitiatorDomains).toEqual(['extid']);
  });

  it("names exactly the tabs showing one of a some-sites remixlet's pages, and is left out while there are none", () => {
    const rule = installable(checked({ action: { type: 'block' }, condition: { urlFilter: '||ads.example^' } }), 1_000_001, someSites, 'extid', []);
    expect(inTabs(rule, false, { members: [7, 3, 7], others: [1, 2] })?.condition).toMatchObject({ tabIds: [3, 7], initiatorDomains: ['page.example', 'own.example'] });
    expect(inTabs(rule, false, { members: [7], others: [] })?.condition.excludedTabIds).toBeUndefined();
    expect(inTabs(rule, false, { members: [], others: [1, 2] })).toBeUndefined();
  });

  it("an every-site remixlet's rule acts in every tab but those that are not its pages, never outside a tab (the extension's worker and offscreen document)", () => {
    const rule = installable(checked({ action: { type: 'block' }, condition: { urlFilter: '||ads.example^' } }, everySite), 1_000_002, everySite, 'extid', []);
    const scoped = inTabs(rule, true, { members: [4], others: [9, 2] })!;
    expect(TAB_ID_NONE).toBe(-1);
    expect(scoped.condition.excludedTabIds).toEqual([-1, 2, 9]);
    expect(scoped.condition.tabIds).toBeUndefined();
    expect(inTabs(rule, true, { members: [], others: [] })!.condition.excludedTabIds).toEqual([-1]);
  });

  it("a tab is one of a remixlet's pages by its matches and excludeMatches exactly (scheme, host, path), and not on a paused site", () => {
    const cart = { matches: ['https://shop.example/cart/*'], excludeMatches: ['https://shop.example/cart/private*'], pausedSites: [] };
    expect(isOwnPage(cart, 'https://shop.example/cart/1')).toBe(true);
    expect(isOwnPage(cart, 'https://shop.example/other')).toBe(false);
    expect(isOwnPage(cart, 'http://shop.example/cart/1')).toBe(false);
    expect(isOwnPage(cart, 'https://sub.shop.example/cart/1')).toBe(false);
    expect(isOwnPage(cart, 'https://shop.example/cart/private/2')).toBe(false);
    expect(isOwnPage({ ...cart, pausedSites: ['shop.example'] }, 'https://shop.example/cart/1')).toBe(false);
    const every = { matches: ['<all_urls>'], excludeMatches: ['*://bank.example/*'], pausedSites: [] };
    expect(isOwnPage(every, 'https://news.example/')).toBe(true);
    expect(isOwnPage(every, 'https://bank.example/')).toBe(false);
    expect(isOwnPage(every, 'chrome-extension://extid/panel/manager.html')).toBe(false);
    expect(isOwnPage(every, 'about:blank')).toBe(false);
  });

  it("a navigation the extension starts is exempt from every remixlet rule, for that tab's main frame only", () => {
    const exemption = navigationExemption(1_000_000, 42);
    expect(exemption).toEqual({ id: 1_000_000, priority: EXEMPTION_PRIORITY, action: { type: 'allow' }, condition: { tabIds: [42], resourceTypes: ['main_frame'] } });
    // Above the highest priority a rules.json may give (an allow outranks lower-priority modifyHeaders too).
    expect(checkRule({ priority: EXEMPTION_PRIORITY, action: { type: 'block' }, condition: { urlFilter: '||ads.example^' } }, 0, everySite).ok).toBe(false);
    expect(checkRule({ priority: EXEMPTION_PRIORITY - 1, action: { type: 'block' }, condition: { urlFilter: '||ads.example^' } }, 0, everySite).ok).toBe(true);
  });

  it('carries only the fields the check read', () => {
    const dnr = installable(checked({ action: { type: 'modifyHeaders', requestHeaders: [{ header: 'DNT', operation: 'set', value: '1' }] }, condition: { urlFilter: '||page.example^' } }), 1_000_003, someSites, 'extid', []);
    expect(dnr).toEqual({
      id: 1_000_003,
      priority: 1,
      action: { type: 'modifyHeaders', requestHeaders: [{ header: 'dnt', operation: 'set', value: '1' }] },
      condition: { urlFilter: '||page.example^', initiatorDomains: ['page.example', 'own.example'], excludedInitiatorDomains: ['extid'] },
    });
  });
});
