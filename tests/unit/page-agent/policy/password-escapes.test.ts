// Ways a password could leave its field without being read directly: moved into another form that then
// submits it into an address the remixlet can read, read as the text of a masked textarea, copied into a
// custom property by CSS attr(), or tested by a stylesheet added before the password field appeared.
import { describe, expect, test } from 'vitest';
import { unitBrowser } from '../harness';
import type { Handle } from '../../../../contracts/dom/ops';

const { open } = unitBrowser();

const PAGE = `
<style>.secret-box textarea { -webkit-text-security: disc }</style>
<form id="login" method="post" action="/login">
  <input id="user" name="user" value="alice">
  <div id="wrap"><input id="pw" type="password" name="password" value="hunter2"></div>
  <div class="secret-box" id="box">Key: <textarea id="key" name="key">s3cret-key</textarea></div>
</form>
<form id="search" method="get" action="/search"><input id="q" name="q"><button id="go">Search</button></form>
<x-login id="host"></x-login>
<script>
  const root = document.getElementById('host').attachShadow({ mode: 'closed' });
  root.innerHTML = '<input type="password" value="shadow-pw">';
</script>`;

describe('a password field cannot be moved into another form', () => {
  test('neither the field, an element holding it, nor a masked field moves, by any insert', async () => {
    const p = await open(PAGE);
    const search = await p.q('#search');
    const qField = await p.q('#q');
    for (const sel of ['#pw', '#wrap', '#login', '#key', '#box', '#host']) {
      const node = await p.q(sel);
      for (const where of ['append', 'prepend'] as const) {
        expect((await p.refused({ op: 'insert', h: search, where, node })).code, `${where} ${sel}`).toBe('PASSWORD_FIELD_LOCKED');
      }
      for (const where of ['before', 'after', 'replaceWith'] as const) {
        expect((await p.refused({ op: 'insert', h: qField, where, node })).code, `${where} ${sel}`).toBe('PASSWORD_FIELD_LOCKED');
      }
    }
    const owners = await p.page.evaluate(() => [(document.getElementById('pw') as HTMLInputElement).form?.id, (document.getElementById('key') as HTMLTextAreaElement).form?.id]);
    expect(owners).toEqual(['login', 'login']);
    expect(await p.page.evaluate(() => new FormData(document.getElementById('search') as HTMLFormElement).has('password'))).toBe(false);
  });

  test('replacing an element that holds a password field is refused too', async () => {
    const p = await open(PAGE);
    const made = await p.ok<Handle>({ op: 'create', tag: 'div', text: 'mine' });
    for (const sel of ['#pw', '#wrap', '#login']) {
      expect((await p.refused({ op: 'insert', h: await p.q(sel), where: 'replaceWith', node: made.h })).code, sel).toBe('PASSWORD_FIELD_LOCKED');
    }
    expect(await p.page.evaluate(() => document.getElementById('pw')?.isConnected)).toBe(true);
  });

  test('other fields and elements still move', async () => {
    const p = await open(PAGE);
    await p.ok({ op: 'insert', h: await p.q('#search'), where: 'append', node: await p.q('#user') });
    expect(await p.page.evaluate(() => (document.getElementById('user') as HTMLInputElement).form?.id)).toBe('search');
    await p.ok({ op: 'insert', h: await p.q('#pw'), where: 'after', node: await p.q('#go') });
    expect(await p.page.evaluate(() => document.getElementById('go')?.parentElement?.id)).toBe('wrap');
  });
});

