import { describe, it, expect } from 'vitest';
import { coversEverySite, hostsOf, isAllUrls, matchesUrl, parseMatchPattern, siteLabel } from '../../../../contracts/policy/match-pattern';

function matches(pattern: string, url: string): boolean {
  return matchesUrl([pattern], [], url);
}

// The valid and invalid examples from https://developer.chrome.com/docs/extensions/develop/concepts/match-patterns
describe('Chromium documented examples', () => {
  it('https://*/* matches any https URL', () => {
    expect(matches('https://*/*', 'https://www.google.com/')).toBe(true);
    expect(matches('https://*/*', 'https://example.org/foo/bar.html')).toBe(true);
    expect(matches('https://*/*', 'http://www.google.com/')).toBe(false);
  });
  it('https://*/foo* matches https URLs whose path starts with /foo', () => {
    expect(matches('https://*/foo*', 'https://example.com/foo/bar.html')).toBe(true);
    expect(matches('https://*/foo*', 'https://www.google.com/foo')).toBe(true);
    expect(matches('https://*/foo*', 'https://www.google.com/bar/foo')).toBe(false);
  });
  it('https://*.google.com/foo*bar matches google.com and its subdomains with the path glob', () => {
    expect(matches('https://*.google.com/foo*bar', 'https://www.google.com/foo/baz/bar')).toBe(true);
    expect(matches('https://*.google.com/foo*bar', 'https://docs.google.com/foobar')).toBe(true);
    expect(matches('https://*.google.com/foo*bar', 'https://google.com/foobar')).toBe(true);
    expect(matches('https://*.google.com/foo*bar', 'https://docs.google.com/foobarbaz')).toBe(false);
    expect(matches('https://*.google.com/foo*bar', 'https://notgoogle.com/foobar')).toBe(false);
  });
  it('http://127.0.0.1/* matches that IP on http', () => {
    expect(matches('http://127.0.0.1/*', 'http://127.0.0.1/')).toBe(true);
    expect(matches('http://127.0.0.1/*', 'http://127.0.0.1/foo/bar.html')).toBe(true);
    expect(matches('http://127.0.0.1/*', 'https://127.0.0.1/')).toBe(false);
  });
  it('http://localhost/* matches any localhost port', () => {
    expect(matches('http://localhost/*', 'http://localhost:3000')).toBe(true);
    expect(matches('http://localhost/*', 'http://localhost:8080')).toBe(true);
  });
  it('*://mail.google.com/ matches http and https', () => {
    expect(matches('*://mail.google.com/', 'http://mail.google.com/')).toBe(true);
    expect(matches('*://mail.google.com/', 'https://mail.google.com/')).toBe(true);
    expect(matches('*://mail.google.com/', 'https://mail.google.com/u/0')).toBe(false);
  });
  it.each([
    ['https://www.google.com', 'no path'],
    ['https://*foo/bar', '"*" may appear in the host only'],
    ['https://foo.*.bar/baz', '"*" may appear in the host only'],
    ['http:/bar', 'write "http://"'],
    ['foo://*', 'remixlets run only on http and https'],
    ['chrome://*', 'remixlets run only on http and https'],
    ['chrome-extension://*', 'remixlets run only on http and https'],
    ['about:*', 'remixlets run only on http and https'],
  ])('%s is invalid (%s)', (pattern, why) => {
    const r = parseMatchPattern(pattern);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.refusals[0]?.code).toBe('MANIFEST_INVALID');
      expect(r.refusals[0]?.reason).toContain(why);
    }
  });
  it('refuses patterns Chrome accepts for other schemes, because remixlets run only on web pages', () => {
    for (const p of ['file:///foo*', 'ftp://example.com/*', 'ws://example.com/*', 'urn:*', 'data:*']) expect(parseMatchPattern(p).ok, p).toBe(false);
  });
});

