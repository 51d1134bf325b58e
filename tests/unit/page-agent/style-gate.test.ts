// The style gate (page-agent/style-gate-hold.ts, page-agent/style-gate-flag.ts): the sheet that keeps a page
// from being seen goes up once, goes at the page agent's word or when its bound runs out, and never stays.
// The real-browser side (a page held until its style.css is in) is tests/e2e/page-agent/style-gate.spec.ts.
import { describe, expect, it } from 'vitest';
import { GATE_CSS, holdFirstPaint, type GatedDocument } from '../../../page-agent/style-gate-hold';
import { STYLE_GATE_LIFT, STYLES_LANDED_FLAG, liftStyleGate, type GateWorld } from '../../../page-agent/style-gate-flag';
import { STYLES_LANDED, isStylesLanded } from '../../../contracts/boundaries/style-gate';

function setup(world: GateWorld = {}) {
  const doc: GatedDocument = { adoptedStyleSheets: ['the page’s own sheet'] };
  const bound = { lift: undefined as (() => void) | undefined, cancelled: false };
  const held = holdFirstPaint({
    world,
    doc,
    makeSheet: (css) => ({ css }),
    startBound: (lift) => {
      bound.lift = lift;
      return () => void (bound.cancelled = true);
    },
  });
  const gateSheets = () => doc.adoptedStyleSheets.filter((s) => (s as { css?: string }).css === GATE_CSS);
  return { world, doc, bound, held, gateSheets };
}

describe('style gate', () => {
  it('holds the page with one sheet beside the page’s own, until the page agent hears the styles are in', () => {
    const { world, doc, held, gateSheets, bound } = setup();
    expect(held).toBe(true);
    expect(gateSheets()).toHaveLength(1);
    expect(doc.adoptedStyleSheets[0]).toBe('the page’s own sheet');
    liftStyleGate(world);
    expect(gateSheets()).toHaveLength(0);
    expect(doc.adoptedStyleSheets).toEqual(['the page’s own sheet']);
    expect(bound.cancelled).toBe(true);
  });

  it('goes by itself when its bound runs out and no word came', () => {
    const { gateSheets, bound } = setup();
    expect(gateSheets()).toHaveLength(1);
    bound.lift!();
    expect(gateSheets()).toHaveLength(0);
  });

  it('does not go up after the word came, nor twice', () => {
    const world: GateWorld = {};
    liftStyleGate(world);
    expect(world[STYLES_LANDED_FLAG]).toBe(true);
    expect(setup(world).held).toBe(false);
    const first = setup();
    const second = holdFirstPaint({ world: first.world, doc: first.doc, makeSheet: (css) => ({ css }), startBound: () => () => undefined });
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

  it('a document that takes no constructed sheet paints as it would have, with no bound started', () => {
    const world: GateWorld = {};
    let started = false;
    const held = holdFirstPaint({
      world,
      doc: { adoptedStyleSheets: [] },
      makeSheet: () => {
        throw new TypeError('no constructed sheets here');
      },
      startBound: () => {
        started = true;
        return () => undefined;
      },
    });
    expect(held).toBe(false);
    expect(started).toBe(false);
    expect(world[STYLE_GATE_LIFT]).toBeUndefined();
  });

  it('the worker’s word is one exact value: nothing else on the presence port lifts the gate', () => {
    expect(isStylesLanded(STYLES_LANDED)).toBe(true);
    expect(isStylesLanded({ ...STYLES_LANDED })).toBe(true);
    for (const other of [null, undefined, true, 'remixletStylesLanded', [true], { remixletStylesLanded: 'true' }, { remixletStylesLanded: 1 }, { remixletStylesLanded: true, more: 1 }, { hello: {} }]) {
      expect(isStylesLanded(other)).toBe(false);
    }
  });
});
