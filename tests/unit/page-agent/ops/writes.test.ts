// Changing the page through dom: text, marks, classes, styles, values, created elements and insertion,
// stylesheets; with what each refuses and the page state an attacker would need.
import { describe, expect, test } from 'vitest';
import { SCOPE, unitBrowser } from '../harness';
import { SHOP } from '../fixture';
import type { Handle } from '../../../../contracts/dom/ops';

const ID = SCOPE.id;
const { p, q, open } = unitBrowser({ body: SHOP });

const attrs = (sel: string) => p.page.evaluate((s) => Object.fromEntries([...document.querySelector(s)!.attributes].map((a) => [a.name, a.value])), sel);

describe('setText', () => {
  test('replaces content with text, never markup', async () => {
    await p.ok({ op: 'setText', h: await q('#para'), text: '<img src=x onerror=alert(1)>' });
    expect(await p.page.evaluate(() => document.getElementById('para')!.innerHTML)).toBe('&lt;img src=x onerror=alert(1)&gt;');
  });
  test('refused on a script or style element', async () => {
    expect((await p.refused({ op: 'setText', h: await q('#inline'), text: 'window.__canary = 1' })).code).toBe('NOT_APPLICABLE');
    expect((await p.refused({ op: 'setText', h: await q('#pagestyle'), text: 'b{background:red}' })).code).toBe('NOT_APPLICABLE');
    const empty = await p.page.evaluate(() => {
      const s = document.createElement('script');
      s.id = 'empty';
      document.body.append(s);
    });
    void empty;
    expect((await p.refused({ op: 'setText', h: await q('#empty'), text: 'window.__canary = 1' })).code).toBe('NOT_APPLICABLE');
    expect(await p.page.evaluate(() => (window as unknown as { __canary: number }).__canary)).toBe(0);
  });
});

