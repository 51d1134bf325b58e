import { describe, it, expect } from 'vitest';
import { checkAddress } from '../../../../contracts/policy/address-rule';
import type { AddressInput } from '../../../../contracts/policy/address-rule';
import { readCorpus } from '../../../corpora/read';

const PAGE = 'https://shop.test/account/orders';

function check(raw: string, over: Partial<AddressInput> = {}) {
  return checkAddress({
    raw,
    baseUrl: PAGE,
    pageUrl: PAGE,
    kind: 'link',
    remixletMatches: ['https://shop.test/*'],
    fetchHosts: ['api.partner.test'],
    pageLoaded: new Set(['https://tracker.example/pixel.gif?id=1']),
    ...over,
  });
}

function href(raw: string, over: Partial<AddressInput> = {}): string | undefined {
  const r = check(raw, over);
  return r.ok ? r.href : undefined;
}

describe('allowed addresses', () => {
  it('resolves relative addresses against the base and returns the resolved href', () => {
    expect(href('details?id=7')).toBe('https://shop.test/account/details?id=7');
    expect(href('/help')).toBe('https://shop.test/help');
    expect(href('../cart')).toBe('https://shop.test/cart');
    expect(href('images/a.png', { kind: 'image', baseUrl: 'https://shop.test/static/' })).toBe('https://shop.test/static/images/a.png');
  });
  it("allows the page's own origin even outside the remixlet's matches", () => {
    expect(href('https://shop.test/x', { remixletMatches: ['https://shop.test/account/*'] })).toBe('https://shop.test/x');
  });
  it("allows any host the remixlet's matches cover, whatever the pattern's path", () => {
    expect(href('https://img.cdn.test/p.png', { remixletMatches: ['https://shop.test/*', '*://*.cdn.test/only-this-path/*'] })).toBe('https://img.cdn.test/p.png');
  });
  it('allows an approved fetch: host', () => {
    expect(href('https://api.partner.test/item/1', { kind: 'image' })).toBe('https://api.partner.test/item/1');
  });
  it('allows an address the page already loads, exactly', () => {
    expect(href('https://tracker.example/pixel.gif?id=1', { kind: 'image' })).toBe('https://tracker.example/pixel.gif?id=1');
    expect(check('https://tracker.example/pixel.gif?id=2', { kind: 'image' }).ok).toBe(false);
  });
  it('allows any http(s) host for a remixlet that runs on every site', () => {
    expect(href('https://anything.example/', { remixletMatches: ['<all_urls>'] })).toBe('https://anything.example/');
    expect(check('javascript:alert(1)', { remixletMatches: ['<all_urls>'] }).ok).toBe(false);
  });
  it('allows data: images, SVG included (inert in an image element), only for images', () => {
    expect(href('data:image/png;base64,iVBORw0KGgo=', { kind: 'image' })).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(check('data:image/svg+xml,<svg onload=alert(1)>', { kind: 'image' }).ok).toBe(true);
    expect(check('DATA:IMAGE/GIF;base64,R0lGOD==', { kind: 'image' }).ok).toBe(true);
    expect(check('data:image/png;base64,iVBORw0KGgo=', { kind: 'link' }).ok).toBe(false);
    expect(check('data:text/html,<script>alert(1)</script>', { kind: 'image' }).ok).toBe(false);
    expect(check('data:,image/png', { kind: 'image' }).ok).toBe(false);
  });
});

