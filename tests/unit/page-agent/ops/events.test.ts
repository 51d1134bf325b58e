// h.on and dom.observe on a real DOM: serialized copies with declarative preventDefault/stopPropagation,
// no keys or value from a password field, and everything removed with the sandbox.
import { describe, expect, test } from 'vitest';
import { SCOPE, unitBrowser } from '../harness';
import type { Handle } from '../../../../contracts/dom/ops';

const { p, q } = unitBrowser({
  body: '<form id="f"><input id="user"><input id="pw" type="password"><input id="np" autocomplete="new-password"></form><a id="link" href="/app/next">next</a><div id="feed"></div><div id="shadow-host"></div>',
  setup: async (p) => {
    await p.page.evaluate(() => {
      const w = window as unknown as { pageSaw: string[] };
      w.pageSaw = [];
      document.body.addEventListener('click', () => w.pageSaw.push('body-click'));
      const root = document.getElementById('shadow-host')!.attachShadow({ mode: 'closed' });
      root.innerHTML = '<input id="inner-pw" type="password">';
      (window as unknown as { innerPw: HTMLInputElement }).innerPw = root.querySelector('input')!;
    });
  },
});

type Ev = { kind: string; listener?: string; observer?: string; event?: Record<string, unknown>; handles?: Handle[] };
const events = async () => (await p.events()) as Ev[];

describe('h.on', () => {
  test('forwards a serialized click with its target; preventDefault and stopPropagation are declared up front', async () => {
    const id = await p.ok<string>({ op: 'on', h: await q('#link'), type: 'click', preventDefault: true, stopPropagation: true });
    await p.page.click('#link');
    await expect.poll(events).toHaveLength(1);
    const [e] = await events();
    expect(e).toMatchObject({ kind: 'event', remixletId: SCOPE.id, listener: id, event: { type: 'click', target: { tag: 'a' }, clientX: expect.any(Number) } });
    expect(p.page.url()).toBe('https://page.test/app/index.html');
    expect(await p.page.evaluate(() => (window as unknown as { pageSaw: string[] }).pageSaw)).toEqual([]);
  });

  test('keys and values from a text field arrive; from a password field (also in a closed shadow root) no event typing makes arrives at all', async () => {
    await p.ok({ op: 'on', h: await q('#f'), type: 'keydown' });
    await p.ok({ op: 'on', h: await q('#f'), type: 'input' });
    await p.ok({ op: 'on', h: await q('html'), type: 'keydown' });
    await p.ok({ op: 'on', h: await q('html'), type: 'keyup' });
    await p.page.type('#user', 'ab');
    await p.page.type('#pw', 'cd');
    await p.page.type('#np', 'ef');
    await p.page.evaluate(() => (window as unknown as { innerPw: HTMLInputElement }).innerPw.focus());
    await p.page.keyboard.type('gh');
    // A last key in the text field: events arrive in order, so once its keyup is here every earlier one is.
    await p.page.type('#user', 'z');
    await expect.poll(async () => (await events()).some((e) => e.event?.type === 'keyup' && e.event?.key === 'z')).toBe(true);
    const all = await events();
    // keydown on the form and on html, keyup on html, input on the form: three keys typed into the text field.
    expect(all.map((e) => `${e.event?.type} ${e.event?.key ?? e.event?.value}`)).toEqual([
      'keydown a', 'keydown a', 'input a', 'keyup a',
      'keydown b', 'keydown b', 'input ab', 'keyup b',
      'keydown z', 'keydown z', 'input zab', 'keyup z', // focusing the field again puts the caret first
    ]);
  });

  test('off stops forwarding; a listener id of another kind or remixlet cannot be named', async () => {
    const id = await p.ok<string>({ op: 'on', h: await q('#link'), type: 'click', preventDefault: true });
    expect(await p.ok({ op: 'off', listener: id }, { ...SCOPE, id: 'otherremix1' })).toBe(false);
    expect(await p.ok({ op: 'off', listener: id })).toBe(true);
    expect(await p.ok({ op: 'unobserve', observer: id })).toBe(false);
  });
});

describe('dom.observe', () => {
  test('reports matching elements as they appear, each once; existing ones on request', async () => {
    await p.page.evaluate(() => document.getElementById('feed')!.insertAdjacentHTML('beforeend', '<p class="post">0</p>'));
    const a = await p.ok<{ observer: string; existing: Handle[] }>({ op: 'observe', sel: '.post', existing: true });
    expect(a.existing).toHaveLength(1);
    await p.page.evaluate(() => {
      const feed = document.getElementById('feed')!;
      feed.insertAdjacentHTML('beforeend', '<p class="post">1</p><div><p class="post">2</p></div><span>no</span>');
    });
    await expect.poll(events).toEqual([{ kind: 'observed', remixletId: SCOPE.id, observer: a.observer, handles: [{ h: expect.any(String), tag: 'p' }, { h: expect.any(String), tag: 'p' }] }]);
  });

  test('release removes every listener, observer and wait of the remixlet, and no more events arrive', async () => {
    await p.ok({ op: 'on', h: await q('#feed'), type: 'click' });
    await p.ok({ op: 'observe', sel: '.post' });
    await p.ok({ op: 'watch' });
    const waiting = p.run([{ op: 'waitFor', sel: '#never', timeout: 20_000 }]);
    await p.page.waitForTimeout(20);
    expect(await p.page.evaluate(() => (window as unknown as { __pa: { subscriptionCount: () => number } }).__pa.subscriptionCount())).toBe(4);
    await p.release();
    expect((await waiting)[0]).toEqual({ ok: true, value: null });
    expect(await p.page.evaluate(() => (window as unknown as { __pa: { subscriptionCount: () => number } }).__pa.subscriptionCount())).toBe(0);
    await p.page.evaluate(() => document.getElementById('feed')!.insertAdjacentHTML('beforeend', '<p class="post">late</p>'));
    await p.page.click('#feed');
    await p.page.waitForTimeout(50);
    expect(await events()).toEqual([]);
  });
});

describe('watch and unobserve', () => {
  test('watch reports that the page changed, at most once a frame; unobserve ends an observation', async () => {
    const id = await p.ok<string>({ op: 'watch' });
    expect(await p.ok({ op: 'watch' })).toBe(id);
    await p.page.evaluate(() => {
      for (let i = 0; i < 50; i++) document.getElementById('feed')!.append(document.createElement('i'));
    });
    await expect.poll(async () => (await events()).filter((e) => e.kind === 'mutated').length).toBe(1);
    const { observer } = await p.ok<{ observer: string }>({ op: 'observe', sel: '.post' });
    expect(await p.ok({ op: 'unobserve', observer }, { ...SCOPE, id: 'otherremix1' })).toBe(false);
    expect(await p.ok({ op: 'unobserve', observer })).toBe(true);
    await p.page.evaluate(() => document.getElementById('feed')!.insertAdjacentHTML('beforeend', '<p class="post">x</p>'));
    await p.page.waitForTimeout(50);
    expect((await events()).filter((e) => e.kind === 'observed')).toEqual([]);
  });
});