describe('marks on the page\'s own elements', () => {
  test('setAttr writes data-rmx-<id>-<name>; attr reads it by its short name; removeAttr removes only the mark', async () => {
    const h = await q('#title');
    await p.ok({ op: 'setAttr', h, name: 'seen', value: 'yes' });
    await p.ok({ op: 'setAttr', h, name: 'title', value: 'mine' });
    expect(await attrs('#title')).toEqual({ id: 'title', class: 'brand', 'data-kind': 'shop', [`data-rmx-${ID}-seen`]: 'yes', [`data-rmx-${ID}-title`]: 'mine' });
    expect(await p.ok({ op: 'attr', h, name: 'seen' })).toBe('yes');
    expect(await p.ok({ op: 'attr', h, name: 'title' })).toBe('mine');
    await p.ok({ op: 'removeAttr', h, name: 'title' });
    await p.ok({ op: 'removeAttr', h, name: 'class' });
    expect(await attrs('#title')).toEqual({ id: 'title', class: 'brand', 'data-kind': 'shop', [`data-rmx-${ID}-seen`]: 'yes' });
  });

  test('a name that cannot be a mark is refused; a handler name is only ever written as a mark', async () => {
    const h = await q('#title');
    for (const name of ['xlink:href', 'data-x.y', 'x:onclick']) {
      const r = await p.refused({ op: 'setAttr', h, name, value: 'alert(1)' });
      expect(r.code).toBe('ATTRIBUTE_REFUSED');
    }
    await p.ok({ op: 'setAttr', h, name: 'onclick', value: 'window.__canary++' });
    await p.ok({ op: 'setAttr', h, name: 'style', value: 'background:url(https://attacker.example/)' });
    expect(await attrs('#title')).toEqual({ id: 'title', class: 'brand', 'data-kind': 'shop', [`data-rmx-${ID}-onclick`]: 'window.__canary++', [`data-rmx-${ID}-style`]: 'background:url(https://attacker.example/)' });
    await p.page.click('#title');
    expect(await p.page.evaluate(() => (window as unknown as { __canary: number }).__canary)).toBe(0);
    expect(p.offsite()).toEqual([]);
  });

  test('every mark on the page names the remixlet that wrote it', async () => {
    const other = { ...SCOPE, id: 'otherremix1' };
    const h = await q('#para');
    const theirs = (await p.ok<Handle>({ op: 'query', sel: '#para' }, other)).h;
    await p.ok({ op: 'setAttr', h, name: 'a', value: '1' });
    await p.ok({ op: 'setAttr', h: theirs, name: 'a', value: '2' }, other);
    await p.ok({ op: 'addClass', h, name: 'hot' });
    await p.ok({ op: 'addClass', h: theirs, name: 'hot' }, other);
    expect(await attrs('#para')).toMatchObject({ [`data-rmx-${ID}-a`]: '1', 'data-rmx-otherremix1-a': '2', class: `rmx-${ID}-hot rmx-otherremix1-hot` });
    await p.ok({ op: 'removeClass', h, name: 'hot' });
    expect((await attrs('#para')).class).toBe('rmx-otherremix1-hot');
  });

  test('href on the page\'s link and src on its image are real, under the address rule, with the resolved address', async () => {
    const home = await q('#home');
    await p.ok({ op: 'setAttr', h: home, name: 'href', value: 'deals?x=1' });
    expect((await attrs('#home')).href).toBe('https://page.test/app/deals?x=1');
    await p.ok({ op: 'setAttr', h: home, name: 'href', value: 'https://shop.mysite.test/cart' });
    for (const bad of ['javascript:alert(1)', 'https://attacker.example/x', 'blob:https://page.test/x', 'data:text/html,hi', '//attacker.example/']) {
      expect((await p.refused({ op: 'setAttr', h: home, name: 'href', value: bad })).code).toBe('ADDRESS_REFUSED');
    }
    expect((await attrs('#home')).href).toBe('https://shop.mysite.test/cart');
    const logo = await q('#logo');
    await p.ok({ op: 'setAttr', h: logo, name: 'src', value: 'data:image/png;base64,iVBORw0KGgo=' });
    await p.ok({ op: 'setAttr', h: logo, name: 'src', value: 'https://api.allowed.test/img.png' });
    expect((await p.refused({ op: 'setAttr', h: logo, name: 'src', value: 'https://evil.test/p.png' })).reason).toContain('fetch:evil.test');
    await expect.poll(() => p.offsite()).toEqual(['https://api.allowed.test/img.png']);
  });

  test("a page link that pings an address the rule refuses keeps its href: the ping would carry the new one", async () => {
    await open(
      `${SHOP}<a id="pinged" href="/app/a" ping="https://pings.example/p">p</a><a id="attributed" href="/app/a" attributionsrc="https://pings.example/a">a</a>` +
        `<a id="own-pinged" href="/app/a" ping="/app/own-ping https://x.mysite.test/p">o</a><img src="https://cdn.partner.example/px.png" alt=""><a id="loaded-pinged" href="/app/a" ping="https://cdn.partner.example/px.png">l</a>`,
    );
    for (const sel of ['#pinged', '#attributed', '#loaded-pinged']) {
      const r = await p.refused({ op: 'setAttr', h: await q(sel), name: 'href', value: '/app/a?leak=secret' });
      expect(r.code, sel).toBe('ATTRIBUTE_REFUSED');
      expect(r.reason, sel).toMatch(/ping|attributionsrc/);
      expect((await attrs(sel)).href, sel).toBe('/app/a');
    }
    await p.ok({ op: 'setAttr', h: await q('#own-pinged'), name: 'href', value: '/app/a?fine=1' });
    expect((await attrs('#own-pinged')).href).toBe('https://page.test/app/a?fine=1');
  });

  test("a page form's method, enctype, action and target, and a page button's form* attributes, land only as marks", async () => {
    const form = await q('#login');
    for (const [name, value] of [['method', 'get'], ['enctype', 'text/plain'], ['action', 'https://attacker.example/x'], ['target', '_blank']] as const) {
      await p.ok({ op: 'setAttr', h: form, name, value });
    }
    const submit = await q('#submit');
    for (const [name, value] of [['formmethod', 'get'], ['formenctype', 'text/plain'], ['formaction', '/app/x'], ['formtarget', '_blank'], ['form', 'evil']] as const) {
      await p.ok({ op: 'setAttr', h: submit, name, value });
    }
    expect(await attrs('#login')).toEqual({ id: 'login', action: '/app/login', method: 'post', [`data-rmx-${ID}-method`]: 'get', [`data-rmx-${ID}-enctype`]: 'text/plain', [`data-rmx-${ID}-action`]: 'https://attacker.example/x', [`data-rmx-${ID}-target`]: '_blank' });
    expect(Object.keys(await attrs('#submit')).filter((n) => !n.startsWith('data-rmx-'))).toEqual(['id', 'type']);
    expect(
      await p.page.evaluate(() => {
        const f = document.getElementById('login') as HTMLFormElement;
        return [f.method, f.enctype, f.action, f.target, (document.getElementById('submit') as HTMLButtonElement).form?.id];
      }),
    ).toEqual(['post', 'application/x-www-form-urlencoded', 'https://page.test/app/login', '', 'login']);
  });

  test('an address the page already loads is allowed exactly as it resolves, and only that one', async () => {
    await open(`${SHOP}<img id="banner" src="https://cdn.partner.example/banner.png" alt="">`);
    const home = await q('#home');
    await p.ok({ op: 'setAttr', h: home, name: 'href', value: 'https://cdn.partner.example/banner.png' });
    expect((await p.refused({ op: 'setAttr', h: home, name: 'href', value: 'https://cdn.partner.example/banner.png?leak=1' })).code).toBe('ADDRESS_REFUSED');
    // A load the page made by script (a performance entry, no element) counts too.
    await p.page.evaluate(() => fetch('https://cdn.other.test/data.json', { mode: 'no-cors' }).catch(() => undefined));
    const logo = await q('#logo');
    await expect.poll(async () => (await p.run([{ op: 'setAttr', h: logo, name: 'src', value: 'https://cdn.other.test/data.json' }]))[0]?.ok).toBe(true);
    expect((await p.refused({ op: 'setAttr', h: logo, name: 'src', value: 'https://cdn.other.test/data.json?x=1' })).code).toBe('ADDRESS_REFUSED');
    // An address a remixlet wrote does not become one the page loads.
    const link = await p.ok<Handle>({ op: 'create', tag: 'a', attrs: { href: 'https://shop.mysite.test/x' } });
    await p.ok({ op: 'insert', h: await q('#para'), where: 'append', node: link.h });
    const other = { ...SCOPE, id: 'otherremix1', matches: ['https://page.test/*'] };
    const theirHome = (await p.ok<Handle>({ op: 'query', sel: '#home' }, other)).h;
    expect((await p.refused({ op: 'setAttr', h: theirHome, name: 'href', value: 'https://shop.mysite.test/x' }, other)).code).toBe('ADDRESS_REFUSED');
  });

  test('an address the page only links to, or names without loading it, is not one it loads', async () => {
    await open(
      `${SHOP}<a id="typed" href="https://partner.example/search?q=typed">result</a>`,
      { head: '<link rel="canonical" href="https://partner.example/canonical"><link rel="alternate" href="https://partner.example/feed"><link rel="dns-prefetch" href="https://partner.example/dns"><link rel="stylesheet" href="https://cdn.partner.example/site.css">' },
    );
    const home = await q('#home');
    const logo = await q('#logo');
    for (const address of ['https://partner.example/deal', 'https://partner.example/search?q=typed', 'https://partner.example/canonical', 'https://partner.example/feed', 'https://partner.example/dns']) {
      expect((await p.refused({ op: 'setAttr', h: home, name: 'href', value: address })).code, address).toBe('ADDRESS_REFUSED');
      expect((await p.refused({ op: 'setAttr', h: logo, name: 'src', value: address })).code, address).toBe('ADDRESS_REFUSED');
    }
    // A stylesheet the page links is a load.
    await p.ok({ op: 'setAttr', h: logo, name: 'src', value: 'https://cdn.partner.example/site.css' });
    await expect.poll(() => p.offsite()).toEqual(['https://cdn.partner.example/site.css']);
  });

  test("a password field's type, autocomplete, pattern, minlength and maxlength cannot be changed", async () => {
    const pw = await q('#password');
    for (const name of ['type', 'autocomplete', 'pattern', 'minlength', 'maxlength', 'TYPE']) {
      expect((await p.refused({ op: 'setAttr', h: pw, name, value: 'text' })).code).toBe('PASSWORD_FIELD_LOCKED');
      expect((await p.refused({ op: 'removeAttr', h: pw, name })).code).toBe('PASSWORD_FIELD_LOCKED');
    }
    expect(await attrs('#password')).toEqual({ id: 'password', name: 'password', type: 'password', value: 'hunter2', autocomplete: 'current-password', minlength: '6' });
  });
});

