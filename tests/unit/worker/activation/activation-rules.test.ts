// When a save asks the person first (security-architecture.md, "How approval works"): each condition is
// read on the version that would run next, so an update from a chat on one site cannot silently rewrite
// code that runs on another, and the dialog says "every site" whenever the product treats it so.
import { describe, expect, it } from 'vitest';
import { activationReasons } from '../../../../worker/activation/activation-rules';
import { ManifestSchema, type Manifest } from '../../../../contracts/policy/manifest';

const CHAT = 'shop.test';
const PERM = { name: 'storage', reason: 'remember what you hid' };

function manifest(matches: string[], more: { excludeMatches?: string[]; permissions?: Array<{ name: string; reason: string }> } = {}): Manifest {
  return ManifestSchema.parse({ name: 'n', description: 'd', matches, ...more }) as Manifest;
}

function reasons(next: Manifest, running?: Manifest, rules: { next?: string; running?: string } = {}, chatHost = CHAT) {
  return activationReasons({ next, nextRules: rules.next, running, runningRules: rules.running, chatHost }).sort();
}

describe('activation reasons', () => {
  it('a new or updated remixlet only on the chat site activates without a question', () => {
    expect(reasons(manifest(['*://shop.test/*']))).toEqual([]);
    expect(reasons(manifest(['*://shop.test/*']), manifest(['*://shop.test/*']))).toEqual([]);
    expect(reasons(manifest(['https://shop.test/cart*']), manifest(['https://shop.test/cart*'], { permissions: [PERM] }))).toEqual([]);
  });

  it('an update of a remixlet that runs on another site asks, even with the same matches (a chat on evil.test rewriting the bank)', () => {
    const bank = manifest(['*://bank.test/*']);
    expect(reasons(bank, bank, {}, 'evil.test')).toEqual(['other-than-chat-site']);
    const both = manifest(['*://shop.test/*', '*://news.test/*']);
    expect(reasons(both, both)).toEqual(['other-than-chat-site']);
  });

  it('an update whose next version runs on every site asks, even when the running one did too', () => {
    expect(reasons(manifest(['<all_urls>']), manifest(['<all_urls>']))).toEqual(['every-site']);
    expect(reasons(manifest(['*://*/*']), manifest(['*://*/*']))).toEqual(['every-site']);
  });

  it('a pattern whose host is * counts as every site, whatever its scheme or path', () => {
    for (const p of ['https://*/*', '*://*/checkout*', 'http://*:8080/*']) {
      expect(reasons(manifest([p])), p).toEqual(['every-site']);
      expect(reasons(manifest([p, '*://shop.test/*']), manifest(['*://shop.test/*'])), p).toContain('every-site');
    }
  });

  it('a subdomain wildcard of the chat site is not just the chat site', () => {
    expect(reasons(manifest(['*://*.shop.test/*']))).toEqual(['other-than-chat-site']);
    expect(reasons(manifest(['*://www.shop.test/*']))).toEqual(['other-than-chat-site']);
  });

  it('more sites than before asks', () => {
    expect(reasons(manifest(['*://shop.test/*', 'https://shop.test:8080/*']), manifest(['*://shop.test/*']))).toEqual(['new-sites']);
  });

  it('removing or changing an excludeMatches pattern runs it on more pages: asks', () => {
    const running = manifest(['*://shop.test/*'], { excludeMatches: ['*://shop.test/account*'] });
    expect(reasons(manifest(['*://shop.test/*']), running)).toEqual(['new-sites']);
    expect(reasons(manifest(['*://shop.test/*'], { excludeMatches: ['*://shop.test/account/settings*'] }), running)).toEqual(['new-sites']);
    // Excluding more narrows it: no question.
    expect(reasons(manifest(['*://shop.test/*'], { excludeMatches: ['*://shop.test/account*', '*://shop.test/pay*'] }), running)).toEqual([]);
  });

  it('changed network rules ask, for a new remixlet and for an update alike', () => {
    const here = manifest(['*://shop.test/*']);
    const rule = JSON.stringify([{ id: 1, action: { type: 'block' }, condition: { urlFilter: '||ads.shop.test' } }]);
    expect(reasons(here, undefined, { next: rule })).toEqual(['network-rules']);
    expect(reasons(here, here, { next: rule, running: undefined })).toEqual(['network-rules']);
    expect(reasons(here, here, { next: rule, running: `${rule}\n` })).toEqual([]);
    expect(reasons(here, here, { next: undefined, running: rule })).toEqual(['network-rules']);
  });

  it('moving a remixlet that also runs elsewhere onto just the chat site with the permissions it has asks', () => {
    const wide = manifest(['*://shop.test/*', '*://news.test/*'], { permissions: [PERM] });
    expect(reasons(manifest(['*://shop.test/*'], { permissions: [PERM] }), wide)).toEqual(['narrowed-to-chat-site']);
    // Without the permissions it held, there is nothing to carry over: no question.
    expect(reasons(manifest(['*://shop.test/*']), wide)).toEqual([]);
  });
});
