// What the "can do" list says for scripts, by hand-written expectation: plain scripts, and scripts written
// to hide a call (aliases, computed names, reflection, rmx handed on), where the list must say it cannot
// tell rather than leave the call out.
import { describe, expect, it } from 'vitest';
import { canDoOf } from '../../../../contracts/can-do/files';
import { canDoChanges, canDoText } from '../../../../contracts/can-do/items';
import { siteWords } from '../../../../contracts/policy/site-words';

const manifest = (extra: Record<string, unknown> = {}) => JSON.stringify({ name: 'T', api: 1, matches: ['*://shop.test/*'], runAt: 'document_idle', permissions: [], ...extra });

/** The list in words, without the "runs on" line every test shares. */
function said(script: string, m: Record<string, unknown> = {}): string[] {
  return canDoOf({ 'manifest.json': manifest(m), 'script.js': script })
    .filter((i) => i.kind !== 'runs-on')
    .map(canDoText);
}

const HIDES = 'Hides, moves or changes parts of the page';
const CLICKS = 'Clicks things on the page (a click can follow a link or submit a form)';
const MAY_CLICK = 'May click things on the page (a click can follow a link or submit a form)';
const TYPES = 'Types into form fields';
const READS_FORMS = 'Reads what is typed into forms';
const MAY_READ_FORMS = 'May read what is typed into forms';
const READS_PAGE = 'Reads text from the page';
const ADDRESSES = 'Sets link or image addresses (href, src)';
const MAY_ADDRESSES = 'May set link or image addresses (href, src)';
const LOGS = 'Writes to its log, which the agent can read';
const STORAGE = 'Keeps data between visits (storage)';
const MAY_STORAGE = 'May keep data between visits (storage)';
const FETCH_API = 'Sends requests, signed in as you, to api.shop.test';
const MAY_FETCH_API = 'May send requests, signed in as you, to api.shop.test';
const COMPUTED = 'Cannot tell what some calls do: their names are computed when the code runs';
const HANDED_ON = 'Cannot tell everything it does with rmx or dom: the code hands them on where the analysis cannot follow';
const REFLECTION = 'Cannot tell what some calls do: the code looks functions up by reflection';

describe('the can-do list of plain scripts', () => {
  it('a script that only hides elements says only that', () => {
    expect(said(`for (const el of await dom.queryAll('.promo')) await el.hide();`)).toEqual([HIDES]);
  });

  it('says where it runs in words, and where it does not', () => {
    const list = canDoOf({ 'manifest.json': manifest({ matches: ['*://shop.test/*', 'https://*.news.test/article/*'], excludeMatches: ['*://shop.test/checkout/*'] }) }).map(canDoText);
    expect(list).toEqual(['Runs on shop.test, all pages', 'Runs on news.test and its subdomains, some pages', 'Not on shop.test, some pages']);
    expect(siteWords('<all_urls>')).toBe('every site');
    expect(siteWords('http://shop.test/*')).toBe('shop.test, all pages (unencrypted http only)');
  });

  it('a dark mode that also logs the account number says it reads the page and writes to its log', () => {
    const script = `
      await dom.addStyle('body { background: #111; color: #eee }');
      const acct = await dom.query('#account-number');
      rmx.log('account', await acct.text());`;
    expect(said(script)).toEqual(['Changes how the page looks (styles)', READS_PAGE, LOGS]);
  });

  it('typing, clicking, reading field values and listening to keys are each said', () => {
    const script = `
      const q = await dom.query('input[name=q]');
      await q.setValue('shoes');
      const v = await q.value();
      await q.on('keydown', (e) => rmx.log(e.key));
      await (await dom.query('button[type=submit]')).click();`;
    expect(said(script)).toEqual([READS_FORMS, TYPES, CLICKS, LOGS]);
  });

  it('an address set with setAttr, dom.create or setHTML is said; other attributes are not', () => {
    expect(said(`const a = await dom.query('a'); await a.setAttr('href', 'https://shop.test/x');`)).toEqual([HIDES, ADDRESSES]);
    expect(said(`const a = await dom.query('a'); await a.setAttr('title', 'x');`)).toEqual([HIDES]);
    expect(said(`await dom.create('img', { attrs: { src: '/logo.png', alt: '' } });`)).toEqual([HIDES, ADDRESSES]);
    expect(said(`await dom.create('span', { attrs: { class: 'x' }, text: 'hi' });`)).toEqual([HIDES]);
    expect(said(`const p = await dom.query('p'); await p.setHTML('<b>hi</b> <a href="/x">x</a>');`)).toEqual([HIDES, ADDRESSES]);
    expect(said(`const p = await dom.query('p'); await p.setHTML('<b>hi</b>');`)).toEqual([HIDES]);
  });

  it('rmx services are named with the hosts the manifest allows', () => {
    const script = `
      const r = await rmx.fetch('https://api.shop.test/prices', { as: 'json' });
      await rmx.storage.set('last', r);`;
    expect(said(script, { permissions: [{ name: 'fetch:api.shop.test', reason: 'x' }, { name: 'storage', reason: 'x' }] })).toEqual([FETCH_API, STORAGE]);
  });

  it('storage.remove is storage, not a change to the page; Object.create and console.log are neither', () => {
    expect(said(`await rmx.storage.remove('k'); const o = Object.create(null); console.log(o);`)).toEqual([STORAGE]);
  });

  it('rules.json and style.css show from the files alone', () => {
    const list = canDoOf({ 'manifest.json': manifest(), 'style.css': '.promo{display:none}', 'rules.json': '[]' }).map(canDoText);
    expect(list).toEqual(['Runs on shop.test, all pages', 'Changes how the page looks (styles)', 'Changes what pages load (network rules)']);
  });

  it('gives the lines where each thing happens', () => {
    const items = canDoOf({ 'manifest.json': manifest(), 'script.js': `const b = await dom.query('b');\n\nawait b.click();\nawait b.click();` });
    expect(items.find((i) => i.kind === 'clicks')?.lines).toEqual([3, 4]);
  });
});

