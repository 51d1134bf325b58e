// A password field that keeps what was typed or chosen where selectors see it (an editable one: its
// children; a select: its chosen option; a checkbox or radio button: checkedness) makes the page agent
// refuse :has(), :empty, :checked, :indeterminate and :default in every dom selector, never give the
// elements inside it, read no box or computed style on the page, and forward no event a stylesheet alone
// starts. On a page without one (an ordinary login form included) all of these keep working.
import { describe, expect, test } from 'vitest';
import { unitBrowser } from '../harness';
import type { Handle } from '../../../../contracts/dom/ops';

const { open } = unitBrowser();

const STATE_SELECTORS = ['#ed:empty', '#ed:has(*)', '#line:has(#ed b)', '#s option:checked', ':is(#c):checked', '#c:ch\\65 cked', 'option:default', '#r:indeterminate', ':not(#ed:not(:EMPTY))'];

const PAGES: Record<string, string> = {
  editor: '<p id="line">x<span id="ed" contenteditable="true" autocomplete="current-password"></span><b id="after">y</b></p><input id="c" type="checkbox"><input id="r" type="radio" name="g"><select id="s"><option>One</option></select>',
  select: '<p id="line"><span id="ed"></span></p><select id="s" autocomplete="new-password"><option value="one">One</option><option value="two" selected>Two</option></select><input id="c" type="checkbox"><input id="r" type="radio" name="g">',
  checkbox: '<p id="line"><span id="ed"></span></p><input id="c" type="checkbox" autocomplete="current-password" checked><input id="r" type="radio" name="g"><select id="s"><option>One</option></select>',
};

describe('on a page with a password field that keeps content or checked state', () => {
  for (const [kind, body] of Object.entries(PAGES)) {
    test(`${kind}: every content or checked state pseudo-class is refused by every selector-taking operation`, async () => {
      const p = await open(body);
      const line = await p.q('#line');
      for (const sel of STATE_SELECTORS) {
        for (const op of [
          { op: 'query', sel },
          { op: 'queryAll', sel },
          { op: 'waitFor', sel, timeout: 10 },
          { op: 'matches', h: line, sel },
          { op: 'closest', h: line, sel },
          { op: 'observe', sel },
        ] as const) {
          const r = await p.refused(op);
          expect(r.code, `${kind}: ${op.op} ${sel}`).toBe('SELECTOR_TESTS_PASSWORD');
        }
      }
    });

    test(`${kind}: no box, no computed style`, async () => {
      const p = await open(body);
      const line = await p.q('#line');
      expect((await p.refused({ op: 'rect', h: line })).code).toBe('PASSWORD_FIELD_LOCKED');
      expect(await p.ok({ op: 'computedStyle', h: line, props: ['display', 'margin-left'] })).toEqual({ display: '', 'margin-left': '' });
    });
  }

  test('the options of a password select are never given; a plain select\'s are', async () => {
    const p = await open('<select id="s" autocomplete="new-password"><optgroup><option>One</option></optgroup><option>Two</option></select><select id="plain"><option>Three</option></select>');
    expect(await p.ok({ op: 'query', sel: '#s option' })).toBeNull();
    expect(await p.ok<Handle[]>({ op: 'queryAll', sel: 'option, optgroup' })).toHaveLength(1);
    expect(await p.ok<Handle[]>({ op: 'children', h: await p.q('#s') })).toEqual([]);
    expect(await p.ok({ op: 'query', sel: '#plain option' })).toMatchObject({ tag: 'option' });
  });

  for (const names of [true, false]) {
    test(`a customizable select's copy of the chosen option ${names ? 'in a password select is left out of text and HTML' : '(control, no password) is read'}`, async () => {
      const ac = names ? ' autocomplete="new-password"' : '';
      const p = await open(`<style>select, ::picker(select) { appearance: base-select; }</style><div id="w"><select id="s"${ac}><button><selectedcontent></selectedcontent></button><option>One</option><option>Zebra</option></select></div>`);
      const w = await p.q('#w');
      const read = async () => [await p.ok<string>({ op: 'text', h: w }), await p.ok<string>({ op: 'html', h: w })].join('|');
      const before = await read();
      await p.page.selectOption('#s', { index: 1 });
      const after = await read();
      const copies = (s: string) => s.split('Zebra').length - 1;
      if (names) expect(after).toBe(before);
      else expect(copies(after)).toBeGreaterThan(copies(before));
    });
  }

  test('an event inside a password editor names the editor as its target, not what typing made there', async () => {
    const p = await open('<div id="ed" contenteditable="true" autocomplete="current-password"><b id="typed" style="display: inline-block; width: 40px; height: 20px">x</b></div>');
    const ed = await p.q('#ed');
    await p.ok({ op: 'on', h: ed, type: 'click' });
    await p.page.click('#typed');
    await expect.poll(async () => (await p.events()).length).toBe(1);
    const [e] = (await p.events()) as Array<{ event: { target?: { h: string; tag: string } } }>;
    expect(e!.event.target).toMatchObject({ h: ed, tag: 'div' });
  });

  test('a click on a password radio button or checkbox arrives with its type only; on a plain one with its target', async () => {
    const p = await open('<form id="f"><input id="r1" type="radio" name="g" autocomplete="new-password"><input id="r2" type="radio" name="g" autocomplete="new-password"><input id="plain" type="checkbox"></form>');
    await p.ok({ op: 'on', h: await p.q('#f'), type: 'click' });
    await p.page.click('#r2');
    await p.page.click('#plain');
    await expect.poll(async () => (await p.events()).length).toBe(2);
    const [pw, plain] = (await p.events()) as Array<{ event: Record<string, unknown> }>;
    expect(pw!.event).toEqual({ type: 'click' });
    expect(plain!.event).toMatchObject({ type: 'click', target: { tag: 'input' }, clientX: expect.any(Number) });
  });

  test('events a stylesheet starts are not forwarded; a click still is', async () => {
    const p = await open('<style>#x { transition: color 1ms } #x.on { color: red }</style><button id="x">x</button><input id="c" type="checkbox" autocomplete="new-password">');
    const x = await p.q('#x');
    await p.ok({ op: 'on', h: x, type: 'transitionend' });
    await p.ok({ op: 'on', h: x, type: 'click' });
    await p.page.evaluate(() => document.getElementById('x')!.classList.add('on'));
    await p.page.click('#x');
    await expect.poll(async () => (await p.events()).length).toBe(1);
    await p.page.evaluate(() => new Promise((r) => setTimeout(r, 200)));
    expect(((await p.events()) as Array<{ event: { type: string } }>).map((e) => e.event.type)).toEqual(['click']);
  });
});

