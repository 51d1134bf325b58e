// Every dom operation on SVG and MathML elements: the page's own (<svg> with <g>, <circle>, <text>; <math>
// with <mi>) and the remixlet's own (an <svg> it creates and inserts, and a clone of the page's). Each op
// either works or answers a typed refusal, never INTERNAL: SVG once broke the page agent, because
// chrome.dom.openOrClosedShadowRoot (which the harness stands in for, throwing on non-HTML elements as
// Chrome's does) was handed an <svg>. The ops come from contracts/dom/ops.ts, and a meta-assertion checks
// that every one was run, so a new op is covered or this test says it is not.
import { describe, expect, test } from 'vitest';
import { unitBrowser, type UnitPage } from '../harness';
import { DOM_OP_NAMES, type DomOp, type DomOpName, type Handle, type OpResult } from '../../../../contracts/dom/ops';
import { REFUSAL_CODES } from '../../../../contracts/refusals';

const BODY = `
<div id="host"><p id="para">Text</p></div>
<svg id="pic" width="120" height="60" viewBox="0 0 120 60"><g id="grp"><circle id="dot" cx="10" cy="10" r="8"/><text id="label" x="20" y="30">Hello</text></g></svg>
<div id="holder"><svg id="inner" width="10" height="10"><rect width="5" height="5"/></svg></div>
<math id="formula"><mi id="var">x</mi><mo>+</mo><mn>1</mn></math>
`;

const { open } = unitBrowser();

/** What each op may answer instead of working on such an element: a refusal that says why, never INTERNAL. */
const MAY_REFUSE: Partial<Record<DomOpName, readonly string[]>> = {
  // Not a form control.
  value: ['NOT_APPLICABLE'],
  setValue: ['NOT_APPLICABLE'],
};
/**
 * MathML is not on dom.create's list (its links and loads are not checked), so a remixlet may not copy
 * it (clone) nor write inside it (insert, setText, setHTML); everything else works on it.
 */
const MAY_REFUSE_ON_MATHML: Partial<Record<DomOpName, readonly string[]>> = {
  clone: ['ELEMENT_REFUSED'],
  insert: ['NOT_APPLICABLE'],
  setText: ['NOT_APPLICABLE'],
  setHTML: ['NOT_APPLICABLE'],
};

type Target = { name: string; h: string; page: UnitPage; mathml?: boolean };

/**
 * Each op run on the target, as a batch of ops. Written per op so that TypeScript insists on every name;
 * `after` ops (an off, an unobserve) take the value the first batch answered.
 */
const attrs = (a: Record<string, string>) => a;
const RUNS: { [K in DomOpName]: (t: Target) => DomOp[] } = {
  query: ({ h }) => [{ op: 'query', sel: '*', scope: h }],
  queryAll: ({ h }) => [{ op: 'queryAll', sel: '*', scope: h }],
  waitFor: ({ h }) => [{ op: 'waitFor', sel: '*', scope: h, timeout: 0 }],
  url: () => [{ op: 'url' }],
  title: () => [{ op: 'title' }],
  text: ({ h }) => [{ op: 'text', h }],
  attr: ({ h }) => [{ op: 'attr', h, name: 'id' }],
  value: ({ h }) => [{ op: 'value', h }],
  html: ({ h }) => [{ op: 'html', h }],
  rect: ({ h }) => [{ op: 'rect', h }],
  computedStyle: ({ h }) => [{ op: 'computedStyle', h, props: ['display', 'fill', 'color'] }],
  matches: ({ h }) => [{ op: 'matches', h, sel: 'svg *, math *, svg, math' }],
  closest: ({ h }) => [{ op: 'closest', h, sel: 'svg, math' }],
  parent: ({ h }) => [{ op: 'parent', h }],
  children: ({ h }) => [{ op: 'children', h }],
  setText: ({ h }) => [{ op: 'setText', h, text: 'changed' }],
  setAttr: ({ h }) => [{ op: 'setAttr', h, name: 'fill', value: 'teal' }],
  removeAttr: ({ h }) => [
    { op: 'setAttr', h, name: 'fill', value: 'teal' },
    { op: 'removeAttr', h, name: 'fill' },
  ],
  addClass: ({ h }) => [{ op: 'addClass', h, name: 'lit' }],
  removeClass: ({ h }) => [
    { op: 'addClass', h, name: 'lit' },
    { op: 'removeClass', h, name: 'lit' },
  ],
  setStyle: ({ h }) => [{ op: 'setStyle', h, props: { opacity: '0.5' } }],
  hide: ({ h }) => [{ op: 'hide', h }],
  show: ({ h }) => [{ op: 'show', h }],
  remove: ({ h }) => [{ op: 'remove', h }],
  setValue: ({ h }) => [{ op: 'setValue', h, value: 'x' }],
  setHTML: ({ h }) => [{ op: 'setHTML', h, html: 'plain <b>bold</b>' }],
  clone: ({ h }) => [{ op: 'clone', h }],
  create: () => [
    { op: 'create', tag: 'circle', attrs: attrs({ cx: '3', cy: '3', r: '2' }) },
    { op: 'create', tag: 'svg', attrs: attrs({ width: '10', height: '10' }), children: [{ ref: 0 }] },
  ],
  insert: ({ h }) => [
    { op: 'create', tag: 'circle', attrs: attrs({ r: '2' }) },
    { op: 'insert', h, where: 'append', node: { ref: 0 } },
    { op: 'create', tag: 'svg', attrs: attrs({ width: '4', height: '4' }) },
    { op: 'insert', h, where: 'after', node: { ref: 2 } },
  ],
  addStyle: () => [{ op: 'addStyle', css: 'svg circle { fill: teal } math mi { color: teal }' }],
  click: ({ h }) => [{ op: 'click', h }],
  focus: ({ h }) => [{ op: 'focus', h }],
  on: ({ h }) => [{ op: 'on', h, type: 'click' }],
  off: ({ h }) => [{ op: 'on', h, type: 'click' }],
  observe: () => [{ op: 'observe', sel: 'circle, mi', existing: true }],
  unobserve: () => [{ op: 'observe', sel: 'circle, mi', existing: true }],
  watch: ({ h }) => [{ op: 'watch', hs: [h], sels: ['svg, math'] }],
};