describe('setStyle', () => {
  test('sets checked inline properties; an empty value removes one; important works', async () => {
    const h = await q('#box');
    await p.ok({ op: 'setStyle', h, props: { 'background-color': 'rgb(1, 2, 3)', 'border-top': '2px solid red', '--accent': 'teal', color: 'red !important' } });
    expect(await p.page.evaluate(() => document.getElementById('box')!.style.cssText)).toBe(
      'width: 120px; height: 30px; background-color: rgb(1, 2, 3); border-top: 2px solid red; --accent: teal; color: red !important;',
    );
    await p.ok({ op: 'setStyle', h, props: { width: '' } });
    expect(await p.page.evaluate(() => document.getElementById('box')!.style.width)).toBe('');
  });

  test('refuses url( and its relatives in every spelling, and changes nothing', async () => {
    const h = await q('#box');
    for (const value of [
      'url(https://attacker.example/a)',
      'URL(https://attacker.example/a)',
      'u\\72l(https://attacker.example/a)',
      'u\\000072l(https://attacker.example/a)',
      'url/**/(https://attacker.example/a)',
      'image-set("https://attacker.example/a" 1x)',
      '-webkit-image-set(url(https://attacker.example/a) 1x)',
      'cross-fade(url(https://attacker.example/a), red)',
      'red; background: url(https://attacker.example/a)',
    ]) {
      const r = await p.refused({ op: 'setStyle', h, props: { color: 'blue', 'background-image': value } });
      expect(r.code, value).toBe('STYLE_REFUSED');
      expect(r.reason.length).toBeGreaterThan(40);
    }
    expect(await p.page.evaluate(() => document.getElementById('box')!.style.cssText)).toBe('width: 120px; height: 30px;');
    expect(p.offsite()).toEqual([]);
  });

  test('may not unmask or content-size a field, however spelled, through setStyle or addStyle', async () => {
    const h = await q('#box');
    for (const props of [{ '-webkit-text-security': 'none' }, { 'field-sizing': 'content' }, { 'FIELD-SIZING': 'content' }] as Array<Record<string, string>>) {
      expect((await p.refused({ op: 'setStyle', h, props })).code, JSON.stringify(props)).toBe('STYLE_REFUSED');
    }
    for (const css of ['input { field-sizing: content }', 'input { fi\\65ld-sizing: content }', 'input { -webkit-text-security /**/ : none }', '@media all { input { -WEBKIT-text-security: none } }']) {
      expect((await p.refused({ op: 'addStyle', css })).code, css).toBe('STYLE_REFUSED');
    }
  });

  test('a deeply nested stylesheet or style value is a STYLE_REFUSED naming the limit, never INTERNAL (issue 25)', async () => {
    const deep = (open: string, n: number) => `${open}{`.repeat(n) + 'color: red' + '}'.repeat(n);
    for (const css of [deep('.a', 5_000), deep('@media screen', 5_000), deep('&', 5_000)]) {
      const r = await p.refused({ op: 'addStyle', css });
      expect(r.code).toBe('STYLE_REFUSED');
      expect(r.reason).toMatch(/nest more than 256 deep here; flatten the stylesheet/);
    }
    const value = 'calc(' + '('.repeat(300) + '1px' + ')'.repeat(301);
    expect((await p.refused({ op: 'setStyle', h: await q('#box'), props: { width: value } })).code).toBe('STYLE_REFUSED');
    await p.ok({ op: 'addStyle', css: deep('@media screen', 256) });
    expect(await p.page.evaluate(() => document.adoptedStyleSheets.length)).toBe(1);
  });

  test("a password field's style is locked; a value the browser rejects is noted", async () => {
    expect((await p.refused({ op: 'setStyle', h: await q('#password'), props: { 'field-sizing': 'content' } })).code).toBe('PASSWORD_FIELD_LOCKED');
    const [r] = await p.run([{ op: 'setStyle', h: await q('#box'), props: { color: 'not-a-colour', 'margin-top': '2px' } }]);
    expect(r).toMatchObject({ ok: true, value: { ignored: ['color'] } });
    expect(r?.ok && r.notes?.[0]).toContain('not a value the browser accepts');
  });
});