describe('the text of a masked textarea is not text', () => {
  test('h.text() of the field and of any ancestor leaves it out', async () => {
    const p = await open(PAGE);
    expect(await p.ok({ op: 'text', h: await p.q('#key') })).toBe('');
    const box = await p.ok<string>({ op: 'text', h: await p.q('#box') });
    expect(box).toContain('Key:');
    expect(box).not.toContain('s3cret');
    expect(await p.ok<string>({ op: 'text', h: await p.q('body') })).not.toContain('s3cret');
  });

  test("the assistant's query_elements and outline leave it out too", async () => {
    const p = await open(PAGE);
    type Assistant = { __assistant: { queryElements: (i: unknown) => { elements: { text: string }[] }; outline: (i: unknown) => { outline: string } } };
    const read = await p.page.evaluate(() => {
      const assistant = (window as unknown as Assistant).__assistant;
      return {
        query: assistant.queryElements({ selector: '#box, #key, form' }).elements.map((e) => e.text),
        outline: assistant.outline({}).outline,
      };
    });
    expect(read.query.join(' ')).toContain('Key:');
    expect(read.outline).toContain('Key:');
    expect(JSON.stringify(read)).not.toContain('s3cret');
  });

  test("the assistant's inspect_styles and form labels leave out what the page's own CSS or a label copies", async () => {
    const p = await open(`<style>#pw { --v: attr(value); width: 91px } label textarea { -webkit-text-security: disc }</style>
      <label>Key <textarea id="k">label-secret</textarea></label><input id="pw" type="password" value="hunter2">`);
    type Assistant = {
      __assistant: {
        inspectStyles: (i: unknown) => { elements: { values: Record<string, string> }[] };
        formFields: () => { fields: { label: string }[] };
      };
    };
    // The page's own sheet really does copy the value: read directly in the page, it is there.
    expect(await p.page.evaluate(() => getComputedStyle(document.getElementById('pw')!).getPropertyValue('--v'))).toContain('hunter2');
    const read = await p.page.evaluate(() => {
      const assistant = (window as unknown as Assistant).__assistant;
      return { styles: assistant.inspectStyles({ selector: '#pw', properties: ['--v', 'width', 'content'] }).elements[0]!.values, labels: assistant.formFields().fields.map((f) => f.label) };
    });
    expect(read.styles.width).toBe('91px');
    expect(read.labels.join(' ')).toContain('Key');
    expect(JSON.stringify(read)).not.toMatch(/hunter2|label-secret/);
  });

  test('a plain textarea keeps its text', async () => {
    const p = await open('<div id="d">Note: <textarea>plain words</textarea></div>');
    expect(await p.ok({ op: 'text', h: await p.q('#d') })).toBe('Note: plain words');
  });
});

describe('CSS attr() cannot read the value attribute', () => {
  test('dom.addStyle refuses attr(value) in any spelling', async () => {
    const p = await open('<input id="pw" type="password" value="hunter2">');
    for (const css of [
      'input{--v:attr(value)}',
      'input{--v:attr(VALUE)}',
      'input{--v:attr(v\\61lue)}',
      'input{--v:attr( *|value )}',
      'input{--v:attr(|value)}',
      'input{--v:attr(value type(*))}',
      'input{--v:attr(value string, "x")}',
      'input{--n:value;--v:attr(var(--n))}',
      'input{--v:\\61ttr(value)}',
    ]) {
      expect((await p.refused({ op: 'addStyle', css })).code, css).toBe('STYLE_REFUSED');
    }
    expect(await p.ok({ op: 'computedStyle', h: await p.q('#pw'), props: ['--v'] })).toEqual({ '--v': '' });
  });

  test('a custom property on a password field reads empty, whoever set it', async () => {
    const p = await open('<input id="pw" type="password" value="hunter2" style="--c: 7"><input id="plain" style="--c: 7">', {
      head: '<style>input { --v: attr(value); }</style>',
    });
    expect(await p.page.evaluate(() => getComputedStyle(document.getElementById('pw')!).getPropertyValue('--v'))).toContain('hunter2');
    expect(await p.ok({ op: 'computedStyle', h: await p.q('#pw'), props: ['--v', '--c', 'display'] })).toEqual({ '--v': '', '--c': '', display: '' });
    expect(await p.ok({ op: 'computedStyle', h: await p.q('#plain'), props: ['--c'] })).toEqual({ '--c': '7' });
  });
});

describe('a stylesheet that tests the value is refused even before any password field exists', () => {
  test('dom.addStyle refuses it on a page without a password field, so a login form that appears later is safe', async () => {
    const p = await open('<div id="app"></div>');
    expect((await p.refused({ op: 'addStyle', css: 'input[value^="h"] { --m: 1 }' })).code).toBe('SELECTOR_TESTS_PASSWORD');
    expect((await p.refused({ op: 'addStyle', css: '@media all { form:has([v\\61lue$="2"]) { width: 1px } }' })).code).toBe('SELECTOR_TESTS_PASSWORD');
    await p.page.evaluate(() => document.getElementById('app')!.insertAdjacentHTML('beforeend', '<input id="pw" type="password" value="hunter2">'));
    expect(await p.ok({ op: 'computedStyle', h: await p.q('input'), props: ['--m'] })).toEqual({ '--m': '' });
    await p.ok({ op: 'addStyle', css: 'input[type=password] { outline: 1px solid red }' });
  });
});
