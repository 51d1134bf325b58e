// Reading the page through dom: every read op on a real DOM, its caps, and handle rules.
import { describe, expect, test } from 'vitest';
import { SCOPE, unitBrowser } from '../harness';
import { SHOP } from '../fixture';
import type { Handle } from '../../../../contracts/dom/ops';

const { p, q } = unitBrowser({ body: SHOP, once: true });

describe('finding', () => {
  test('query returns an opaque handle, or null', async () => {
    const h = await p.ok<Handle>({ op: 'query', sel: '#title' });
    expect(h).toEqual({ h: expect.stringMatching(/^h[0-9a-z]+$/), tag: 'h1' });
    expect(await p.ok({ op: 'query', sel: '#nothing' })).toBeNull();
  });

  test('queryAll answers 100 by default, the limit when given, and refuses a limit over 1000', async () => {
    expect(await p.ok<Handle[]>({ op: 'queryAll', sel: '.item' })).toHaveLength(100);
    expect(await p.ok<Handle[]>({ op: 'queryAll', sel: '.item', limit: 7 })).toHaveLength(7);
    expect(await p.ok<Handle[]>({ op: 'queryAll', sel: '.item', limit: 1000 })).toHaveLength(250);
    expect((await p.refused({ op: 'queryAll', sel: '.item', limit: 5000 })).code).toBe('MALFORMED_MESSAGE');
  });

  test('a handle scopes a query', async () => {
    const list = await q('#list');
    const first = await p.ok<Handle>({ op: 'query', sel: 'li:last-child', scope: list });
    expect(await p.ok({ op: 'text', h: first.h })).toBe('Item 249');
    expect(await p.ok({ op: 'query', sel: '#title', scope: list })).toBeNull();
  });

  test('waitFor resolves when the element appears, and null after the timeout', async () => {
    const waiting = p.run([{ op: 'waitFor', sel: '#late', timeout: 3000 }]);
    await p.page.evaluate(() => setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<i id="late">late</i>'), 100));
    const [r] = await waiting;
    expect(r).toMatchObject({ ok: true, value: { tag: 'i' } });
    expect(await p.ok({ op: 'waitFor', sel: '#never', timeout: 50 })).toBeNull();
  });

  test('an invalid selector is a typed refusal', async () => {
    for (const sel of ['[val ue]', 'div:::x', 'a[', '<script>', '}{', ':has(', 'a,,b', '#1x']) {
      const r = await p.refused({ op: 'query', sel });
      expect(r.code).toBe('SELECTOR_INVALID');
      expect(r.reason).toContain('not a valid CSS selector');
    }
    // The engine closes an unterminated bracket at the end; the value rule still sees the attribute.
    expect((await p.refused({ op: 'query', sel: 'input[value' })).code).toBe('SELECTOR_TESTS_PASSWORD');
  });
});

describe('reading', () => {
  test('url and title', async () => {
    expect(await p.ok({ op: 'url' })).toBe('https://page.test/app/index.html');
    expect(await p.ok({ op: 'title' })).toBe('Unit page');
  });

  test('text is capped at 100 000 characters with a note', async () => {
    await p.page.evaluate(() => document.body.insertAdjacentHTML('beforeend', `<div id="big">${'x'.repeat(150_000)}</div>`));
    const [r] = await p.run([{ op: 'text', h: await q('#big') }]);
    expect(r?.ok && (r.value as string).length).toBe(100_000);
    expect(r?.ok && r.notes?.[0]).toContain('was cut');
  });

  test('attr reads the page\'s attributes, and a password field\'s value attribute reads empty', async () => {
    expect(await p.ok({ op: 'attr', h: await q('#title'), name: 'data-kind' })).toBe('shop');
    expect(await p.ok({ op: 'attr', h: await q('#title'), name: 'nope' })).toBeNull();
    expect(await p.ok({ op: 'attr', h: await q('#email'), name: 'value' })).toBe('me@page.test');
    expect(await p.ok({ op: 'attr', h: await q('#password'), name: 'value' })).toBe('');
    expect(await p.ok({ op: 'attr', h: await q('#password'), name: 'VALUE' })).toBe('');
    expect(await p.ok({ op: 'attr', h: await q('#newpw'), name: 'value' })).toBe('');
  });

  test('value reads controls; password (by type or autocomplete) and file inputs read empty', async () => {
    expect(await p.ok({ op: 'value', h: await q('#email') })).toBe('me@page.test');
    expect(await p.ok({ op: 'value', h: await q('#notes') })).toBe('note text');
    expect(await p.ok({ op: 'value', h: await q('#size') })).toBe('m');
    await p.page.fill('#password', 'typed-secret');
    await p.page.fill('#newpw', 'typed-secret-2');
    expect(await p.ok({ op: 'value', h: await q('#password') })).toBe('');
    expect(await p.ok({ op: 'value', h: await q('#newpw') })).toBe('');
    expect(await p.ok({ op: 'value', h: await q('#file') })).toBe('');
    expect((await p.refused({ op: 'value', h: await q('#para') })).code).toBe('NOT_APPLICABLE');
  });

  test('html is outer HTML with every password value blanked, from any ancestor', async () => {
    const para = await p.ok<string>({ op: 'html', h: await q('#para') });
    expect(para).toBe('<p id="para" style="color: rgb(0, 0, 255)">Hello <b>world</b></p>');
    const form = await p.ok<string>({ op: 'html', h: await q('#login') });
    expect(form).toContain('me@page.test');
    expect(form).not.toContain('hunter2');
    expect(form).not.toContain('s3cret');
    expect(form).toContain('id="password"');
    const body = await p.ok<string>({ op: 'html', h: await q('body') });
    expect(body).not.toContain('hunter2');
    const html = await p.ok<string>({ op: 'html', h: await q('html') });
    expect(html.length).toBeLessThanOrEqual(200_000);
    expect(html).not.toContain('hunter2');
    // The live field keeps its value: only the copy was blanked.
    expect(await p.page.getAttribute('#password', 'value')).toBe('hunter2');
  });

  test('rect, computedStyle, matches, closest, parent and children', async () => {
    const box = await q('#box');
    expect(await p.ok({ op: 'rect', h: box })).toMatchObject({ width: 120, height: 30 });
    expect(await p.ok({ op: 'computedStyle', h: await q('#title'), props: ['color', '--nothing'] })).toEqual({ color: 'rgb(1, 2, 3)', '--nothing': '' });
    expect(await p.ok({ op: 'matches', h: box, sel: 'div#box' })).toBe(true);
    expect(await p.ok({ op: 'matches', h: box, sel: 'span' })).toBe(false);
    const b = await q('#para b');
    expect(await p.ok({ op: 'closest', h: b, sel: 'p' })).toMatchObject({ tag: 'p' });
    expect(await p.ok({ op: 'closest', h: b, sel: 'table' })).toBeNull();
    expect(await p.ok({ op: 'parent', h: b })).toMatchObject({ tag: 'p' });
    expect(await p.ok({ op: 'parent', h: await q('html') })).toBeNull();
    const kids = await p.ok<Handle[]>({ op: 'children', h: await q('#list') });
    expect(kids).toHaveLength(250);
    expect(kids[0]!.tag).toBe('li');
  });
});

describe('handles', () => {
  test('a forged handle is HANDLE_UNKNOWN; another remixlet\'s handle is unknown to it', async () => {
    expect((await p.refused({ op: 'text', h: 'hzzzzzz' })).code).toBe('HANDLE_UNKNOWN');
    const mine = await q('#title');
    const other = { ...SCOPE, id: 'otherremix1' };
    expect((await p.refused({ op: 'text', h: mine }, other)).code).toBe('HANDLE_UNKNOWN');
    expect((await p.refused({ op: 'text', h: 'not a handle' })).code).toBe('MALFORMED_MESSAGE');
  });

  test('a handle to an element that left the page answers HANDLE_GONE', async () => {
    const h = await q('#reviews');
    await p.page.evaluate(() => document.getElementById('reviews')!.remove());
    const r = await p.refused({ op: 'text', h });
    expect(r).toMatchObject({ code: 'HANDLE_GONE', op: 'dom.text' });
    expect(r.reason).toContain('query it again');
  });

  test('the same element keeps the same handle', async () => {
    expect(await q('#title')).toBe(await q('h1'));
  });
});
