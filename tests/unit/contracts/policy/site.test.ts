import { describe, it, expect } from 'vitest';
import { canonicalHost, isPlainHost, plainHostProblem, urlOnHosts } from '../../../../contracts/policy/site';
import { isPublicSuffix, registrableDomain, sameSite } from '../../../../contracts/policy/registrable-domain';

describe('registrableDomain and sameSite', () => {
  it('finds the registrable domain, private suffixes included', () => {
    expect(registrableDomain('www.example.co.uk')).toBe('example.co.uk');
    expect(registrableDomain('a.b.example.com')).toBe('example.com');
    expect(registrableDomain('alice.github.io')).toBe('alice.github.io');
    expect(registrableDomain('https://shop.example.com:8443/cart')).toBe('example.com');
    expect(registrableDomain('example.com.')).toBe('example.com');
  });
  it('treats IP addresses and suffix-less names as their own site', () => {
    expect(registrableDomain('127.0.0.1')).toBe('127.0.0.1');
    expect(registrableDomain('localhost:3000')).toBe('localhost');
    expect(registrableDomain('[::1]')).toBe('[::1]');
  });
  it('returns null for what is not a host', () => {
    expect(registrableDomain('')).toBeNull();
    expect(registrableDomain('a b')).toBeNull();
    expect(registrableDomain('https://')).toBeNull();
  });
  it('compares sites, ignoring scheme, port and subdomain', () => {
    expect(sameSite('www.example.com', 'shop.example.com')).toBe(true);
    expect(sameSite('https://www.example.com/', 'http://example.com:8080/')).toBe(true);
    expect(sameSite(new URL('https://a.example.co.uk/'), 'b.example.co.uk')).toBe(true);
    expect(sameSite('alice.github.io', 'bob.github.io')).toBe(false);
    expect(sameSite('example.com', 'example.org')).toBe(false);
    expect(sameSite('example.com', 'notexample.com')).toBe(false);
    expect(sameSite('BÜCHER.example', 'www.xn--bcher-kva.example')).toBe(true);
    expect(sameSite('', '')).toBe(false);
  });
  it('knows public suffixes', () => {
    expect(isPublicSuffix('com')).toBe(true);
    expect(isPublicSuffix('co.uk')).toBe(true);
    expect(isPublicSuffix('github.io')).toBe(true);
    expect(isPublicSuffix('example.com')).toBe(false);
    expect(isPublicSuffix('127.0.0.1')).toBe(false);
  });
});

describe('isPlainHost', () => {
  it.each(['example.com', 'api.example.com', 'api.example.com:8443', 'localhost', 'localhost:3000', '127.0.0.1', '10.0.0.2:8080', 'xn--bcher-kva.example', 'my_host.example'])(
    '%s is a plain host',
    (h) => {
      expect(isPlainHost(h)).toBe(true);
    },
  );
  it.each([
    ['', 'empty'],
    ['*.example.com', 'wildcard'],
    ['*', 'wildcard'],
    ['https://example.com', 'scheme'],
    ['example.com/path', 'path'],
    ['example.com?q', 'path'],
    ['user@example.com', 'user name'],
    ['Example.com', 'canonical form: example.com'],
    ['bücher.example', 'canonical form: xn--bcher-kva.example'],
    ['example.com.', 'trailing dot'],
    ['example.com:0', 'port'],
    ['example.com:65536', 'port'],
    ['example.com:080', 'port'],
    ['example.com:', 'port'],
    ['[::1]', 'IPv6'],
    ['0x7f.0.0.1', 'canonical form: 127.0.0.1'],
    ['2130706433', 'canonical form: 127.0.0.1'],
    ['exa mple.com', 'not a valid host'],
    ['example.com\\x', 'path'],
    ['a..b', '1 to 63'],
  ])('%s is not (%s)', (h, why) => {
    expect(isPlainHost(h)).toBe(false);
    expect(plainHostProblem(h)).toContain(why);
  });
});

describe('canonicalHost', () => {
  it('canonicalises like the URL parser and refuses what it would refuse', () => {
    expect(canonicalHost('EXAMPLE.com')).toBe('example.com');
    expect(canonicalHost('allowed%2eexample')).toBe('allowed.example');
    expect(canonicalHost('a@b')).toBeNull();
    expect(canonicalHost('a/b')).toBeNull();
    expect(canonicalHost('a:1')).toBeNull();
    expect(canonicalHost('')).toBeNull();
  });
});

describe('urlOnHosts', () => {
  const u = (s: string) => new URL(s);
  it('matches exact hosts on any port unless a port is named', () => {
    expect(urlOnHosts(u('https://api.example.com/x'), ['api.example.com'])).toBe(true);
    expect(urlOnHosts(u('https://api.example.com:8443/x'), ['api.example.com'])).toBe(true);
    expect(urlOnHosts(u('https://api.example.com:8443/x'), ['api.example.com:443'])).toBe(false);
    expect(urlOnHosts(u('https://api.example.com/x'), ['api.example.com:443'])).toBe(true);
    expect(urlOnHosts(u('http://api.example.com/x'), ['api.example.com:443'])).toBe(false);
    expect(urlOnHosts(u('https://www.example.com/x'), ['api.example.com'])).toBe(false);
  });
  it('matches a wildcard on the domain and its subdomains only', () => {
    expect(urlOnHosts(u('https://example.com/'), ['*.example.com'])).toBe(true);
    expect(urlOnHosts(u('https://a.b.example.com/'), ['*.example.com'])).toBe(true);
    expect(urlOnHosts(u('https://badexample.com/'), ['*.example.com'])).toBe(false);
    expect(urlOnHosts(u('https://example.com.evil.test/'), ['*.example.com'])).toBe(false);
    expect(urlOnHosts(u('https://anything.test/'), ['*'])).toBe(true);
  });
  it('reads the real host, not userinfo, and ignores a trailing dot', () => {
    expect(urlOnHosts(u('https://api.example.com@evil.test/'), ['api.example.com'])).toBe(false);
    expect(urlOnHosts(u('https://api.example.com./'), ['api.example.com'])).toBe(true);
  });
  it('never wildcard-matches IP addresses', () => {
    expect(urlOnHosts(u('http://10.0.0.1/'), ['*.0.0.1'])).toBe(false);
    expect(urlOnHosts(u('http://10.0.0.1/'), ['10.0.0.1'])).toBe(true);
  });
});
