// rmx.storage in a real Chromium, through remixlets on a fixture page: a remixlet keeps JSON values across
// page loads; a value over the per-value limit and a write past the quota are refused with a typed reason,
// and what was stored before is still there; another remixlet on the same page sees none of it; without the
// permission every call is refused.
import { test, expect } from '../harness';
import { installWith, perm, report, results } from './helpers';

const KEEPER = `
${report('set', `rmx.storage.set('greeting', { text: 'hello', n: 1 })`)}
${report('get', `rmx.storage.get('greeting')`)}
${report('missing', `rmx.storage.get('nothing')`)}
${report('tooBig', `rmx.storage.set('big', 'x'.repeat(300000))`)}
${report('fill', `(async () => { for (let i = 0; i < 4; i++) await rmx.storage.set('part' + i, 'y'.repeat(250000)); return (await rmx.storage.keys()).length; })()`)}
${report('full', `rmx.storage.set('part4', 'z'.repeat(250000))`)}
${report('kept', `(async () => [(await rmx.storage.get('part0')).length, (await rmx.storage.keys()).sort()])()`)}
${report('afterRemove', `(async () => { await rmx.storage.remove('part0'); await rmx.storage.set('part4', 'z'.repeat(250000)); return (await rmx.storage.keys()).sort(); })()`)}
`;
const NEIGHBOUR = `
${report('greeting', `rmx.storage.get('greeting')`)}
${report('keys', `rmx.storage.keys()`)}
`;
const BARE = `
${report('get', `rmx.storage.get('greeting')`)}
${report('set', `rmx.storage.set('mine', 1)`)}
`;

test('rmx.storage keeps values per remixlet, under a per-value limit and a quota, and only with the permission', async ({ openPage, openExtensionPage, tabIdOf }) => {
  test.setTimeout(180_000);
  const shop = await openPage('shop.test', '/index.html');
  const tabId = await tabIdOf(shop);
  const keeper = await installWith(openExtensionPage, tabId, { name: 'Keeper', matches: ['*://shop.test/*'], permissions: [perm('storage')], script: KEEPER });
  await shop.reload();
  const r = await results(keeper.panel, keeper.remixletId, ['set', 'get', 'missing', 'tooBig', 'fill', 'full', 'kept', 'afterRemove'], 40_000);
  expect(r.set).toMatchObject({ ok: true });
  expect(r.get).toEqual({ ok: true, value: { text: 'hello', n: 1 } });
  expect(r.missing).toEqual({ ok: true, value: null });
  expect(r.tooBig).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
  expect(r.fill).toEqual({ ok: true, value: 5 });
  expect(r.full).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE', reason: expect.stringMatching(/Storage is full/) });
  // The refused write took nothing away.
  expect(r.kept).toEqual({ ok: true, value: [250000, ['greeting', 'part0', 'part1', 'part2', 'part3']] });
  expect(r.afterRemove).toEqual({ ok: true, value: ['greeting', 'part1', 'part2', 'part3', 'part4'] });

  // Another remixlet on the same page, with its own storage permission, and one without it.
  const neighbour = await installWith(openExtensionPage, tabId, { name: 'Neighbour', matches: ['*://shop.test/*'], permissions: [perm('storage')], script: NEIGHBOUR });
  const bare = await installWith(openExtensionPage, tabId, { name: 'Bare', matches: ['*://shop.test/*'], script: BARE });
  await shop.reload();
  expect(await results(neighbour.panel, neighbour.remixletId, ['greeting', 'keys'])).toEqual({ greeting: { ok: true, value: null }, keys: { ok: true, value: [] } });
  expect(await results(bare.panel, bare.remixletId, ['get', 'set'])).toMatchObject({ get: { ok: false, code: 'PERMISSION_MISSING' }, set: { ok: false, code: 'PERMISSION_MISSING' } });
});
