// h.setHTML and h.clone on a real DOM: parsed in an inert document, cleaned, inserted as nodes; nothing
// the markup asks for loads or runs; clones start with empty password values.
import { describe, expect, test } from 'vitest';
import { SCOPE, unitBrowser } from '../harness';
import { SHOP } from '../fixture';
import type { Handle } from '../../../../contracts/dom/ops';

const ID = SCOPE.id;
const { p, q } = unitBrowser({
  body: `${SHOP}<div id="target">old</div><table id="tbl"><tbody id="tb"></tbody></table><svg id="icon" viewBox="0 0 10 10"></svg>`,
  setup: async (p) => {
    await p.page.evaluate(() => {
      const w = window as unknown as { __calls: string[] };
      w.__calls = [];
      for (const name of ['alert', 'confirm', 'prompt', 'print', 'open']) (window as unknown as Record<string, unknown>)[name] = () => w.__calls.push(name);
    });
  },
});

const inner = (sel: string) => p.page.evaluate((s) => document.querySelector(s)!.innerHTML, sel);
const nothingRan = async () => {
  await p.page.waitForTimeout(150);
  expect(await p.page.evaluate(() => [(window as unknown as { __canary: number }).__canary, (window as unknown as { __calls: string[] }).__calls])).toEqual([0, []]);
};

describe('setHTML', () => {
  test('benign markup is inserted as written, with nothing left out', async () => {
    const html = '<article class="card"><h2>Title</h2><p>Some <em>text</em> and <a href="/app/more" rel="noopener">more</a>.</p><ul><li>One</li><li>Two</li></ul><button>Buy</button></article>';
    const r = await p.ok<{ removed: string[] }>({ op: 'setHTML', h: await q('#target'), html });
    expect(r.removed).toEqual([]);
    expect(await inner('#target')).toBe(html.replace('href="/app/more"', 'href="https://page.test/app/more"').replace('<button>', '<button type="button">'));
  });

  test('drops refused elements with their content, strips refused attributes, checks addresses; reports each', async () => {
    const [r] = await p.run([
      {
        op: 'setHTML',
        h: await q('#target'),
        html: '<p onclick="alert(1)" style="color:red" id="x" class="ok">text</p><script>window.__canary=1</script><img src="https://attacker.example/a.png" onerror="alert(2)" alt="a"><iframe src="https://attacker.example/"></iframe><form action="https://attacker.example/"><input name="q"></form><a href="javascript:alert(3)">j</a><svg><image href="https://attacker.example/s.svg"/><a href="https://attacker.example/">x</a></svg><img src="/static/ok.png">',
      },
    ]);
    expect(r?.ok).toBe(true);
    if (!r?.ok) return;
    expect(await inner('#target')).toBe(`<p id="rmx-${ID}-x" class="ok">text</p><img alt="a"><a>j</a><svg></svg><img src="https://page.test/static/ok.png">`);
    const removed = (r.value as { removed: string[] }).removed.join('\n');
    for (const part of ['onclick', 'style', '<script>', 'https://attacker.example/a.png', 'onerror', '<iframe>', '<form>', 'javascript:', '<image>', '<a>']) expect(removed).toContain(part);
    expect(r.notes?.length).toBeGreaterThanOrEqual(9);
    await nothingRan();
    expect(p.offsite()).toEqual([]);
  });

  test('parses in the target\'s context: rows into a table body, shapes into an svg', async () => {
    await p.ok({ op: 'setHTML', h: await q('#tb'), html: '<tr><td colspan="2">a</td></tr>' });
    expect(await inner('#tb')).toBe('<tr><td colspan="2">a</td></tr>');
    await p.ok({ op: 'setHTML', h: await q('#icon'), html: '<path d="M0 0L10 10" stroke="currentColor"/><script>window.__canary=1</script>' });
    expect(await p.page.evaluate(() => [...document.querySelector('#icon')!.children].map((c) => `${c.namespaceURI}|${c.localName}`))).toEqual(['http://www.w3.org/2000/svg|path']);
    await nothingRan();
  });

  test('mutation-XSS shapes come out inert: nodes are inserted, never re-parsed', async () => {
    const payloads = [
      '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
      '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert(1)&gt;">',
      '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<xmp><svg><b><style><b title=\'</style><img>\'>',
      '<svg><p><style><g title="</style><img src=x onerror=alert(1)>">',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<div id="rmx-' + ID + '-ok">marked</div><div id="location">clobber</div><img name="cookie">',
    ];
    for (const html of payloads) await p.ok({ op: 'setHTML', h: await q('#target'), html });
    await nothingRan();
    expect(p.offsite()).toEqual([]);
    expect(await p.page.evaluate(() => document.querySelectorAll('#target script, #target style, #target img[onerror], #target [name], #location').length)).toBe(0);
  });

  test('deep and large markup is handled without exhausting anything', async () => {
    const deep = '<div>'.repeat(20_000) + 'deep' + '</div>'.repeat(20_000);
    const r = await p.ok<{ removed: string[] }>({ op: 'setHTML', h: await q('#target'), html: deep.slice(0, 200_000) });
    expect(r.removed).toEqual([]);
    expect(await p.page.evaluate(() => document.getElementById('target')!.textContent)).toContain('deep');
    expect((await p.refused({ op: 'setHTML', h: await q('#target'), html: 'x'.repeat(200_001) })).code).toBe('MALFORMED_MESSAGE');
  });

  test('refused on code elements and on elements that cannot hold content', async () => {
    expect((await p.refused({ op: 'setHTML', h: await q('#inline'), html: 'x' })).code).toBe('NOT_APPLICABLE');
    expect((await p.refused({ op: 'setHTML', h: await q('#logo'), html: 'x' })).code).toBe('NOT_APPLICABLE');
  });

  test('ids in the markup become marks, and so do references to them', async () => {
    const r = await p.ok<{ removed: string[] }>({
      op: 'setHTML',
      h: await q('#target'),
      html: '<h3 id="title">T</h3><div aria-labelledby="title" id="location">x</div><svg viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/></svg>',
    });
    expect(r.removed).toEqual([]);
    expect(await inner('#target')).toBe(
      `<h3 id="rmx-${ID}-title">T</h3><div aria-labelledby="rmx-${ID}-title" id="rmx-${ID}-location">x</div><svg viewBox="0 0 10 10"><defs><linearGradient id="rmx-${ID}-g"><stop offset="0" stop-color="#fff"></stop></linearGradient></defs><rect width="10" height="10" fill="url(#rmx-${ID}-g)"></rect></svg>`,
    );
    // The page's own id and globals are untouched: #title is still the page's heading, location still the location.
    expect(await p.page.evaluate(() => [document.getElementById('title')?.className, window.location === document.location, document.getElementById('location')])).toEqual(['brand', true, null]);
  });

  test('elements it inserted are the remixlet\'s own: real attributes under the policy', async () => {
    await p.ok({ op: 'setHTML', h: await q('#target'), html: '<span class="a">x</span>' });
    const span = await q('#target span');
    await p.ok({ op: 'setAttr', h: span, name: 'title', value: 't' });
    expect(await p.page.getAttribute('#target span', 'title')).toBe('t');
  });
});

