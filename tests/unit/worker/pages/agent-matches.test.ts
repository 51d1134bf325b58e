// The page agent is registered for every path of the hosts a remixlet's patterns name, so a single-page
// app can move onto a matching path without a new document; scheme, host and port stay exactly as written.
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../../worker/store/remixlets', () => ({ loadAll: async () => [] }));
vi.mock('../../../../worker/store/settings', () => ({ pausedSites: async () => [] }));
const { agentMatches } = await import('../../../../worker/pages/registration');

describe('agentMatches', () => {
  it('widens the path only', () => {
    expect(agentMatches(['https://shop.example/cart/*', '*://*.news.example/world/2024/*', 'http://localhost:8080/app/*'])).toEqual([
      'https://shop.example/*',
      '*://*.news.example/*',
      'http://localhost:8080/*',
    ]);
  });

  it('keeps <all_urls>, merges duplicates and skips patterns that do not parse', () => {
    expect(agentMatches(['<all_urls>', 'https://a.example/x/*', 'https://a.example/y/*', 'ftp://a.example/*', 'https://a.example'])).toEqual(['<all_urls>', 'https://a.example/*']);
  });

  it('never widens the host', () => {
    for (const out of agentMatches(['https://a.example/*', 'https://*.b.example/p/*'])) expect(out).toMatch(/^https:\/\/(a\.example|\*\.b\.example)\/\*$/);
  });
});