describe('on pages without one (control)', () => {
  const ORDINARY = {
    'no password field': '<p id="line">x<span id="ed" contenteditable="true"></span><b id="after">y</b></p><input id="c" type="checkbox" checked><select id="s"><option>One</option><option selected>Two</option></select><input id="r" type="radio" name="g">',
    'an ordinary login form': '<form><input type="password" autocomplete="current-password"><input id="c" type="checkbox" checked></form><p id="line">x<span id="ed" contenteditable="true"></span></p><select id="s"><option>One</option><option selected>Two</option></select><input id="r" type="radio" name="g">',
  };
  for (const [kind, body] of Object.entries(ORDINARY)) {
    test(`${kind}: the same selectors, boxes and styles are answered`, async () => {
      const p = await open(body);
      const line = await p.q('#line');
      for (const sel of STATE_SELECTORS) expect(await p.run([{ op: 'queryAll', sel }]), `${kind}: ${sel}`).toMatchObject([{ ok: true }]);
      expect(await p.ok({ op: 'query', sel: '#s option:checked' })).toMatchObject({ tag: 'option' });
      expect(await p.ok({ op: 'matches', h: line, sel: ':has(#ed)' })).toBe(true);
      expect(await p.ok({ op: 'rect', h: line })).toMatchObject({ width: expect.any(Number) });
      expect(await p.ok({ op: 'computedStyle', h: line, props: ['display'] })).toEqual({ display: 'block' });
    });
  }

  test('events a stylesheet starts are forwarded', async () => {
    const p = await open('<style>#x { transition: color 1ms } #x.on { color: red }</style><button id="x">x</button>');
    await p.ok({ op: 'on', h: await p.q('#x'), type: 'transitionend' });
    await p.page.evaluate(() => document.getElementById('x')!.classList.add('on'));
    await expect.poll(async () => ((await p.events()) as Array<{ event: { type: string } }>).map((e) => e.event.type)).toEqual(['transitionend']);
  });
});
