// Every check answers, whatever the input: the corpora and benign fixtures, each nested far past any
// limit, repeated to the file size limit and cut short at several points, go through every pure check the
// worker, the page agent and the CLI run. Each must come back with a verdict (accepted, or refused with a
// code from contracts/refusals.ts, never INTERNAL) and never throw: a throw is what a user saw as a
// stack trace from the CLI, `error` at save and INTERNAL from dom.addStyle. The variants come from a
// seeded generator, so a failure names a case that can be run again.
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../../../corpora/read';
import { BENIGN_CSS } from './fixtures/benign-css';
import { REFUSAL_CODES } from '../../../../contracts/refusals';
import { checkInlineCss, checkStoredStyleSheet, checkStyleSheet, dropValueReads, stripLoads } from '../../../../contracts/policy/stylesheet-check';
import { checkScript } from '../../../../contracts/policy/script-check';
import { FILE_LIMITS, parseManifestText } from '../../../../contracts/policy/manifest';
import { checkRulesFile, checkRulesText } from '../../../../contracts/policy/netrules';
import { matchesUrl, parseMatchPattern } from '../../../../contracts/policy/match-pattern';
import { checkAddress } from '../../../../contracts/policy/address-rule';
import { selectorTestsValue, valueTestingRules } from '../../../../contracts/dom/value-selector';
import { checkRemixletFiles } from '../../../../contracts/save-checks';

const SEED = 0x25c0ffee;

/** mulberry32: small, fixed, the same sequence on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(SEED);
const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
interface Wrapper {
  open: string;
  close: string;
}
function nest(body: string, w: Wrapper, n: number): string {
  return w.open.repeat(n) + body + w.close.repeat(n);
}
function repeatTo(body: string, size: number, sep = '\n'): string {
  if (body.length === 0) return body;
  return (body + sep).repeat(Math.max(1, Math.floor(size / (body.length + sep.length))));
}
function cuts(s: string, k: number): string[] {
  return [0.5, 0.97, rand(), rand()].slice(0, k).map((f) => s.slice(0, Math.floor(s.length * f)));
}

/** The largest input any check is handed: script.js's size limit (every other file, and dom.addStyle, allow less). */
const MAX_INPUT = FILE_LIMITS['script.js'];
/** Depths just past the limits (256 brackets, 500 tree levels) and well past the stack's reach. */
const DEPTHS = [257, 300, 501, 1_200, 2_100];

type Variant = { how: string; text: string };

/**
 * An input's variants: itself and cut short; unless `light`, also nested in a wrapper drawn for it (to a
 * depth from DEPTHS, or when `deep` as deep as fits in MAX_INPUT: 100,000 for a one-character wrapper),
 * the same left unclosed, and the nested one cut short.
 */
function variants(body: string, wrappers: readonly Wrapper[], how: 'light' | 'nested' | 'deep'): Variant[] {
  const out: Variant[] = [{ how: 'as is', text: body }, ...cuts(body, 3).map((text, i) => ({ how: `cut ${i}`, text }))];
  if (how === 'light') return out;
  const w = pick(wrappers);
  const n = Math.min(how === 'deep' ? 100_000 : pick(DEPTHS), Math.floor(MAX_INPUT / (w.open.length + w.close.length)));
  const nested = nest(body, w, n);
  out.push({ how: `nested ${n} in ${w.open}`, text: nested }, { how: `nested ${n} in ${w.open}, unclosed`, text: w.open.repeat(n) + body });
  out.push(...cuts(nested, 2).map((text, i) => ({ how: `nested ${n} in ${w.open}, cut ${i}`, text })));
  return out;
}

/** A few entries of each corpus (drawn with the seed) get the slow variants: the deepest nesting, repetition to the size limit. */
function drawn(count: number, k: number): Set<number> {
  const out = new Set<number>();
  while (out.size < Math.min(k, count)) out.add(Math.floor(rand() * count));
  return out;
}
function plan<T>(xs: readonly T[], deep: number, nested = xs.length): { x: T; how: 'light' | 'nested' | 'deep'; repeat: boolean }[] {
  const deepOnes = drawn(xs.length, deep);
  const nestedOnes = nested >= xs.length ? undefined : drawn(xs.length, nested);
  const repeated = drawn(xs.length, 3);
  return xs.map((x, i) => ({
    x,
    how: deepOnes.has(i) ? 'deep' : nestedOnes === undefined || nestedOnes.has(i) ? 'nested' : 'light',
    repeat: repeated.has(i),
  }));
}

const KNOWN = new Set<string>(REFUSAL_CODES);
type Answer = { ok: boolean; refusals?: readonly { code: string }[] };