describe('hide, show, remove', () => {
  test('hide and show toggle display; remove takes the element off the page', async () => {
    const h = await q('#box');
    await p.ok({ op: 'hide', h });
    expect(await p.page.isVisible('#box')).toBe(false);
    await p.ok({ op: 'show', h });
    expect(await p.page.isVisible('#box')).toBe(true);
    await p.ok({ op: 'remove', h });
    expect(await p.page.$('#box')).toBeNull();
    expect((await p.refused({ op: 'show', h })).code).toBe('HANDLE_GONE');
  });
});

describe('setValue', () => {
  test('sets a text field and fires input and change as typing would', async () => {
    await p.page.evaluate(() => {
      const w = window as unknown as { seen: string[] };
      w.seen = [];
      document.getElementById('email')!.addEventListener('input', (e) => w.seen.push(`input:${(e.target as HTMLInputElement).value}`));
      document.getElementById('email')!.addEventListener('change', () => w.seen.push('change'));
    });
    await p.ok({ op: 'setValue', h: await q('#email'), value: 'new@page.test' });
    expect(await p.page.inputValue('#email')).toBe('new@page.test');
    expect(await p.page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['input:new@page.test', 'change']);
    await p.ok({ op: 'setValue', h: await q('#size'), value: 's' });
    expect(await p.page.inputValue('#size')).toBe('s');
  });

  test('refused on password, hidden and file inputs and on non-controls', async () => {
    expect((await p.refused({ op: 'setValue', h: await q('#password'), value: 'x' })).code).toBe('PASSWORD_FIELD_LOCKED');
    expect((await p.refused({ op: 'setValue', h: await q('#csrf'), value: 'x' })).code).toBe('NOT_APPLICABLE');
    expect((await p.refused({ op: 'setValue', h: await q('#file'), value: 'x' })).code).toBe('NOT_APPLICABLE');
    expect((await p.refused({ op: 'setValue', h: await q('#para'), value: 'x' })).code).toBe('NOT_APPLICABLE');
    expect(await p.page.inputValue('#csrf')).toBe('tok');
  });
});

