// What reaches Comlink's expose() in the offscreen document from a sandbox's port: only a call of one of
// the host's own methods with plain arguments. Forged property paths (GET, SET on __proto__, CONSTRUCT,
// ENDPOINT), proxy arguments and transferred ports are dropped (floods are port-guard's: offscreen/port-guard.test.ts).
import { describe, expect, it, vi } from 'vitest';
import { admissible, guardedEndpoint } from '../../../offscreen/comlink-guard';

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
  /** A guarded port as port-guard.ts makes one, fed by hand. */
  function fakePort() {
    const listeners: Array<(data: unknown, ports: readonly MessagePort[]) => void> = [];
    return {
      listen: (fn: (data: unknown, ports: readonly MessagePort[]) => void) => (listeners.push(fn), () => listeners.splice(listeners.indexOf(fn), 1)),
      post: vi.fn(),
      deliver: (data: unknown) => listeners.forEach((fn) => fn(data, [])),
    };
  }

  it('passes admissible calls to the listener as a plain event, and drops the rest', () => {
    const port = fakePort();
    const events = { onDropped: vi.fn() };
    const ep = guardedEndpoint(port, METHODS, events);
    const seen: unknown[] = [];
    ep.addEventListener('message', (e) => seen.push(e));
    port.deliver(apply(['log']));
    port.deliver({ id: 'a', type: 'SET', path: ['__proto__', 'x'], value: { type: 'RAW', value: 1 } });
    expect(seen).toEqual([{ data: apply(['log']) }]);
    expect(events.onDropped).toHaveBeenCalledTimes(1);
  });

  it('stops calling a listener once it is removed', () => {
    const port = fakePort();
    const ep = guardedEndpoint(port, METHODS, { onDropped: vi.fn() });
    const listener = vi.fn();
    ep.addEventListener('message', listener);
    port.deliver(apply(['log']));
    ep.removeEventListener('message', listener);
    port.deliver(apply(['log']));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
