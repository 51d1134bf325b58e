// The runtime a remixlet sees implements exactly the declared surface: no undeclared member can appear
// (it would escape the API snapshot) and no declared one can go missing.
import { describe, expect, it } from 'vitest';
import { DOM_HELPERS, DOM_METHODS, RMX_API, memberName } from '../../../contracts/api/surface';
import { createDom } from '../../../sandbox/runtime/dom';
import { createRmx } from '../../../sandbox/runtime/rmx';
import { ElementHandle } from '../../../sandbox/runtime/handle';
import type { Bridge } from '../../../sandbox/runtime/bridge';
import { quietEvents as events } from '../sandbox/runtime/fake-page-agent';

const bridge = { dom: () => Promise.resolve(null), call: () => Promise.resolve(null), flush: () => undefined, tap: () => undefined } as unknown as Bridge;

function members(prefix: string, obj: object, depth = 1): string[] {
  const out: string[] = [];
  const keys = new Set<string>();
  for (let o: object | null = obj; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) for (const k of Object.getOwnPropertyNames(o)) keys.add(k);
  for (const k of keys) {
    if (k === 'constructor') continue;
    const v = (obj as Record<string, unknown>)[k];
    if (depth > 0 && v && typeof v === 'object' && Object.isFrozen(v) && k !== 'page') out.push(...members(`${prefix}.${k}`, v, depth - 1));
    else out.push(`${prefix}.${k}`);
  }
  return out.sort();
}

describe('the runtime surface', () => {
  it('dom has exactly the declared members (its operations and its helpers)', () => {
    const declared = [...DOM_METHODS, ...DOM_HELPERS].filter((m) => m.signature.startsWith('dom.')).map((m) => memberName(m.signature));
    expect(members('dom', createDom(bridge, events))).toEqual(declared.sort());
  });

  it('a handle has exactly the declared methods (plus its id and tag)', () => {
    const h = new ElementHandle({ h: 'h1', tag: 'div' }, bridge, events);
    const declared = DOM_METHODS.filter((m) => m.signature.startsWith('h.')).map((m) => memberName(m.signature));
    expect(members('h', h)).toEqual([...new Set([...declared, 'h.id', 'h.tag'])].sort());
  });

  it('rmx has exactly the declared members', () => {
    const rmx = createRmx(bridge, events, { url: 'https://shop.test/', title: 't' }, () => undefined);
    expect(members('rmx', rmx)).toEqual(RMX_API.map((m) => memberName(m.signature)).sort());
  });
});
