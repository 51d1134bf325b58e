// The install of rules.json against a stand-in for Chrome's session rules: each remixlet's rules name
// exactly the tabs whose top document is one of its pages (and follow them as tabs navigate and close), an
// every-site remixlet's rules leave out tab -1 and the tabs that are not its pages, a rule Chrome refuses
// is left out with a log line while the others still apply, a navigation the worker starts is exempt
// until it commits, a tab kept out (a sign-in) has no rule act in it, and switching a remixlet off removes its rules.
import '../chrome-stub';
import { describe, expect, it } from 'vitest';
import { commitVersion, updateHead } from '../../../../worker/store/remixlets';
import { readLog } from '../../../../worker/store/logs';
import { FIRST_RULE_ID, rescopeNetRules, syncNetRules } from '../../../../worker/netrules/install';
import { endExtensionNavigation, forgetTab, keepRulesOutOfTab, setTopUrl, startExtensionNavigation } from '../../../../worker/netrules/tabs';

type Rule = chrome.declarativeNetRequest.Rule;
const installed = new Map<number, Rule>();
const chromeAny = (globalThis as unknown as { chrome: Record<string, Record<string, unknown>> }).chrome;
chromeAny.declarativeNetRequest = {
  ...chromeAny.declarativeNetRequest,
  getSessionRules: () => Promise.resolve([...installed.values()].map((r) => structuredClone(r))),
  updateSessionRules: ({ removeRuleIds = [], addRules = [] }: { removeRuleIds?: number[]; addRules?: Rule[] }) => {
    // Chrome refuses the whole update for one rule it will not take.
    const bad = addRules.find((r) => r.condition.urlFilter === '||chrome-refuses.example^');
    if (bad) return Promise.reject(new Error(`Rule with id ${bad.id} is invalid.`));
    for (const id of removeRuleIds) installed.delete(id);
    for (const r of addRules) {
      if (installed.has(r.id)) return Promise.reject(new Error(`Rule with id ${r.id} does not have a unique ID.`));
      installed.set(r.id, structuredClone(r));
    }
    return Promise.resolve();
  },
};
chromeAny.tabs = {
  ...chromeAny.tabs,
  // What a restarted worker finds: the shop's cart in tab 1, another shop page in tab 2, a bank in tab 3.
  query: () =>
    Promise.resolve([
      { id: 1, url: 'https://shop.example/cart/1' },
      { id: 2, url: 'https://shop.example/other' },
      { id: 3, url: 'https://bank.example/' },
    ]),
};

async function seed(id: string, matches: string[], rules: unknown[], excludeMatches?: string[]): Promise<void> {
  const manifest = { name: id, matches, ...(excludeMatches ? { excludeMatches } : {}), permissions: [{ name: 'netrules', reason: 'test' }] };
  await commitVersion(
    {
      remixletId: id,
      version: 1,
      files: { 'manifest.json': JSON.stringify(manifest), 'rules.json': JSON.stringify(rules) },
      digest: 'c'.repeat(64),
      apiVersion: 1,
      extensionVersion: '0.1.0',
      savedAt: 1,
      origin: 'seed',
    },
    1,
  );
}

const block = (host: string) => ({ action: { type: 'block' }, condition: { urlFilter: `||${host}^` } });
const scopeOf = (host: string) =>
  [...installed.values()].filter((r) => r.condition.urlFilter === `||${host}^`).map((r) => ({ tabIds: r.condition.tabIds, excludedTabIds: r.condition.excludedTabIds }));

