// dom selectors reach into shadow roots, open and closed, with `>>>` (the harness stands in for
// chrome.dom.openOrClosedShadowRoot; tests/e2e/page-agent/shadow-dom.spec.ts runs the real one): query, queryAll, matches, closest,
// parent, waitFor and observe; and the page policy holds there (a password field inside a shadow root makes
// a value-testing selector refused, and reads empty).
import { describe, expect, test } from 'vitest';
import { unitBrowser } from '../harness';
import type { Handle } from '../../../../contracts/dom/ops';

const BODY = `
<my-app id="app">
  <template shadowrootmode="open">
    <header class="bar">App bar</header>
    <my-card class="card">
      <template shadowrootmode="open"><h2 class="title">Inner title</h2><slot></slot></template>
      <p class="slotted">Slotted text</p>
    </my-card>
    <my-card class="card">
      <template shadowrootmode="open"><h2 class="title">Second title</h2></template>
    </my-card>
  </template>
</my-app>
<h2 class="title">Page title</h2>
<x-login id="login"></x-login>
<script>
  // A closed root, as a component's constructor makes one; the test keeps a reference for its positive control.
  window.__loginRoot = document.getElementById('login').attachShadow({ mode: 'closed' });
  window.__loginRoot.innerHTML = '<form><input type="password" id="pw" value="hunter2"></form>';
</script>`;

const { p, q } = unitBrowser({ body: BODY });

describe('>>> in dom selectors', () => {
  test('query and queryAll step into shadow roots, one >>> per root', async () => {
    const inner = await p.ok<Handle>({ op: 'query', sel: 'my-app >>> my-card >>> .title' });
    expect(await p.ok({ op: 'text', h: inner.h })).toBe('Inner title');
    const all = await p.ok<Handle[]>({ op: 'queryAll', sel: 'my-app >>> my-card >>> .title' });
    expect(await Promise.all(all.map((h) => p.ok({ op: 'text', h: h.h })))).toEqual(['Inner title', 'Second title']);
    // Without >>> the page's own tree only: the titles inside components are not found.
    const plain = await p.ok<Handle[]>({ op: 'queryAll', sel: '.title' });
    expect(plain).toHaveLength(1);
    // One level only: the card's title is not in my-app's own root.
    expect(await p.ok({ op: 'query', sel: 'my-app >>> .title' })).toBeNull();
    // A slotted child stays in the tree of the page that wrote it.
    expect(await p.ok({ op: 'query', sel: 'my-app >>> my-card > .slotted' })).not.toBeNull();
  });

  test('on a handle, :scope >>> looks in its own shadow root', async () => {
    const app = await q('#app');
    const bar = await p.ok<Handle>({ op: 'query', sel: ':scope >>> .bar', scope: app });
    expect(await p.ok({ op: 'text', h: bar.h })).toBe('App bar');
  });

  test('matches, closest and parent cross out of a shadow root through its host', async () => {
    const inner = await p.ok<Handle>({ op: 'query', sel: 'my-app >>> my-card >>> .title' });
    expect(await p.ok({ op: 'matches', h: inner.h, sel: 'my-app >>> my-card >>> h2' })).toBe(true);
    expect(await p.ok({ op: 'matches', h: inner.h, sel: 'x-login >>> h2' })).toBe(false);
    const card = await p.ok<Handle>({ op: 'closest', h: inner.h, sel: 'my-card' });
    expect(card.tag).toBe('my-card');
    const app = await p.ok<Handle>({ op: 'closest', h: inner.h, sel: '#app' });
    expect(app.tag).toBe('my-app');
    // The title is the first thing in the card's root: its parent is the card.
    expect((await p.ok<Handle>({ op: 'parent', h: inner.h })).tag).toBe('my-card');
  });

  test('waitFor and observe see elements added inside a shadow root', async () => {
    const waiting = p.run([{ op: 'waitFor', sel: 'my-app >>> .late', timeout: 5000 }]);
    const observing = await p.ok<{ observer: string }>({ op: 'observe', sel: 'my-app >>> my-card >>> .added' });
    await p.page.evaluate(() => {
      const app = document.querySelector('my-app')!.shadowRoot!;
      app.querySelector('.bar')!.insertAdjacentHTML('afterend', '<i class="late">late</i>');
      app.querySelector('my-card')!.shadowRoot!.append(Object.assign(document.createElement('b'), { className: 'added' }));
    });
    const [r] = await waiting;
    expect(r).toMatchObject({ ok: true, value: { tag: 'i' } });
    await expect.poll(async () => (await p.events()).some((e) => (e as { kind: string; observer?: string }).kind === 'observed' && (e as { observer: string }).observer === observing.observer)).toBe(true);
  });

  test('a bad >>> is a typed refusal that says how to write it', async () => {
    const r = await p.refused({ op: 'query', sel: '>>> .title' });
    expect(r.code).toBe('SELECTOR_INVALID');
    expect(r.reason).toContain('my-card >>> .title');
    expect((await p.refused({ op: 'query', sel: 'my-app >>> a:::b' })).code).toBe('SELECTOR_INVALID');
  });
});

