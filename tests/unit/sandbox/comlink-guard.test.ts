// What reaches Comlink's expose() in the offscreen document from a sandbox's port: only a call of one of
// the host's own methods with plain arguments. Forged property paths (GET, SET on __proto__, CONSTRUCT,
// ENDPOINT), proxy arguments and transferred ports are dropped, and a flooding port is reported once.
import { describe, expect, it, vi } from 'vitest';
import { admissible, guardedEndpoint, FLOOD_MESSAGES_PER_SECOND } from '../../../offscreen/comlink-guard';

const METHODS = ['dom', 'log', 'storage'];
const apply = (path: unknown[], argumentList: unknown[] = [{ type: 'RAW', value: { level: 'info', message: 'x' } }]) => ({ id: 'a1', type: 'APPLY', path, argumentList });

describe('admissible', () => {
  it('admits a plain call of a host method', () => {
    expect(admissible(apply(['log']), [], METHODS)).toBe(true);
    expect(admissible(apply(['dom'], [{ type: 'RAW', value: [{ op: 'url' }] }]), [], METHODS)).toBe(true);
  });

  it.each([
    ['a GET of the host', { id: 'a', type: 'GET', path: [] }],
    ['a SET on Object.prototype', { id: 'a', type: 'SET', path: ['log', '__proto__', '__proto__', 'x'], value: { type: 'RAW', value: 1 } }],
    ['an APPLY of the Function constructor', apply(['dom', 'constructor'])],
    ['an APPLY through __proto__', apply(['__proto__', 'log'])],
    ['an APPLY of something the host does not have', apply(['toString'])],
    ['a CONSTRUCT', { id: 'a', type: 'CONSTRUCT', path: ['dom'], argumentList: [] }],
    ['an ENDPOINT request', { id: 'a', type: 'ENDPOINT' }],
    ['a RELEASE', { id: 'a', type: 'RELEASE' }],
    ['a proxy argument', apply(['log'], [{ type: 'HANDLER', name: 'proxy', value: {} }])],
    ['two arguments', apply(['log'], [{ type: 'RAW', value: 1 }, { type: 'RAW', value: 2 }])],
    ['an extra key', { ...apply(['log']), value: 1 }],
    ['an extra key in a wire value', apply(['log'], [{ type: 'RAW', value: 1, name: 'proxy' }])],
    ['a numeric id', { ...apply(['log']), id: 1 }],
    ['an array', [apply(['log'])]],
    ['a string', 'APPLY log'],
    ['null', null],
  ])('drops %s', (_what, data) => {
    expect(admissible(data, [], METHODS)).toBe(false);
  });

  it('drops a call that transfers ports', () => {
    const { port1 } = new MessageChannel();
    expect(admissible(apply(['log']), [port1 as unknown as MessagePort], METHODS)).toBe(false);
    port1.close();
  });
});

describe('guardedEndpoint', () => {
  function fakePort() {
    const target = new EventTarget();
    return Object.assign(target, { postMessage: vi.fn(), start: vi.fn() }) as unknown as MessagePort & EventTarget;
  }
  const message = (data: unknown) => Object.assign(new Event('message'), { data, ports: [] });

  it('passes admissible calls to the listener and drops the rest', () => {
    const port = fakePort();
    const events = { onDropped: vi.fn(), onFlood: vi.fn() };
    const ep = guardedEndpoint(port, METHODS, events);
    const seen: unknown[] = [];
    ep.addEventListener('message', (e) => seen.push((e as MessageEvent).data));
    port.dispatchEvent(message(apply(['log'])));
    port.dispatchEvent(message({ id: 'a', type: 'SET', path: ['__proto__', 'x'], value: { type: 'RAW', value: 1 } }));
    expect(seen).toEqual([apply(['log'])]);
    expect(events.onDropped).toHaveBeenCalledTimes(1);
  });

  it('reports a flood once and then hears nothing more from the port', () => {
    const port = fakePort();
    const events = { onDropped: vi.fn(), onFlood: vi.fn() };
    const ep = guardedEndpoint(port, METHODS, events);
    const listener = vi.fn();
    ep.addEventListener('message', listener);
    for (let i = 0; i < FLOOD_MESSAGES_PER_SECOND + 500; i++) port.dispatchEvent(message(apply(['log'])));
    expect(events.onFlood).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(FLOOD_MESSAGES_PER_SECOND);
  });
});