describe('installing rules.json as session rules scoped to tabs', () => {
  it('follows the tabs, leaves out what Chrome refuses, exempts the worker’s own navigation, and goes when switched off', async () => {
    await seed('cartonly01', ['https://shop.example/cart/*'], [block('cart-ads.example'), block('chrome-refuses.example')], ['https://shop.example/cart/private*']);
    await seed('everysite01', ['<all_urls>'], [block('every-ads.example')], ['*://bank.example/*']);
    await syncNetRules();

    expect(scopeOf('cart-ads.example')).toEqual([{ tabIds: [1], excludedTabIds: undefined }]);
    expect(scopeOf('every-ads.example')).toEqual([{ tabIds: undefined, excludedTabIds: [-1, 3] }]);
    expect(scopeOf('chrome-refuses.example')).toEqual([]);
    expect((await readLog('cartonly01')).map((e) => e.message)).toEqual([expect.stringMatching(/^rules\.json: rule 2 was left out: Chrome refused it: Rule with id \d+ is invalid\.$/)]);
    const cartRule = [...installed.values()].find((r) => r.condition.urlFilter === '||cart-ads.example^')!;
    expect(cartRule.condition).toMatchObject({ initiatorDomains: ['shop.example'], excludedInitiatorDomains: ['testextensionid'] });

    // Tab 2 heads for a cart page: it gets the rules before the page loads; an excluded cart page does not.
    setTopUrl(2, 'https://shop.example/cart/2');
    await rescopeNetRules();
    expect(scopeOf('cart-ads.example')).toEqual([{ tabIds: [1, 2], excludedTabIds: undefined }]);
    setTopUrl(2, 'https://shop.example/cart/private/3');
    await rescopeNetRules();
    expect(scopeOf('cart-ads.example')).toEqual([{ tabIds: [1], excludedTabIds: undefined }]);
    // The bank tab leaves for a page the every-site remixlet covers.
    setTopUrl(3, 'https://news.example/');
    await rescopeNetRules();
    expect(scopeOf('every-ads.example')).toEqual([{ tabIds: undefined, excludedTabIds: [-1] }]);

    // No tab shows a cart page: the some-sites rule is not installed at all (an empty tabIds is no scope).
    forgetTab(1);
    await rescopeNetRules();
    expect(scopeOf('cart-ads.example')).toEqual([]);
    expect(scopeOf('every-ads.example')).toHaveLength(1);

    // The worker navigates tab 9 itself: an allow above every remixlet priority, for that tab's main frame, until it commits.
    startExtensionNavigation(9, 'https://news.example/deal');
    await rescopeNetRules();
    expect([...installed.values()].filter((r) => r.action.type === 'allow')).toEqual([
      { id: FIRST_RULE_ID, priority: 101, action: { type: 'allow' }, condition: { tabIds: [9], resourceTypes: ['main_frame'] } },
    ]);
    expect(endExtensionNavigation(9, 'about:blank')).toBe(false);
    expect(endExtensionNavigation(9, 'https://news.example/deal')).toBe(true);
    await rescopeNetRules();
    expect([...installed.values()].filter((r) => r.action.type === 'allow')).toEqual([]);

    // A tab that is the extension's own for its life (a sign-in): no rule acts in it, whatever it shows, until it closes.
    await keepRulesOutOfTab(12);
    await rescopeNetRules();
    expect(scopeOf('every-ads.example')).toEqual([{ tabIds: undefined, excludedTabIds: [-1, 12] }]);
    setTopUrl(12, 'https://shop.example/cart/12');
    setTopUrl(13, 'https://shop.example/cart/13');
    await rescopeNetRules();
    expect(scopeOf('cart-ads.example')).toEqual([{ tabIds: [13], excludedTabIds: undefined }]);
    expect(scopeOf('every-ads.example')).toEqual([{ tabIds: undefined, excludedTabIds: [-1, 12] }]);
    forgetTab(12);
    await rescopeNetRules();
    expect(scopeOf('every-ads.example')).toEqual([{ tabIds: undefined, excludedTabIds: [-1] }]);

    // Switched off: its rules go at the next install.
    await updateHead('everysite01', { enabled: false }, 2);
    await updateHead('cartonly01', { enabled: false }, 2);
    await syncNetRules();
    expect([...installed.values()]).toEqual([]);
  });
});