/** What went wrong, or undefined when the check answered with a verdict. */
function judge(run: () => Answer): string | undefined {
  let answer: Answer;
  try {
    answer = run();
  } catch (e) {
    return `threw ${e instanceof Error ? `${e.name}: ${e.message.slice(0, 80)}` : String(e)}`;
  }
  if (answer.ok === true) return undefined;
  if (answer.ok !== false || !answer.refusals?.length) return `answered ${JSON.stringify(answer).slice(0, 80)}`;
  const bad = answer.refusals.find((r) => !KNOWN.has(r.code) || r.code === 'INTERNAL');
  return bad ? `refused with ${bad.code}` : undefined;
}

class Findings {
  readonly problems: string[] = [];
  runs = 0;
  check(what: string, how: string, run: () => Answer): void {
    this.runs++;
    const problem = judge(run);
    if (problem !== undefined) this.problems.push(`${what} (${how}): ${problem}`);
  }
}

const asVerdict = (b: unknown): Answer => (typeof b === 'boolean' ? { ok: true } : { ok: false, refusals: [] });

// ---------------------------------------------------------------------------------------------------

interface CssPayload {
  id: string;
  payload: string;
}
interface HtmlPayload {
  id: string;
  payload: string;
}
interface Evasion {
  id: string;
  code: string;
}
interface HostileRule {
  id: string;
  rule: unknown;
}
interface DomVector {
  id: string;
  operation: string;
}

const CSS_WRAPPERS: Wrapper[] = [
  { open: '.a{', close: '}' },
  { open: '@media screen{', close: '}' },
  { open: '&{', close: '}' },
  { open: '@supports (display:grid){', close: '}' },
  { open: ':is(', close: ')' },
  { open: 'calc(', close: ')' },
  { open: '[', close: ']' },
  { open: '(', close: ')' },
];
const JS_WRAPPERS: Wrapper[] = [
  { open: '{', close: '}' },
  { open: '(', close: ')' },
  { open: '[', close: ']' },
  { open: 'if (a) {', close: '}' },
  { open: '(() => {', close: '})();' },
  { open: 'f(', close: ')' },
  { open: '`${', close: '}`' },
  { open: '!', close: '' },
  { open: 'a + ', close: '' },
  { open: 'x => ', close: '' },
];
const JSON_WRAPPERS: Wrapper[] = [
  { open: '[', close: ']' },
  { open: '{"a":', close: '}' },
];

const opts = { allowedHosts: ['shop.test'], everySite: false };
const MANIFEST = { name: 'Fuzz', description: 'd', matches: ['*://shop.test/*'], permissions: [{ name: 'netrules', reason: 'r' }] };
const MANIFEST_TEXT = JSON.stringify(MANIFEST);

function cssChecks(f: Findings, id: string, how: string, css: string): void {
  f.check(`checkStyleSheet ${id}`, how, () => checkStyleSheet(css, opts));
  f.check(`checkInlineCss ${id}`, how, () => checkInlineCss(css));
  f.check(`checkStoredStyleSheet ${id}`, how, () => checkStoredStyleSheet(css, opts).verdict);
  f.check(`dropValueReads ${id}`, how, () => checkStyleSheet(dropValueReads(css).css, opts));
  f.check(`valueTestingRules ${id}`, how, () => asVerdict(Array.isArray(valueTestingRules(css))));
  f.check(`selectorTestsValue ${id}`, how, () => asVerdict(selectorTestsValue(css)));
  f.check(`save ${id}`, how, () => checkRemixletFiles({ 'manifest.json': MANIFEST_TEXT, 'style.css': css }));
}