describe('refused addresses', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' \t\njavascript:alert(1)',
    'java\tscript:alert(1)',
    'jav\na\rscript:alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'blob:https://shop.test/6f1c1d2e-0000-4000-8000-000000000000',
    'filesystem:https://shop.test/temporary/x',
    'data:text/html,hi',
    'chrome://settings',
    'file:///etc/passwd',
    'intent://x#Intent;scheme=https;end',
    'mailto:someone@shop.test',
    'about:blank',
  ])('refuses %j', (raw) => {
    const r = check(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals[0]?.code).toBe('ADDRESS_REFUSED');
  });
  it('refuses protocol-relative and backslash tricks that reach another host', () => {
    expect(check('//attacker.example/x').ok).toBe(false);
    expect(href('//shop.test/x')).toBe('https://shop.test/x');
    expect(check('\\\\attacker.example\\x').ok).toBe(false);
    expect(check('/\\attacker.example/').ok).toBe(false);
    expect(check('\\/attacker.example/').ok).toBe(false);
    expect(check('https:\\\\attacker.example').ok).toBe(false);
  });
  it('refuses userinfo tricks, reading the real host', () => {
    expect(check('https://shop.test@attacker.example/').ok).toBe(false);
    expect(check('https://shop.test:443@attacker.example/').ok).toBe(false);
    expect(check('https://user:pw@shop.test/').ok).toBe(false);
  });
  it('compares IDN hosts in punycode and refuses look-alikes', () => {
    const idn = ['https://bücher.test/*'];
    expect(href('https://BÜCHER.test/a', { remixletMatches: idn })).toBe('https://xn--bcher-kva.test/a');
    // Cyrillic "ѕ" (U+0455) in place of the Latin "s"
    expect(check('https://\u0455hop.test/').ok).toBe(false);
    expect(check('https://xn--hop-4ed.test/').ok).toBe(false);
  });
  it('refuses a base address the page moved elsewhere', () => {
    expect(check('images/a.png', { kind: 'image', baseUrl: 'https://cdn.attacker.example/' }).ok).toBe(false);
  });
  it('refuses a look-alike suffix and another site', () => {
    expect(check('https://shop.test.attacker.example/').ok).toBe(false);
    expect(check('https://attacker.example/?u=https://shop.test/').ok).toBe(false);
  });
  it('refuses an http address on an https page', () => {
    expect(check('http://shop.test/').ok).toBe(false);
    expect(href('http://shop.test/', { pageUrl: 'http://shop.test/', baseUrl: 'http://shop.test/', remixletMatches: ['*://shop.test/*'] })).toBe('http://shop.test/');
  });
  it("refuses a link to a fragment of this page, which would act on the page's elements", () => {
    expect(check('#delete-account').ok).toBe(false);
    expect(check('https://shop.test/account/orders#x').ok).toBe(false);
    expect(check('#').ok).toBe(false);
    expect(href('/account/other#x')).toBe('https://shop.test/account/other#x');
    expect(check('#x', { kind: 'image' }).ok).toBe(true);
  });
  it('refuses what does not parse and oversized addresses', () => {
    expect(check('https://exa mple.com/').ok).toBe(false);
    expect(check('http://[::1').ok).toBe(false);
    expect(check(`/${'a'.repeat(70_000)}`).ok).toBe(false);
    expect(check('/x', { pageUrl: 'not a url' }).ok).toBe(false);
  });
  it('names the resolved address and suggests a fetch: permission', () => {
    const r = check('https://other.test/a');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals[0]?.reason).toContain('fetch:other.test');
  });
});

interface DomVector {
  id: string;
  category: string;
  operation: string;
}

// URL tricks from the page-policy corpus, applied to a link on https://page.example/ whose remixlet
// runs on https://page.example/*. "allow" means the address resolves somewhere the rule allows.
describe('dom-policy-vectors URL tricks', () => {
  const vectors: DomVector[] = readCorpus<DomVector[]>('dom-policy-vectors.json');
  const VERDICT: Record<string, 'allow' | 'refuse'> = {
    'dom-39': 'refuse', // javascript:
    'dom-40': 'refuse', // mixed case
    'dom-41': 'refuse', // leading C0/space stripped by the parser
    'dom-45': 'allow', // U+2028 is not stripped: it resolves to a path on the page's own origin, not javascript:
    'dom-46': 'refuse', // vbscript:
    'dom-47': 'refuse', // data: non-image
    'dom-48': 'refuse', // data: SVG on a link
    'dom-49': 'refuse', // blob:
    'dom-52': 'refuse', // userinfo: the host is attacker.example
    'dom-54': 'allow', // "https:attacker.example" with an https base is a relative path on the page origin
    'dom-56': 'refuse', // "/\attacker.example" is host-relative to attacker.example
    'dom-58': 'allow', // a query to the page's own origin: that server already has what the page shows
    'dom-59': 'refuse', // http on an https page
    'dom-60': 'allow', // trailing dot and case: Chromium matches patterns ignoring the trailing dot
    'dom-62': 'refuse', // intent:
    'dom-63': 'refuse', // chrome:
    'dom-71': 'refuse', // fragment of this page
  };
  const urlCases = vectors
    .map((v) => {
      const m = /^dom\.(?:setAttribute\(a, "href", |create\("a",\{href:)("(?:[^"\\]|\\.)*")/.exec(v.operation);
      return m?.[1] ? { id: v.id, raw: JSON.parse(m[1]) as string } : undefined;
    })
    .filter((c): c is { id: string; raw: string } => c !== undefined && c.id in VERDICT);
  it('finds every listed vector in the corpus', () => {
    expect(urlCases.map((c) => c.id).sort()).toEqual(Object.keys(VERDICT).sort());
  });
  it.each(urlCases.map((c) => [c.id, c.raw] as const))('%s %j', (id, raw) => {
    const input = raw.startsWith('#<') ? '#section' : raw;
    const r = checkAddress({
      raw: input,
      baseUrl: 'https://page.example/',
      pageUrl: 'https://page.example/',
      kind: 'link',
      remixletMatches: ['https://page.example/*'],
      fetchHosts: [],
      pageLoaded: new Set(),
    });
    expect(r.ok ? 'allow' : 'refuse').toBe(VERDICT[id]);
    if (r.ok) expect(new URL(r.href).protocol).toBe('https:');
  });
});
