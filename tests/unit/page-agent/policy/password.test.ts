// Passwords read as empty through every path, and a selector cannot test the value attribute while the
// page has a password field — in any spelling — while other attribute selectors keep working.
import { describe, expect, test } from 'vitest';
import { unitBrowser } from '../harness';
import type { Handle } from '../../../../contracts/dom/ops';

const { open } = unitBrowser();

const LOGIN = '<form id="f"><input id="user" name="user" value="alice"><input id="pw" type="password" value="hunter2"></form><p id="p" data-x="1">p</p>';

const VALUE_SELECTORS = [
  'input[value^="h"]',
  'input[VALUE^="h"]',
  'input[v\\61lue^="h"]',
  'input[\\76 alue^=h]',
  'input[*|value^=h]',
  'input[|value^=h]',
  'input[value="hunter2" i]',
  'input[value$="2"]',
  'input[value*=unt]',
  'input[value~=hunter2]',
  'input[value|=hunter2]',
  'input[value]',
  'form:has(input[value^=h])',
  ':is(input)[value^=h]',
  'input:not(:not([value^=h]))',
  'input:where([value^=h])',
];

describe('while the page has a password field', () => {
  test('every spelling of a value test is refused by every selector-taking operation', async () => {
    const p = await open(LOGIN);
    const pw = await p.q('#pw');
    for (const sel of VALUE_SELECTORS) {
      for (const op of [
        { op: 'query', sel },
        { op: 'queryAll', sel },
        { op: 'waitFor', sel, timeout: 10 },
        { op: 'matches', h: pw, sel },
        { op: 'closest', h: pw, sel },
        { op: 'observe', sel },
      ] as const) {
        const r = await p.refused(op);
        expect(r.code, `${op.op} ${sel}`).toBe('SELECTOR_TESTS_PASSWORD');
      }
    }
  });

  test('other attribute selectors keep working', async () => {
    const p = await open(LOGIN);
    expect(await p.ok({ op: 'query', sel: 'input[type=password]' })).toMatchObject({ tag: 'input' });
    expect(await p.ok({ op: 'query', sel: '[data-x="1"]' })).toMatchObject({ tag: 'p' });
    expect(await p.ok({ op: 'query', sel: 'input[name^=us]' })).toMatchObject({ tag: 'input' });
    expect(await p.ok({ op: 'query', sel: '[data-value]' })).toBeNull();
  });

  test('a stylesheet that tests the value is refused too (it could size an element by it)', async () => {
    const p = await open(LOGIN);
    expect((await p.refused({ op: 'addStyle', css: 'input[value^="h"] { width: 500px }' })).code).toBe('SELECTOR_TESTS_PASSWORD');
    expect((await p.refused({ op: 'addStyle', css: '@media all { form:has([v\\61lue$="2"]) { width: 1px } }' })).code).toBe('SELECTOR_TESTS_PASSWORD');
  });

  test('a wait or an observation on a value test ends when a password field appears', async () => {
    const p = await open('<input id="user" value="alice">');
    const waiting = p.run([{ op: 'waitFor', sel: 'input[value^=z]', timeout: 3000 }]);
    const [obs] = await p.run([{ op: 'observe', sel: 'input[value^=h]' }]);
    expect(obs?.ok).toBe(true);
    await p.page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<input type="password" value="hunter2"><input value="hx">'));
    expect((await waiting)[0]).toEqual({ ok: true, value: null });
    await p.page.waitForTimeout(50);
    expect((await p.events()).filter((e) => (e as { kind: string }).kind === 'observed')).toEqual([]);
  });
});

test('without a password field, value selectors are allowed', async () => {
  const p = await open('<input id="user" value="alice">');
  expect(await p.ok({ op: 'query', sel: 'input[value^=a]' })).toMatchObject({ tag: 'input' });
});

