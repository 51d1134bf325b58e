// The style gate (page-agent/style-gate-hold.ts, page-agent/style-gate-flag.ts): the sheet that holds a page's
// first paint goes up once, goes at the page agent's word or by itself after its bound, and never stays.
// The real-browser side (a page held until its style.css is in) is tests/e2e/page-agent/style-gate.spec.ts.
import { describe, expect, it } from 'vitest';
import { GATE_CSS, holdFirstPaint, type GatedDocument } from '../../../page-agent/style-gate-hold';
import { STYLE_GATE_LIFT, STYLES_LANDED_FLAG, stylesLanded } from '../../../page-agent/style-gate-flag';
import { STYLES_LANDED, STYLE_GATE, isStylesLanded } from '../../../contracts/boundaries/style-gate';

function setup(world: Record<string, unknown> = {}) {
  const doc: GatedDocument = { adoptedStyleSheets: ['the page’s own sheet'] };
  const timers: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  const held = holdFirstPaint({
    world,
    doc,
    makeSheet: (css) => ({ css }),
    maxHoldMs: STYLE_GATE.maxHoldMs,
    setTimer: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimer: (t) => void ((t as { cleared: boolean }).cleared = true),
  });
  const gateSheets = () => doc.adoptedStyleSheets.filter((s) => (s as { css?: string }).css === GATE_CSS);
  return { world, doc, timers, held, gateSheets };
}

describe('style gate', () => {
  it('holds the first paint with one sheet beside the page’s own, until the page agent hears the styles are in', () => {
    const { world, doc, held, gateSheets, timers } = setup();
    expect(held).toBe(true);
    expect(gateSheets()).toHaveLength(1);
    expect(doc.adoptedStyleSheets[0]).toBe('the page’s own sheet');
    stylesLanded(world);
    expect(gateSheets()).toHaveLength(0);
    expect(doc.adoptedStyleSheets).toEqual(['the page’s own sheet']);
    expect(timers[0]!.cleared).toBe(true);
  });

  it('goes by itself after its bound when no word comes', () => {
    const { gateSheets, timers } = setup();
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBe(STYLE_GATE.maxHoldMs);
    timers[0]!.fn();
    expect(gateSheets()).toHaveLength(0);
  });

  it('does not go up after the word came, nor twice', () => {
    const world: Record<string, unknown> = {};
    stylesLanded(world);
    expect(world[STYLES_LANDED_FLAG]).toBe(true);
    expect(setup(world).held).toBe(false);
    const first = setup();
    const second = holdFirstPaint({ world: first.world, doc: first.doc, makeSheet: (css) => ({ css }), maxHoldMs: 1, setTimer: () => 0, clearTimer: () => undefined });
    expect(second).toBe(false);
    expect(first.gateSheets()).toHaveLength(1);
  });

  it('keeps a sheet the page adopted while it held, and a second lift changes nothing', () => {
    const { world, doc, gateSheets } = setup();
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, 'added by the page meanwhile'];
    (world[STYLE_GATE_LIFT] as () => void)();
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, 'added after'];
    (world[STYLE_GATE_LIFT] as () => void)();
    expect(gateSheets()).toHaveLength(0);
    expect(doc.adoptedStyleSheets).toEqual(['the page’s own sheet', 'added by the page meanwhile', 'added after']);
  });

  it('a document that takes no constructed sheet paints as it would have', () => {
    const world: Record<string, unknown> = {};
    const held = holdFirstPaint({
      world,
      doc: { adoptedStyleSheets: [] },
      makeSheet: () => {
        throw new TypeError('no constructed sheets here');
      },
      maxHoldMs: 10,
      setTimer: () => 0,
      clearTimer: () => undefined,
    });
    expect(held).toBe(false);
    expect(world[STYLE_GATE_LIFT]).toBeUndefined();
  });

  it('the worker’s word is one exact value: nothing else on the presence port lifts the gate', () => {
    expect(isStylesLanded(STYLES_LANDED)).toBe(true);
    expect(isStylesLanded({ ...STYLES_LANDED })).toBe(true);
    for (const other of [null, undefined, true, 'remixletStylesLanded', [true], { remixletStylesLanded: 'true' }, { remixletStylesLanded: 1 }, { remixletStylesLanded: true, more: 1 }, { hello: {} }]) {
      expect(isStylesLanded(other)).toBe(false);
    }
  });

  it('hides no box and no background, and lays the page out as it is', () => {
    expect(GATE_CSS).toMatch(/visibility: hidden !important/);
    expect(GATE_CSS).toMatch(/background: none !important/);
    expect(GATE_CSS).not.toMatch(/display|opacity|content-visibility/);
  });
});