describe('every check answers, whatever the input', { timeout: 300_000 }, () => {
  it('stylesheets: css-payloads and benign sheets, nested, repeated, cut short', () => {
    const f = new Findings();
    const inputs = [
      ...readCorpus<CssPayload[]>('css-payloads.json').map((c) => ({ id: c.id, text: c.payload })),
      ...BENIGN_CSS.map((c) => ({ id: `benign ${c.name}`, text: c.css })),
    ];
    for (const { x, how, repeat } of plan(inputs, 6)) {
      for (const v of variants(x.text, CSS_WRAPPERS, how)) cssChecks(f, x.id, v.how, v.text);
      if (!repeat) continue;
      const big = repeatTo(x.text, FILE_LIMITS['style.css']);
      cssChecks(f, x.id, 'repeated to the size limit', big);
      f.check(`stripLoads ${x.id}`, 'repeated to the size limit', () => checkStyleSheet(stripLoads(big, opts).css, opts));
    }
    expect(f.problems).toEqual([]);
    expect(f.runs).toBeGreaterThan(inputs.length * 8 * 7);
  });

  it('scripts: js-static-check-evasions, nested, repeated, cut short', () => {
    const f = new Findings();
    const inputs = readCorpus<Evasion[]>('js-static-check-evasions.json').map((e) => ({ id: e.id, text: e.code }));
    inputs.push({ id: 'benign', text: 'const p = await dom.query(".promo");\nif (p) await p.hide();\n' });
    for (const { x, how, repeat } of plan(inputs, 6)) {
      for (const v of variants(x.text, JS_WRAPPERS, how)) {
        f.check(`checkScript ${x.id}`, v.how, () => checkScript(v.text, opts));
        f.check(`save ${x.id}`, v.how, () => checkRemixletFiles({ 'manifest.json': MANIFEST_TEXT, 'script.js': v.text }));
      }
      if (repeat) f.check(`checkScript ${x.id}`, 'repeated to the size limit', () => checkScript(repeatTo(x.text, FILE_LIMITS['script.js'], ';\n'), opts));
    }
    expect(f.problems).toEqual([]);
    expect(f.runs).toBeGreaterThan(inputs.length * 8 * 2);
  });

  it('manifests and rules: netrules-hostile inside rules.json and manifest fields, nested, repeated, cut short', () => {
    const f = new Findings();
    const rules = readCorpus<HostileRule[]>('netrules-hostile.json');
    for (const { x, how, repeat } of plan(rules, 6)) {
      const { id, rule } = x;
      for (const v of variants(JSON.stringify([rule]), JSON_WRAPPERS, how)) {
        f.check(`checkRulesFile ${id}`, v.how, () => checkRulesFile(v.text, MANIFEST));
        f.check(`checkRulesText ${id}`, v.how, () => asVerdict(Array.isArray(checkRulesText(v.text, MANIFEST).rules)));
        f.check(`save ${id}`, v.how, () => checkRemixletFiles({ 'manifest.json': MANIFEST_TEXT, 'rules.json': v.text }));
      }
      for (const v of variants(JSON.stringify({ ...MANIFEST, permissions: [rule] }), JSON_WRAPPERS, how)) {
        f.check(`parseManifestText ${id}`, v.how, () => parseManifestText(v.text));
        f.check(`save manifest ${id}`, v.how, () => checkRemixletFiles({ 'manifest.json': v.text }));
      }
      const field = nest(JSON.stringify(rule), pick(JSON_WRAPPERS), pick(DEPTHS));
      f.check(`parseManifestText ${id}`, 'a field nested deep', () => parseManifestText(`${MANIFEST_TEXT.slice(0, -1)},"extra":${field}}`));
      if (repeat) {
        const many = `[${repeatTo(JSON.stringify(rule), FILE_LIMITS['rules.json'] - 2, ',').replace(/,$/, '')}]`;
        f.check(`checkRulesFile ${id}`, 'repeated to the size limit', () => checkRulesFile(many, MANIFEST));
      }
    }
    expect(f.problems).toEqual([]);
    expect(f.runs).toBeGreaterThan(rules.length * 8 * 5);
  });

  it('markup and page vectors as CSS, selectors, match patterns and addresses, nested and cut short', () => {
    const f = new Findings();
    const inputs = [
      ...readCorpus<HtmlPayload[]>('html-payloads.json').map((h) => ({ id: h.id, text: h.payload })),
      ...readCorpus<DomVector[]>('dom-policy-vectors.json').map((d) => ({ id: d.id, text: d.operation })),
    ];
    // Every entry as is and cut short; a drawn 150 of the 1,179 nested too (each nested one is a full scan of up to 256 KiB).
    for (const { x, how } of plan(inputs, 4, 150)) {
      for (const v of variants(x.text, [...CSS_WRAPPERS, ...JSON_WRAPPERS], how)) {
        f.check(`checkInlineCss ${x.id}`, v.how, () => checkInlineCss(v.text));
        f.check(`selectorTestsValue ${x.id}`, v.how, () => asVerdict(selectorTestsValue(v.text)));
        f.check(`parseMatchPattern ${x.id}`, v.how, () => parseMatchPattern(v.text));
        f.check(`matchesUrl ${x.id}`, v.how, () => asVerdict(matchesUrl(['*://shop.test/*'], [], v.text)));
        f.check(`checkAddress ${x.id}`, v.how, () =>
          checkAddress({
            raw: v.text,
            baseUrl: 'https://shop.test/',
            pageUrl: 'https://shop.test/',
            kind: 'image',
            remixletMatches: ['*://shop.test/*'],
            fetchHosts: [],
            pageLoaded: new Set(),
          }),
        );
      }
    }
    expect(f.problems).toEqual([]);
    expect(f.runs).toBeGreaterThan(inputs.length * 4 * 5);
  });
});