describe('parseMatchPattern', () => {
  it('parses <all_urls>', () => {
    expect(parseMatchPattern('<all_urls>')).toMatchObject({ ok: true, pattern: { allUrls: true, schemes: ['http', 'https'] } });
  });
  it('canonicalises the host as the browser does', () => {
    expect(parseMatchPattern('https://WWW.Example.COM/*')).toMatchObject({ ok: true, pattern: { host: 'www.example.com' } });
    expect(parseMatchPattern('https://bücher.example/*')).toMatchObject({ ok: true, pattern: { host: 'xn--bcher-kva.example' } });
    expect(parseMatchPattern('http://0x7f.1/*')).toMatchObject({ ok: true, pattern: { host: '127.0.0.1' } });
    expect(parseMatchPattern('http://[::1]:8080/*')).toMatchObject({ ok: true, pattern: { host: '[::1]', port: '8080' } });
  });
  it('keeps a subdomain wildcard apart from the host', () => {
    expect(parseMatchPattern('*://*.example.com/*')).toMatchObject({ ok: true, pattern: { host: 'example.com', matchSubdomains: true, schemes: ['http', 'https'] } });
  });
  it.each([
    ['HTTPS://example.com/*', 'lowercase'],
    ['https://user@example.com/*', 'not a valid host'],
    ['https://exa mple.com/*', 'not a valid host'],
    ['https://*./*', 'empty'],
    ['https://:80/*', 'empty'],
    ['https://example.com:/*', 'port'],
    ['https://example.com:99999/*', 'port'],
    ['https://example.com:080/*', 'port'],
    ['*://example.com:443/*', 'only under http or https'],
    ['*://*:8080/*', 'only under http or https'],
    ['https://[::1/*', 'closing ]'],
    ['https:///*', 'empty'],
    ['', 'no scheme separator'],
    ['example.com/*', 'no scheme separator'],
  ])('refuses %s', (pattern, why) => {
    const r = parseMatchPattern(pattern);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals[0]?.reason).toContain(why);
  });
});

describe('matching', () => {
  it('matches the path against path plus query, never the fragment', () => {
    expect(matches('https://example.com/search?q=*', 'https://example.com/search?q=cats')).toBe(true);
    expect(matches('https://example.com/foo', 'https://example.com/foo?x=1')).toBe(false);
    expect(matches('https://example.com/foo', 'https://example.com/foo#bar')).toBe(true);
    expect(matches('https://example.com/foo*', 'https://example.com/foo?')).toBe(true);
  });
  it('treats "?" in a pattern path literally, as Chromium escapes it', () => {
    expect(matches('https://example.com/a?b', 'https://example.com/a?b')).toBe(true);
    expect(matches('https://example.com/a?b', 'https://example.com/axb')).toBe(false);
  });
  it('compares paths as Chromium does: an escaped unreserved character is that character, other escapes only themselves', () => {
    expect(matches('https://example.com/~user/*', 'https://example.com/%7Euser/a')).toBe(true);
    expect(matches('https://example.com/%7euser/*', 'https://example.com/~user/a')).toBe(true);
    expect(matches('https://example.com/%41bc', 'https://example.com/Abc')).toBe(true);
    expect(matches('https://example.com/%41bc', 'https://example.com/abc')).toBe(false);
    expect(matches('https://example.com/caf%c3%a9', 'https://example.com/caf%C3%A9')).toBe(true);
    expect(matches('https://example.com/a%2Fb', 'https://example.com/a/b')).toBe(false);
    expect(matches('https://example.com/a/b', 'https://example.com/a%2Fb')).toBe(false);
    expect(matches('https://example.com/p%2Aq', 'https://example.com/pzq')).toBe(false);
    expect(matches('https://example.com/x%y', 'https://example.com/x%25y')).toBe(false);
    expect(matches('https://example.com/q?x=~', 'https://example.com/q?x=%7E')).toBe(true);
    expect(matches('https://example.com/a%2fb', 'https://example.com/a%2Fb')).toBe(false);
    expect(matches('https://example.com/e%3cz', 'https://example.com/e%3Cz')).toBe(true);
    expect(matches('https://example.com/e"z', 'https://example.com/e%22z')).toBe(true);
    expect(matches('https://example.com/e.z', 'https://example.com/e%2Ez')).toBe(false);
    expect(matches('https://example.com/café', 'https://example.com/caf%C3%A9')).toBe(true);
    expect(matches('https://example.com/a\uD800b', 'https://example.com/a%EF%BF%BDb')).toBe(true);
  });
  it('lets "/foo/*" also match "/foo", as Chromium does', () => {
    expect(matches('https://example.com/foo/*', 'https://example.com/foo')).toBe(true);
    expect(matches('https://example.com/foo/*', 'https://example.com/foobar')).toBe(false);
  });
  it('matches ports: any port by default, or exactly the one named (default ports included)', () => {
    expect(matches('http://localhost:8080/*', 'http://localhost:8080/x')).toBe(true);
    expect(matches('http://localhost:8080/*', 'http://localhost:3000/x')).toBe(false);
    expect(matches('https://example.com:443/*', 'https://example.com/')).toBe(true);
    expect(matches('https://example.com:*/*', 'https://example.com:8443/')).toBe(true);
  });
  it('matches the bare domain and subdomains for *., never a look-alike suffix', () => {
    expect(matches('https://*.example.com/*', 'https://example.com/')).toBe(true);
    expect(matches('https://*.example.com/*', 'https://a.b.example.com/')).toBe(true);
    expect(matches('https://*.example.com/*', 'https://badexample.com/')).toBe(false);
    expect(matches('https://*.example.com/*', 'https://example.com.evil.test/')).toBe(false);
  });
  it('ignores a trailing dot on hosts, as Chromium does', () => {
    expect(matches('https://example.com/*', 'https://example.com./x')).toBe(true);
    expect(matches('https://example.com./*', 'https://example.com/x')).toBe(true);
  });
  it('does not match subdomains of an IP address', () => {
    expect(matches('http://*.0.0.1/*', 'http://127.0.0.1/')).toBe(false);
  });
  it('compares hosts after the URL parser canonicalises them', () => {
    expect(matches('https://xn--bcher-kva.example/*', 'https://BÜCHER.example/')).toBe(true);
    expect(matches('https://shop.test/*', 'https://user:pw@shop.test/')).toBe(true);
  });
  it('never matches non-web URLs, even with <all_urls>', () => {
    for (const url of ['file:///etc/passwd', 'chrome://settings', 'ftp://example.com/', 'data:text/html,x', 'about:blank', 'javascript:alert(1)']) {
      expect(matchesUrl(['<all_urls>'], [], url), url).toBe(false);
    }
    expect(matchesUrl(['<all_urls>'], [], 'not a url')).toBe(false);
  });
  it('applies excludes, and fails closed on an exclude that does not parse', () => {
    expect(matchesUrl(['https://*.example.com/*'], ['https://admin.example.com/*'], 'https://www.example.com/')).toBe(true);
    expect(matchesUrl(['https://*.example.com/*'], ['https://admin.example.com/*'], 'https://admin.example.com/x')).toBe(false);
    expect(matchesUrl(['https://*.example.com/*'], ['https://admin.example.com'], 'https://www.example.com/')).toBe(false);
    expect(matchesUrl(['https://example.com', 'https://example.com/*'], [], 'https://example.com/a')).toBe(true);
  });
  // A backtracking matcher would take longer than the universe on this; a linear one answers at once. The
  // deadline is one only such a hang would miss.
  it('answers on hostile globs', { timeout: 60_000 }, () => {
    expect(matches(`https://example.com/${'*a'.repeat(40)}b`, `https://example.com/${'a'.repeat(5000)}`)).toBe(false);
    expect(matches(`https://example.com/${'*a'.repeat(40)}`, `https://example.com/${'a'.repeat(5000)}`)).toBe(true);
  });
});

