// The manager's search and state filter: archived beats off, a record that does not read is its own state,
// and every word of a search must match somewhere a person can see.
import { describe, expect, it } from 'vitest';
import type { RemixletSummary } from '../../../../contracts/remixlet';
import { stateOf, visible } from '../../../../panel/manager/filter';

const r = (id: string, over: Partial<RemixletSummary> = {}): RemixletSummary => ({
  id,
  name: `Remixlet ${id}`,
  description: '',
  matches: ['*://shop.test/*'],
  enabled: true,
  archived: false,
  version: 1,
  permissions: [],
  ...over,
});

const list = [
  r('aaaaaaaa', { name: 'Hide promos' }),
  r('bbbbbbbb', { enabled: false, matches: ['*://news.test/*'] }),
  r('cccccccc', { enabled: false, archived: true }),
  r('dddddddd', { error: 'its manifest no longer parses' }),
  r('eeeeeeee', { permissions: [{ name: 'fetch:api.test', card: 'Send requests to api.test, signed in as you' }] }),
];
const ids = (xs: RemixletSummary[]) => xs.map((x) => x.id);

describe('manager filter', () => {
  it('gives each remixlet one state, archived before off', () => {
    expect(list.map(stateOf)).toEqual(['on', 'off', 'archived', 'problems', 'on']);
  });

  it('filters by state', () => {
    expect(ids(visible(list, '', 'on'))).toEqual(['aaaaaaaa', 'eeeeeeee']);
    expect(ids(visible(list, '', 'off'))).toEqual(['bbbbbbbb']);
    expect(ids(visible(list, '', 'archived'))).toEqual(['cccccccc']);
    expect(ids(visible(list, '', 'problems'))).toEqual(['dddddddd']);
    expect(visible(list, '', 'all')).toHaveLength(5);
  });

  it('searches names, sites and permission names; every word must match', () => {
    expect(ids(visible(list, 'PROMOS', 'all'))).toEqual(['aaaaaaaa']);
    expect(ids(visible(list, 'news.test', 'all'))).toEqual(['bbbbbbbb']);
    expect(ids(visible(list, 'fetch:api', 'all'))).toEqual(['eeeeeeee']);
    expect(ids(visible(list, 'hide news', 'all'))).toEqual([]);
  });
});