describe('clone', () => {
  test('a clone of a page fieldset has no password values, ids, names or form links, and belongs to the remixlet', async () => {
    await p.page.evaluate(() =>
      document.getElementById('login')!.insertAdjacentHTML('beforeend', '<fieldset id="pwset"><input id="em3" name="em3" value="me@page.test" autofocus><input id="pw3" name="pw3" type="password" value="hunter2"><input id="pw4" form="login" type="password"></fieldset>'),
    );
    await p.page.fill('#pw4', 'typed-secret');
    const c = await p.ok<Handle>({ op: 'clone', h: await q('#pwset') });
    const html = await p.ok<string>({ op: 'html', h: c.h });
    expect(html).not.toMatch(/hunter2|typed-secret|id=|name=|form=|autofocus/);
    expect(html).toContain('me@page.test');
    await p.ok({ op: 'insert', h: await q('#target'), where: 'append', node: c.h });
    expect(await p.page.evaluate(() => [...document.querySelectorAll('#target input')].map((i) => (i as HTMLInputElement).value))).toEqual(['me@page.test', '', '']);
    const pwClone = (await p.ok<Handle[]>({ op: 'queryAll', sel: '#target input[type=password]' }))[0]!;
    expect(await p.ok({ op: 'value', h: pwClone.h })).toBe('');
    expect(await p.page.evaluate(() => document.querySelectorAll('#pw3').length)).toBe(1);
  });

  test('a clone carries no ping, attributionsrc or form* attribute on any of its elements, and none can be put back', async () => {
    await p.page.evaluate(() =>
      document.getElementById('login')!.insertAdjacentHTML(
        'beforeend',
        `<div id="overrides"><a class="l" href="/app/next" ping="https://pings.example/p" attributionsrc="https://pings.example/a">link</a>
           <button class="b" formaction="/app/other" formmethod="get" formenctype="text/plain" formnovalidate formtarget="_self">go</button>
           <input class="i" type="submit" formmethod="GET" formenctype="multipart/form-data" value="go"></div>`,
      ),
    );
    const c = await p.ok<Handle>({ op: 'clone', h: await q('#overrides') });
    const html = await p.ok<string>({ op: 'html', h: c.h });
    expect(html).not.toMatch(/ping|attributionsrc|formaction|formmethod|formenctype|formnovalidate|formtarget/i);
    expect(html).toContain('href="/app/next"');
    for (const one of [await q('#overrides a'), await q('#overrides button')]) {
      const copy = await p.ok<Handle>({ op: 'clone', h: one });
      expect(await p.ok({ op: 'attr', h: copy.h, name: 'ping' })).toBeNull();
      expect(await p.ok({ op: 'attr', h: copy.h, name: 'formmethod' })).toBeNull();
    }
    await p.ok({ op: 'insert', h: await q('#login'), where: 'append', node: c.h });
    const [link] = await p.ok<Handle[]>({ op: 'queryAll', sel: '#login > div:not(#overrides) a' });
    const [button] = await p.ok<Handle[]>({ op: 'queryAll', sel: '#login > div:not(#overrides) button' });
    for (const [h, name, value] of [
      [link!.h, 'ping', 'https://pings.example/p'],
      [link!.h, 'attributionsrc', ''],
      [button!.h, 'formmethod', 'get'],
      [button!.h, 'formenctype', 'text/plain'],
      [button!.h, 'formaction', '/app/other'],
      [button!.h, 'formtarget', '_self'],
      [button!.h, 'formnovalidate', ''],
      [button!.h, 'form', 'login'],
    ] as const) {
      expect((await p.refused({ op: 'setAttr', h, name, value })).code, name).toBe('ATTRIBUTE_REFUSED');
    }
    for (const [tag, attrs] of [
      ['a', { href: '/app/next', ping: 'https://pings.example/p' }],
      ['a', { href: '/app/next', attributionsrc: 'https://pings.example/a' }],
      ['button', { formmethod: 'get' }],
      ['button', { formenctype: 'text/plain' }],
      ['button', { form: 'login' }],
    ] as const) {
      expect((await p.refused({ op: 'create', tag, attrs })).code, JSON.stringify(attrs)).toBe('ATTRIBUTE_REFUSED');
    }
    await p.ok({ op: 'setHTML', h: await q('#target'), html: '<a href="/app/next" ping="https://pings.example/p" attributionsrc="https://pings.example/a">x</a>' });
    expect(await inner('#target')).not.toMatch(/ping|attributionsrc/);
    expect(await inner('#target')).toContain('href="https://page.test/app/next"');
    expect(p.offsite()).toEqual([]);
  });

  test('an element dom.create refuses cannot be had by cloning the page\'s own, alone or inside another', async () => {
    await p.page.evaluate(() => {
      document.head.insertAdjacentHTML('beforeend', '<meta id="refresh" http-equiv="refresh" content="0;url=https://attacker.example/r">');
      document.body.insertAdjacentHTML(
        'beforeend',
        `<div id="has-frame"><p>x</p><iframe src="about:blank"></iframe></div>
         <video id="vid" src="/v.mp4"></video>
         <div id="has-object"><object data="/o"></object></div>
         <svg id="has-use"><use href="#icon"></use></svg>
         <div id="has-script"><script>window.__canary++</script></div>
         <div id="plain"><p class="x">fine</p><img src="/static/logo.png" alt=""></div>`,
      );
    });
    await p.page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<form id="clob-form"><input name="querySelectorAll"><input name="removeAttribute"></form>'));
    for (const sel of ['#login', '#clob-form', '#refresh', '#has-frame', '#vid', '#has-object', '#has-use', '#has-script', '#pagestyle']) {
      const r = await p.refused({ op: 'clone', h: await q(sel) });
      expect(r.code, sel).toBe('ELEMENT_REFUSED');
      expect(r.reason, sel).toMatch(/cannot be cloned/);
    }
    // A clonable shadow root is copied with its host, where nothing above could see inside it.
    await p.page.evaluate(() => {
      const host = document.createElement('div');
      host.id = 'shadow-host';
      document.body.append(host);
      const root = host.attachShadow({ mode: 'closed', clonable: true } as ShadowRootInit);
      root.innerHTML = '<input type="password" value="hunter2"><form action="https://attacker.example/s"><button>go</button></form>';
    });
    const r = await p.refused({ op: 'clone', h: await q('#shadow-host') });
    expect(r.code).toBe('ELEMENT_REFUSED');
    expect(r.reason).toContain('shadow root');
    const c = await p.ok<Handle>({ op: 'clone', h: await q('#plain') });
    expect(await p.ok<string>({ op: 'html', h: c.h })).toContain('fine');
    await nothingRan();
  });
});