describe('the page policy inside shadow roots', () => {
  test('a password field inside a shadow root reads empty, and a value-testing selector is refused', async () => {
    const pw = await p.ok<Handle>({ op: 'query', sel: 'x-login >>> #pw' });
    expect(await p.ok({ op: 'value', h: pw.h })).toBe('');
    expect(await p.ok({ op: 'attr', h: pw.h, name: 'value' })).toBe('');
    // The only password field is inside the shadow root: the page still counts as having one.
    for (const sel of ['x-login >>> input[value^="h"]', 'body:has(.x) >>> b, x-login >>> input:placeholder-shown']) {
      expect((await p.refused({ op: 'queryAll', sel })).code).toBe('SELECTOR_TESTS_PASSWORD');
    }
  });

  test('positive control: once the field is no password field, the same value selector finds it', async () => {
    await p.page.evaluate(() => ((window as unknown as { __loginRoot: ShadowRoot }).__loginRoot.querySelector('#pw') as HTMLInputElement).type = 'text');
    expect(await p.ok({ op: 'queryAll', sel: 'x-login >>> input[value^="h"]' })).toHaveLength(1);
  });
});

describe('stylesheets reach into shadow roots with >>>', () => {
  test('dom.addStyle styles inside the named roots only, and takes it back on release', async () => {
    await p.ok({ op: 'addStyle', css: 'my-app >>> my-card >>> .title, h2.title { color: rgb(1, 2, 3) } @media (min-width: 1px) { my-app >>> .bar { color: rgb(4, 5, 6) } }' });
    const color = (sel: string) => p.ok<Handle>({ op: 'query', sel }).then((h) => p.ok<Record<string, string>>({ op: 'computedStyle', h: h.h, props: ['color'] })).then((c) => c.color);
    expect(await color('my-app >>> my-card >>> .title')).toBe('rgb(1, 2, 3)');
    expect(await color('h2.title')).toBe('rgb(1, 2, 3)');
    expect(await color('my-app >>> .bar')).toBe('rgb(4, 5, 6)');
    // A card the page adds later gets the rule too.
    await p.page.evaluate(() => {
      const card = document.createElement('my-card');
      card.attachShadow({ mode: 'closed' }).innerHTML = '<h2 class="title late-card">Late</h2>';
      document.querySelector('my-app')!.shadowRoot!.append(card);
    });
    await expect.poll(() => color('my-app >>> my-card >>> .late-card')).toBe('rgb(1, 2, 3)');
    await p.release();
    expect(await color('my-app >>> my-card >>> .title')).not.toBe('rgb(1, 2, 3)');
  });

  test('a value test behind >>> is refused like any other', async () => {
    const r = await p.refused({ op: 'addStyle', css: 'x-login >>> input[value^="h"] { width: 100px }' });
    expect(r.code).toBe('SELECTOR_TESTS_PASSWORD');
  });
});

describe("the assistant's tools see inside shadow roots", () => {
  test('no tool shows the password typed into a field inside a closed root', async () => {
    const assistant = (fn: string, input: object) => p.page.evaluate(([f, i]) => JSON.stringify((window as unknown as { __assistant: Record<string, (x: object) => unknown> }).__assistant[f]!(i)), [fn, input] as const);
    const seen = [
      await assistant('outline', {}),
      await assistant('queryElements', { selector: 'x-login >>> form', html: true }),
      await assistant('queryElements', { selector: 'x-login >>> #pw', html: true }),
      await assistant('inspectStyles', { selector: 'x-login >>> #pw', properties: ['width', 'content'] }),
      await assistant('formFields', {}),
    ];
    // The field is found (the forms list has it, marked a password field), its value never shown.
    expect(JSON.parse(seen[4]!).fields).toContainEqual(expect.objectContaining({ type: 'password', value: '', password: true }));
    expect(seen[2]).toContain('type=\\"password\\"');
    for (const text of seen) expect(text).not.toContain('hunter2');
  });

  test('the outline shows each root with the selector that reaches into it, and query_elements answers one that finds the element', async () => {
    const o = await p.page.evaluate(() => (window as unknown as { __assistant: { outline: (i: object) => { outline: string } } }).__assistant.outline({}));
    expect(o.outline).toContain('#shadow-root (open): select inside it with "#app >>> …"');
    expect(o.outline).toContain('#shadow-root (closed): select inside it with "#login >>> …"');
    expect(o.outline).toContain('"Inner title"');
    const found = await p.page.evaluate(() => (window as unknown as { __assistant: { queryElements: (i: object) => { elements: Array<{ selector: string; text: string }> } } }).__assistant.queryElements({ selector: '#app >>> my-card >>> .title' }));
    expect(found.elements.map((e) => e.text)).toEqual(['Inner title', 'Second title']);
    for (const e of found.elements) {
      const h = await p.ok<Handle>({ op: 'query', sel: e.selector });
      expect(await p.ok({ op: 'text', h: h.h })).toBe(e.text);
    }
  });
});