describe('what counts as a password field', () => {
  test('type password, autocomplete current-password or new-password, and a field masked by CSS', async () => {
    const p = await open(
      '<input id="a" type="PassWord" value="v1"><input id="b" autocomplete="section-x current-password" value="v2"><input id="c" autocomplete="NEW-PASSWORD" value="v3"><input id="d" style="-webkit-text-security: disc" value="v4"><input id="e" value="plain">',
    );
    for (const id of ['a', 'b', 'c', 'd']) {
      expect(await p.ok({ op: 'value', h: await p.q(`#${id}`) }), id).toBe('');
      expect(await p.ok({ op: 'attr', h: await p.q(`#${id}`), name: 'value' }), id).toBe('');
    }
    expect(await p.ok({ op: 'value', h: await p.q('#e') })).toBe('plain');
    const html = await p.ok<string>({ op: 'html', h: await p.q('body') });
    expect(html).not.toMatch(/v1|v2|v3|v4/);
    expect(html).toContain('plain');
  });

  test('a textarea, a select and an editable element count too, by autocomplete, and everything inside the editable one', async () => {
    const p = await open(
      '<div id="all"><textarea id="t" autocomplete="new-password">t-secret</textarea><select id="s" autocomplete="current-password"><option value="s-secret">x</option></select>' +
        '<div id="e" contenteditable autocomplete="current-password">e-secret<span id="inner">inner-secret</span></div>' +
        '<div id="plain" contenteditable>shown</div><textarea id="pt">plain-text</textarea></div>',
    );
    for (const id of ['t', 's', 'e']) {
      expect(await p.ok({ op: 'value', h: await p.q(`#${id}`) }), id).toBe('');
      expect(await p.ok({ op: 'text', h: await p.q(`#${id}`) }), id).toBe('');
    }
    // What is inside the editable one was typed there: no handle to it is given at all.
    expect(await p.ok({ op: 'query', sel: '#inner' })).toBeNull();
    expect(await p.ok({ op: 'queryAll', sel: '#e *' })).toEqual([]);
    expect(await p.ok({ op: 'children', h: await p.q('#e') })).toEqual([]);
    const text = await p.ok<string>({ op: 'text', h: await p.q('#all') });
    expect(text).not.toMatch(/secret/);
    expect(text).toContain('shown');
    expect(text).toContain('plain-text');
    for (const root of ['#all', '#e']) {
      const html = await p.ok<string>({ op: 'html', h: await p.q(root) });
      expect(html, root).not.toMatch(/t-secret|e-secret|inner-secret/);
    }
    const copy = await p.ok<Handle>({ op: 'clone', h: await p.q('#all') });
    expect(await p.ok<string>({ op: 'text', h: copy.h })).not.toMatch(/secret/);
  });

  test("the events a stylesheet starts at a password field are not forwarded: the page's own rule for an empty field says when typing began", async () => {
    const p = await open(
      '<style>input { transition: color 50ms } input:placeholder-shown { color: rgb(1, 2, 3) }</style><input id="plain" placeholder=" "><input id="pw" type="password" placeholder=" "><input id="last" placeholder=" ">',
    );
    const listener: Record<string, string> = {};
    for (const id of ['plain', 'pw', 'last']) listener[id] = (await p.ok<string>({ op: 'on', h: await p.q(`#${id}`), type: 'transitionend' }))!;
    const heard = async () => (await p.events()).filter((e) => (e as { kind: string }).kind === 'event').map((e) => (e as { listener: string }).listener);
    // Control: a plain field's first keystroke ends its transition, and the remixlet hears it.
    await p.page.type('#plain', 'a');
    await expect.poll(heard).toEqual([listener.plain]);
    await p.page.type('#pw', 'b');
    // A last plain field after it: events arrive in order, so once its transition is heard the password field's would have been.
    await p.page.type('#last', 'c');
    await expect.poll(async () => (await heard()).includes(listener.last!)).toBe(true);
    expect(await heard()).toEqual([listener.plain, listener.last]);
  });

  test('keys typed into an editable password element are not forwarded', async () => {
    const p = await open('<div id="e" contenteditable autocomplete="new-password"></div><div id="plain" contenteditable></div>');
    await p.run([{ op: 'on', h: await p.q('body'), type: 'keydown' }]);
    await p.page.click('#e');
    await p.page.keyboard.type('zq');
    await p.page.click('#plain');
    await p.page.keyboard.type('ok');
    const keys = (await p.events()).filter((e) => (e as { kind: string }).kind === 'event').map((e) => (e as { event: { key?: string } }).event.key);
    // Nothing of the typing in the password element arrives, not even keys without their names.
    expect(keys).toEqual(['o', 'k']);
  });

  test('a field that was masked while someone typed stays a password field after it is unmasked', async () => {
    const p = await open('<style>.masked { -webkit-text-security: disc }</style><input id="m" class="masked">');
    await p.page.type('#m', 'typed-secret');
    await p.page.evaluate(() => document.getElementById('m')!.classList.remove('masked'));
    expect(await p.ok({ op: 'value', h: await p.q('#m') })).toBe('');
    const [r] = await p.run([{ op: 'on', h: await p.q('#m'), type: 'keydown' }]);
    expect(r?.ok).toBe(true);
    await p.run([{ op: 'on', h: await p.q('body'), type: 'click' }]);
    await p.page.type('#m', 'x');
    // A click after the typing: events arrive in order, so once it is here, any key event would be too.
    await p.page.click('#m');
    await expect.poll(async () => (await p.events()).filter((e) => (e as { kind: string }).kind === 'event').length).toBeGreaterThan(0);
    const events = (await p.events()).filter((e) => (e as { kind: string }).kind === 'event').map((e) => (e as { event: { type: string } }).event.type);
    expect(events).toEqual(['click']);
  });
});