/** The second step of the ops that stop what the first step started. */
const AFTER: Partial<Record<DomOpName, (first: OpResult[]) => DomOp[]>> = {
  off: ([r]) => [{ op: 'off', listener: r?.ok ? String(r.value) : 'l0' }],
  unobserve: ([r]) => [{ op: 'unobserve', observer: r?.ok ? (r.value as { observer: string }).observer : 'o0' }],
};

// Run last: they take the element off the page or replace its content.
const LAST: readonly DomOpName[] = ['setText', 'setHTML', 'remove'];
const ORDER: DomOpName[] = [...DOM_OP_NAMES.filter((n) => !LAST.includes(n)), ...LAST];

const exercised = new Set<DomOpName>();

/** Every op on the target; what it answered, for the ops that did not work. */
async function everyOp(t: Target): Promise<string[]> {
  const problems: string[] = [];
  for (const name of ORDER) {
    let results = await t.page.run(RUNS[name](t));
    const after = AFTER[name];
    if (after) results = [...results, ...(await t.page.run(after(results)))];
    exercised.add(name);
    for (const r of results) {
      if (r.ok) continue;
      const allowed = [...(MAY_REFUSE[name] ?? []), ...((t.mathml && MAY_REFUSE_ON_MATHML[name]) || [])];
      if (!allowed.includes(r.refusal.code)) problems.push(`${name} on ${t.name}: ${r.refusal.code} ${r.refusal.reason.slice(0, 160)}`);
    }
  }
  return problems;
}

const PAGE_TARGETS = ['#pic', '#grp', '#dot', '#label', '#formula', '#var'];

describe('every dom operation on SVG and MathML elements', () => {
  test.each(PAGE_TARGETS)("the page's own %s", async (sel) => {
    const page = await open(BODY);
    const h = await page.q(sel);
    expect(await everyOp({ name: sel, h, page, mathml: sel === '#formula' || sel === '#var' })).toEqual([]);
  });

  test("the remixlet's own <svg>, created with a child and inserted, and its <circle>", async () => {
    const page = await open(BODY);
    const host = await page.q('#host');
    const [circle, svg, inserted] = await page.run([
      { op: 'create', tag: 'circle', attrs: attrs({ cx: '5', cy: '5', r: '4' }) },
      { op: 'create', tag: 'svg', attrs: attrs({ width: '20', height: '20' }), children: [{ ref: 0 }] },
      { op: 'insert', h: host, where: 'append', node: { ref: 1 } },
    ]);
    expect([circle?.ok, svg?.ok, inserted?.ok]).toEqual([true, true, true]);
    expect(await page.page.evaluate(() => document.querySelector('#host > svg')?.namespaceURI)).toBe('http://www.w3.org/2000/svg');
    const svgH = (svg as { value: Handle }).value.h;
    const circleH = (circle as { value: Handle }).value.h;
    expect(await everyOp({ name: 'own <circle>', h: circleH, page })).toEqual([]);
    expect(await everyOp({ name: 'own <svg>', h: svgH, page })).toEqual([]);
  });

  test("a clone of the page's <svg>, and of an element that holds one", async () => {
    const page = await open(BODY);
    const [copy, holderCopy] = await page.run([
      { op: 'clone', h: await page.q('#pic') },
      { op: 'clone', h: await page.q('#holder') },
    ]);
    expect(copy?.ok).toBe(true);
    expect(holderCopy?.ok).toBe(true);
    const h = (copy as { value: Handle }).value.h;
    await page.ok({ op: 'insert', h: await page.q('#host'), where: 'append', node: h });
    expect(await everyOp({ name: 'cloned <svg>', h, page })).toEqual([]);
  });

  test('the cases issue 25 named: appending a created <svg>, cloning what holds one, a forwarded click on one', async () => {
    const page = await open(BODY);
    await page.run([
      { op: 'create', tag: 'svg', attrs: attrs({ width: '4', height: '4' }) },
      { op: 'insert', h: await page.q('#host'), where: 'append', node: { ref: 0 } },
    ]).then((rs) => expect(rs.map((r) => r.ok)).toEqual([true, true]));
    expect((await page.run([{ op: 'clone', h: await page.q('#holder') }]))[0]?.ok).toBe(true);
    const dot = await page.q('#dot');
    await page.ok({ op: 'on', h: dot, type: 'click' });
    await page.page.click('#dot');
    await page.ok({ op: 'click', h: dot });
    const clicks = async () => (await page.events()).filter((e) => (e as { event?: { type?: string } }).event?.type === 'click').length;
    await expect.poll(clicks).toBe(2);
  });

  test('every op in contracts/dom/ops.ts was run on them', () => {
    expect([...exercised].sort()).toEqual([...DOM_OP_NAMES].sort());
    const allowed = [...Object.values(MAY_REFUSE), ...Object.values(MAY_REFUSE_ON_MATHML)].flat();
    expect(allowed.filter((code) => !(REFUSAL_CODES as readonly string[]).includes(code) || code === 'INTERNAL')).toEqual([]);
  });
});