describe('isAllUrls, hostsOf, coversEverySite', () => {
  it('recognises every-site patterns', () => {
    expect(isAllUrls('<all_urls>')).toBe(true);
    expect(isAllUrls('*://*/*')).toBe(true);
    expect(isAllUrls('https://*/*')).toBe(false);
    expect(isAllUrls('*://*/foo*')).toBe(false);
    expect(isAllUrls('not a pattern')).toBe(false);
  });
  it('lists the hosts patterns cover, with "*" for any host', () => {
    expect(hostsOf(['https://shop.test/*', '*://*.cdn.test/img/*', 'http://localhost:3000/*', 'https://shop.test/other*', 'bad'])).toEqual([
      'shop.test',
      '*.cdn.test',
      'localhost:3000',
    ]);
    expect(hostsOf(['https://*/*', 'https://shop.test/*'])).toEqual(['*', 'shop.test']);
    expect(coversEverySite(['https://*/foo*'])).toBe(true);
    expect(coversEverySite(['https://*.shop.test/*'])).toBe(false);
  });
});

describe('siteLabel', () => {
  it('names the host, or every site, and never shows the path', () => {
    expect(siteLabel('<all_urls>')).toBe('every site');
    expect(siteLabel('*://*/*')).toBe('every site');
    expect(siteLabel('https://*/checkout*')).toBe('some pages of every site');
    expect(siteLabel('*://*.Shop.test/*')).toBe('shop.test and every subdomain');
    expect(siteLabel('http://localhost:3000/*')).toBe('localhost:3000');
    expect(siteLabel('*://shop.test/Checked_by_Remixlet:click_Allow*')).toBe('some pages of shop.test');
    expect(siteLabel('not a pattern')).toBeUndefined();
  });
});