describe('the can-do list of scripts written to hide a call', () => {
  const perms = { permissions: [{ name: 'fetch:api.shop.test', reason: 'x' }, { name: 'storage', reason: 'x' }] };

  it('an alias of rmx, an alias of an alias, and rmx through a global object still show the call', () => {
    expect(said(`const r = rmx; const q = r; await q.fetch('https://api.shop.test/');`, perms)).toEqual([FETCH_API]);
    expect(said(`await globalThis.rmx.storage.get('k');`, perms)).toEqual([STORAGE]);
    expect(said(`await self['r' + 'mx']['fe' + 'tch']('https://api.shop.test/');`, perms)).toEqual([FETCH_API]);
    expect(said(`const { fetch: send } = rmx; await send('https://api.shop.test/');`, perms)).toEqual([FETCH_API]);
    expect(said(`const { rmx: { storage } } = globalThis; await storage.get('k');`, perms)).toEqual([STORAGE]);
  });

  it('a method name folded from literals is the method', () => {
    expect(said(`const b = await dom.query('b'); await b['cl' + 'ick']();`)).toEqual([CLICKS]);
    const name = `const m = ['set', 'Value'].join(''); const i = await dom.query('input'); await i[m]('x');`;
    expect(said(name)).toEqual([TYPES]);
  });

  it('a method taken off a handle, or called through call/apply/bind, is said (as "may" where its arguments are hidden)', () => {
    expect(said(`const b = await dom.query('b'); const c = b.click; await c.call(b);`)).toEqual([MAY_CLICK]);
    expect(said(`const b = await dom.query('b'); await b.click.call(b);`)).toEqual([CLICKS]);
    expect(said(`const b = await dom.query('b'); const { click } = b; await click.call(b);`)).toEqual([MAY_CLICK]);
    expect(said(`const i = await dom.query('input'); const f = i.attr; await f.call(i, 'value');`)).toEqual([
      'May read text from the page',
      MAY_READ_FORMS,
    ]);
  });

  it('a name computed at run time is said as "cannot tell"', () => {
    const script = `const b = await dom.query('b'); const name = location.hash.slice(1); await b[name]();`;
    expect(said(script)).toEqual([COMPUTED]);
    expect(said(`const k = Date.now() > 0 ? 'fetch' : 'log'; await rmx[k]('https://api.shop.test/');`, perms)).toEqual([MAY_FETCH_API, MAY_STORAGE, COMPUTED]);
    expect(said(`const b = await dom.query('b'); const f = b[String(Date.now())]; f.call(b);`)).toEqual([COMPUTED]);
  });

  it('rmx or dom handed to other code, or a global object spread out, is said as "cannot tell", with the services the manifest allows as "may"', () => {
    expect(said(`function go(api) { return api; } go(rmx);`, perms)).toEqual([MAY_FETCH_API, MAY_STORAGE, HANDED_ON]);
    expect(said(`const all = Object.values(self); all[0];`, perms)).toEqual([MAY_FETCH_API, MAY_STORAGE, HANDED_ON]);
    expect(said(`const box = { api: dom }; box.api;`)).toEqual([HANDED_ON]);
    expect(said(`const { ...everything } = rmx; everything;`, perms)).toEqual([MAY_FETCH_API, MAY_STORAGE, HANDED_ON]);
    expect(said(`const g = globalThis; g.rmx;`, perms)).toEqual([MAY_FETCH_API, MAY_STORAGE, HANDED_ON]);
  });

  it('reflection (Reflect, prototypes) is said as "cannot tell"', () => {
    expect(said(`const b = await dom.query('b'); Reflect.apply(Object.getPrototypeOf(b)['cl' + 'ick'], b, []);`)).toEqual([MAY_CLICK, REFLECTION]);
    expect(said(`const b = await dom.query('b'); const p = b.constructor.prototype; p;`)).toEqual([REFLECTION]);
  });

  it('an address attribute whose name or options are computed is said as "may"', () => {
    expect(said(`const a = await dom.query('a'); const n = location.hash; await a.setAttr(n, 'https://x.test/');`)).toEqual([HIDES, MAY_ADDRESSES]);
    expect(said(`const opts = JSON.parse('{}'); await dom.create('a', opts);`)).toEqual([HIDES, MAY_ADDRESSES]);
    expect(said(`const p = await dom.query('p'); await p.setHTML(await rmx.storage.get('h'));`, perms)).toEqual([HIDES, MAY_ADDRESSES, STORAGE]);
    expect(said(`const i = await dom.query('input'); await i.on(location.hash, (e) => e);`)).toEqual([MAY_READ_FORMS]);
  });

  it('a script that does not parse says it cannot be read, and lists its permissions as "may"', () => {
    expect(said(`await dom.query('b').click(`, perms)).toEqual([MAY_FETCH_API, MAY_STORAGE, 'Cannot tell what the script does: it could not be read']);
  });

  // A value reached by a name computed at run time may be bound or stored anywhere before it is called;
  // each way below passes the save-time checks, and each must show as "cannot tell", never as nothing.
  const B = `const b = await dom.query('b');`;
  it('a method looked up by a computed name and destructured (from a handle or any object) is said as "cannot tell"', () => {
    expect(said(`${B} const { [location.hash]: f } = b; f.call(b);`)).toEqual([COMPUTED]);
    expect(said(`${B} const o = { x: b }; const { [location.hash]: f } = o.x; f();`)).toEqual([COMPUTED]);
    expect(said(`${B} let f; ({ [location.hash]: f } = b); f.call(b);`)).toEqual([COMPUTED]);
    expect(said(`${B} const { [location.hash]: f = null } = b; await f?.call(b);`)).toEqual([COMPUTED]);
    expect(said(`${B} function go({ [location.hash]: f }) { return f.call(b); } go(b);`)).toEqual([COMPUTED]);
    expect(said(`${B} const { [location.hash]: { [location.search]: f } } = { x: b }; f();`)).toEqual([COMPUTED]);
  });

  it('a value looked up by a computed name and stored in an object, an array or a member, then called, is said as "cannot tell"', () => {
    expect(said(`${B} const o = { go: b[location.hash] }; o.go();`)).toEqual([COMPUTED]);
    expect(said(`${B} const fs = [b[location.hash]]; fs[0].call(b);`)).toEqual([COMPUTED]);
    expect(said(`${B} const o = {}; o.go = b[location.hash]; o.go();`)).toEqual([COMPUTED]);
    expect(said(`${B} const o = {}; o['g' + 'o'] = b[location.hash]; o.go();`)).toEqual([COMPUTED]);
    expect(said(`${B} const f = b[location.hash]; const o = { f }; o.f.call(b);`)).toEqual([COMPUTED]);
    expect(said(`${B} class K { go = b[location.hash]; } new K().go();`)).toEqual([COMPUTED]);
  });

  it('a value looked up by a computed name that is spread, a default, returned, passed on, aliased or chosen is said as "cannot tell"', () => {
    expect(said(`${B} const fns = [...Object.values(b)]; fns[0].call(b);`)).toEqual([COMPUTED]);
    expect(said(`${B} const o = { ...{ go: b[location.hash] } }; o.go();`)).toEqual([COMPUTED]);
    expect(said(`${B} function go(f = b[location.hash]) { return f.call(b); } go();`)).toEqual([COMPUTED]);
    expect(said(`${B} const pick = () => b[location.hash]; pick().call(b);`)).toEqual([COMPUTED]);
    expect(said(`${B} function pick() { return b[location.hash]; } pick().call(b);`)).toEqual([COMPUTED]);
    expect(said(`${B} const keep = []; keep.push(b[location.hash]); keep[0].call(b);`)).toEqual([COMPUTED]);
    expect(said(`${B} setTimeout(b[location.hash]);`)).toEqual([COMPUTED]);
    expect(said(`${B} Promise.resolve(b[location.hash]).then((f) => f.call(b));`)).toEqual([COMPUTED]);
    expect(said(`${B} const f = b[location.hash]; const g = f; g.call(b);`)).toEqual([COMPUTED]);
    expect(said(`${B} const f = await (b[location.hash] ?? null); f.call(b);`)).toEqual([COMPUTED]);
    expect(said(`${B} const f = b[location.hash] || b.hide; f.call(b);`)).toEqual(['May hide, move or change parts of the page', COMPUTED]);
    expect(said(`${B} Object.entries(b).forEach(([k, f]) => f.call(b));`)).toEqual([COMPUTED]);
    expect(said(`${B} for (const f of Object.values(b)) f.call(b);`)).toEqual([COMPUTED]);
    expect(said(`${B} for (const f of [b[location.hash]]) f.call(b);`)).toEqual([COMPUTED]);
    expect(said(`${B} throw b[location.hash];`)).toEqual([COMPUTED]);
  });

  it('a call that would only read data stops being one when the script defines a method of that name, or a Proxy', () => {
    expect(said(`${B} rmx.log(b[location.hash]);`)).toEqual([LOGS]);
    expect(said(`${B} const x = { includes(f) { f.call(b); } }; x.includes(b[location.hash]);`)).toEqual([COMPUTED]);
    expect(said(`${B} const x = new Proxy({}, { get: () => (f) => f.call(b) }); x.includes(b[location.hash]);`)).toEqual([COMPUTED]);
    expect(said(`${B} function String(f) { f.call(b); } String(b[location.hash]);`)).toEqual([COMPUTED]);
  });

  it('benign lookups by key are not hidden calls', () => {
    expect(said(`const labels = { a: 'A' }; for (const k of Object.keys(labels)) rmx.log(labels[k]); const arr = [1, 2]; arr[0];`)).toEqual([LOGS]);
    expect(said(`const rows = await dom.queryAll('tr'); for (let i = 0; i < rows.length; i++) await rows[i].hide();`)).toEqual([HIDES]);
    const label = `const labels = { a: 'A' }; const label = labels[location.hash.slice(1)]; if (label) await (await dom.query('h1')).setText(label);`;
    expect(said(label)).toEqual([HIDES]);
    expect(said(`const prices = { a: 1 }; for (const [k, v] of Object.entries(prices)) rmx.log(k, v);`)).toEqual([LOGS]);
    expect(said(`const rows = await dom.queryAll('tr'); const row = rows[Number(location.hash)]; await row.hide();`)).toEqual([HIDES]);
    expect(said(`const seen = {}; const k = location.hash; seen[k] = (seen[k] ?? 0) + 1; rmx.log(\`\${seen[k]}\`);`)).toEqual([LOGS]);
  });
});