describe('create and insert', () => {
  test('creates a detached element from the list with checked attributes; the address is resolved', async () => {
    const link = await p.ok<Handle>({ op: 'create', tag: 'a', attrs: { href: 'deals', class: 'rmx-link', title: 'Deals' }, text: 'Deals' });
    expect(link.tag).toBe('a');
    expect(await p.ok({ op: 'attr', h: link.h, name: 'href' })).toBe('https://page.test/app/deals');
    await p.ok({ op: 'insert', h: await q('#para'), where: 'after', node: link.h });
    expect(await p.page.evaluate(() => document.getElementById('para')!.nextElementSibling!.outerHTML)).toBe(
      '<a href="https://page.test/app/deals" class="rmx-link" title="Deals">Deals</a>',
    );
  });

  test('a created button never submits a page form; SVG is created in the SVG namespace; children are appended', async () => {
    const btn = await p.ok<Handle>({ op: 'create', tag: 'button', text: 'Go' });
    expect((await p.refused({ op: 'removeAttr', h: btn.h, name: 'type' })).code).toBe('ATTRIBUTE_REFUSED');
    expect((await p.refused({ op: 'setAttr', h: btn.h, name: 'type', value: 'submit' })).code).toBe('ATTRIBUTE_REFUSED');
    await p.ok({ op: 'insert', h: await q('#login'), where: 'append', node: btn.h });
    expect(await p.page.evaluate(() => (document.querySelector('#login > button:last-child') as HTMLButtonElement).type)).toBe('button');
    // A type the browser would not recognise (" button") would make it a submit button: it is written as checked.
    const spaced = await p.ok<Handle>({ op: 'create', tag: 'button', attrs: { type: ' button', class: 'spaced' }, text: 'Go' });
    await p.ok({ op: 'insert', h: await q('#login'), where: 'append', node: spaced.h });
    await p.ok({ op: 'setHTML', h: await q('#box'), html: '<button type="button " class="spaced-html">Go</button><a href="/app/x" target=" _self" class="spaced-link">x</a>' });
    expect(await p.page.evaluate(() => [(document.querySelector('#login > .spaced') as HTMLButtonElement).type, (document.querySelector('#box .spaced-html') as HTMLButtonElement).type, document.querySelector('#box .spaced-link')!.getAttribute('target')])).toEqual(['button', 'button', '_self']);
    const path = await p.ok<Handle>({ op: 'create', tag: 'path', attrs: { d: 'M0 0L10 10', fill: 'currentColor' } });
    const svg = await p.ok<Handle>({ op: 'create', tag: 'svg', attrs: { viewbox: '0 0 24 24', width: '24' }, children: [path.h] });
    await p.ok({ op: 'insert', h: await q('#box'), where: 'append', node: svg.h });
    expect(await p.page.evaluate(() => [document.querySelector('#box svg')!.namespaceURI, document.querySelector('#box svg')!.getAttribute('viewBox'), document.querySelector('#box svg path')!.namespaceURI])).toEqual([
      'http://www.w3.org/2000/svg',
      '0 0 24 24',
      'http://www.w3.org/2000/svg',
    ]);
  });

  test('refuses elements off the list and attributes that load, run or reach into the page', async () => {
    for (const tag of ['script', 'iframe', 'form', 'style', 'link', 'meta', 'base', 'object', 'embed', 'video', 'audio', 'image', 'use', 'math', 'template']) {
      expect((await p.refused({ op: 'create', tag })).code).toBe('ELEMENT_REFUSED');
    }
    const refusedAttrs: Array<[string, Record<string, string>, string]> = [
      ['img', { src: 'https://attacker.example/x.png' }, 'ADDRESS_REFUSED'],
      ['img', { srcset: 'https://attacker.example/x.png 1x' }, 'ATTRIBUTE_REFUSED'],
      ['div', { onclick: 'alert(1)' }, 'ATTRIBUTE_REFUSED'],
      ['button', { form: 'login', type: 'submit' }, 'ATTRIBUTE_REFUSED'],
      ['label', { for: 'password' }, 'ATTRIBUTE_REFUSED'],
      ['input', { type: 'password', autocomplete: 'current-password' }, 'ATTRIBUTE_REFUSED'],
      ['a', { href: '#reviews' }, 'ADDRESS_REFUSED'],
      ['a', { id: 'config', href: 'https://attacker.example/x.js' }, 'ADDRESS_REFUSED'],
      ['img', { name: 'cookie' }, 'ATTRIBUTE_REFUSED'],
    ];
    for (const [tag, a, code] of refusedAttrs) expect((await p.refused({ op: 'create', tag, attrs: a })).code, `${tag} ${JSON.stringify(a)}`).toBe(code);
    expect(p.offsite()).toEqual([]);
  });

  test('on its own elements a remixlet writes real attributes under the policy, and its classes unmarked', async () => {
    const div = await p.ok<Handle>({ op: 'create', tag: 'div' });
    await p.ok({ op: 'setAttr', h: div.h, name: 'title', value: 'real' });
    await p.ok({ op: 'addClass', h: div.h, name: 'card' });
    expect((await p.refused({ op: 'setAttr', h: div.h, name: 'onclick', value: 'x' })).code).toBe('ATTRIBUTE_REFUSED');
    expect(await p.ok({ op: 'attr', h: div.h, name: 'title' })).toBe('real');
    expect(await p.ok({ op: 'html', h: div.h })).toBe('<div title="real" class="card"></div>');
  });

  test('insert moves elements in every position; refuses cycles and code elements', async () => {
    const a = await p.ok<Handle>({ op: 'create', tag: 'span', text: 'A' });
    const b = await p.ok<Handle>({ op: 'create', tag: 'span', text: 'B' });
    const box = await q('#box');
    await p.ok({ op: 'insert', h: box, where: 'prepend', node: a.h });
    await p.ok({ op: 'insert', h: a.h, where: 'before', node: b.h });
    expect(await p.page.evaluate(() => document.getElementById('box')!.textContent)).toBe('BAbox');
    await p.ok({ op: 'insert', h: b.h, where: 'replaceWith', node: a.h });
    expect(await p.page.evaluate(() => document.getElementById('box')!.textContent)).toBe('Abox');
    const outer = await p.ok<Handle>({ op: 'create', tag: 'div' });
    const inner = await p.ok<Handle>({ op: 'create', tag: 'div' });
    await p.ok({ op: 'insert', h: outer.h, where: 'append', node: inner.h });
    expect((await p.refused({ op: 'insert', h: inner.h, where: 'append', node: outer.h })).code).toBe('HIERARCHY_REFUSED');
    expect((await p.refused({ op: 'insert', h: outer.h, where: 'append', node: outer.h })).code).toBe('HIERARCHY_REFUSED');
    expect((await p.refused({ op: 'insert', h: outer.h, where: 'before', node: inner.h })).code).toBe('HIERARCHY_REFUSED');
    expect((await p.refused({ op: 'insert', h: await q('#inline'), where: 'append', node: a.h })).code).toBe('NOT_APPLICABLE');
  });
});