describe('the observes-network item', () => {
  const perms = { permissions: [{ name: 'network:observe:api.shop.test', reason: 'x' }] };
  const OBSERVES = "Reads the page's network responses from api.shop.test";

  it("observing the page's responses is said with the host the manifest allows, plainly or through an alias", () => {
    expect(said(`await rmx.network.observe('api.shop.test', (r) => r.status);`, perms)).toEqual([OBSERVES]);
    expect(said(`const { network } = rmx; await network.observe('api.shop.test', (r) => r.status);`, perms)).toEqual([OBSERVES]);
    const items = canDoOf({ 'manifest.json': manifest(perms), 'script.js': `rmx.log('x');\nawait rmx.network.observe('api.shop.test', () => {});` });
    expect(items.find((i) => i.kind === 'observes-network')).toEqual({ kind: 'observes-network', sure: true, subject: 'api.shop.test', lines: [2] });
  });

  it('observing without the permission names no host; rmx handed on lists the allowed observation as "may"', () => {
    expect(said(`await rmx.network.observe('api.shop.test', () => {});`)).toEqual(["Reads the page's network responses from no host it is allowed (such calls are refused)"]);
    expect(said(`const go = (api) => api; go(rmx);`, perms)).toEqual(["May read the page's network responses from api.shop.test", HANDED_ON]);
  });
});

describe('changes between versions', () => {
  it('a version that starts reading form values and sending requests shows those as added lines, and what it dropped as removed', () => {
    const v1 = canDoOf({ 'manifest.json': manifest(), 'script.js': `const b = await dom.query('.promo'); await b.hide(); rmx.log('hid');` });
    const v2 = canDoOf({
      'manifest.json': manifest({ permissions: [{ name: 'fetch:api.shop.test', reason: 'x' }] }),
      'script.js': `const b = await dom.query('.promo'); await b.hide(); const v = await (await dom.query('#card')).value(); await rmx.fetch('https://api.shop.test/', { method: 'POST', body: v });`,
    });
    const changes = canDoChanges(v1, v2).filter((c) => c.change !== 'same');
    expect(changes).toEqual([
      { text: READS_FORMS, where: 'line 1', change: 'added' },
      { text: FETCH_API, where: 'line 1', change: 'added' },
      { text: LOGS, where: '', change: 'removed' },
    ]);
  });

  it('a first version shows nothing as added', () => {
    expect(canDoChanges(undefined, canDoOf({ 'manifest.json': manifest() })).map((c) => c.change)).toEqual(['same']);
  });
});