describe('addStyle', () => {
  test('adds a stylesheet that applies to the page and goes with the sandbox', async () => {
    await p.ok({ op: 'addStyle', css: '#box { outline: 3px solid rgb(9, 8, 7); }' });
    expect(await p.page.evaluate(() => getComputedStyle(document.getElementById('box')!).outlineColor)).toBe('rgb(9, 8, 7)');
    await p.release();
    expect(await p.page.evaluate(() => getComputedStyle(document.getElementById('box')!).outlineColor)).not.toBe('rgb(9, 8, 7)');
  });

  test('refuses loads however spelled, and value selectors', async () => {
    for (const css of ['b{background:url(https://attacker.example/a)}', '@import "https://attacker.example/a.css";', 'b{background:\\75 rl(https://attacker.example/a)}', '@font-face{font-family:x;src:local(x),url(https://attacker.example/f)}']) {
      expect((await p.refused({ op: 'addStyle', css })).code, css).toBe('STYLE_REFUSED');
    }
    const r = await p.refused({ op: 'addStyle', css: 'input[type=password][value^="h"] { width: 300px }' });
    expect(r.code).toBe('SELECTOR_TESTS_PASSWORD');
    await p.ok({ op: 'addStyle', css: 'input[type=password] { width: 300px }' });
    expect(p.offsite()).toEqual([]);
  });
});

describe('focus', () => {
  test('moves focus', async () => {
    await p.ok({ op: 'focus', h: await q('#email') });
    expect(await p.page.evaluate(() => document.activeElement?.id)).toBe('email');
  });
});
