// The runtime's ports are reached only through natives taken before remixlet code ran: code that replaces
// the port, listener and event methods of its realm afterwards never sees a port or one of its events, and
// the heartbeat is still answered (the e2e hostile test does the same, and more, in a real sandbox; Node's
// own port internals are JavaScript, so builtins they use are left alone here).
import { afterEach, describe, expect, it } from 'vitest';
import { comlinkEndpoint, sealPort } from '../../../../sandbox/runtime/sealed-port';
import { answerHeartbeats } from '../../../../sandbox/runtime/heartbeat';

const restore: Array<() => void> = [];
afterEach(() => restore.splice(0).forEach((r) => r()));

/** Replaces a method or getter on a prototype with one that records its receiver, as remixlet code could. */
function hook(proto: object, name: string, seen: unknown[]): void {
  const d = Object.getOwnPropertyDescriptor(proto, name);
  if (!d) return;
  if (d.get) {
    const get = d.get;
    Object.defineProperty(proto, name, { ...d, get(this: unknown) { seen.push(this); return get.call(this); } });
  } else {
    const value = d.value as (...a: unknown[]) => unknown;
    Object.defineProperty(proto, name, { ...d, value(this: unknown, ...a: unknown[]) { seen.push(this); return value.apply(this, a); } });
  }
  restore.push(() => Object.defineProperty(proto, name, d));
}

const nextMessage = (port: MessagePort) => new Promise<unknown>((resolve) => (port.onmessage = (e) => resolve(e.data)));

describe('sealPort', () => {
  it('answers the heartbeat and carries messages while every port and event method is hooked', async () => {
    const channel = new MessageChannel();
    const sealed = sealPort(channel.port2);
    answerHeartbeats(sealed);
    const heard: unknown[] = [];
    sealed.listen((d) => heard.push(d));
    const endpoint = comlinkEndpoint(sealed);
    const viaComlink: unknown[] = [];
    endpoint.addEventListener('message', (e) => viaComlink.push((e as MessageEvent).data));

    const seen: unknown[] = [];
    for (const name of ['postMessage', 'start', 'close']) hook(MessagePort.prototype, name, seen);
    for (const name of ['addEventListener', 'removeEventListener', 'dispatchEvent']) hook(EventTarget.prototype, name, seen);
    for (const name of ['data', 'ports', 'source']) hook(MessageEvent.prototype, name, seen);
    for (const name of ['target', 'currentTarget', 'composedPath']) hook(Event.prototype, name, seen);

    const reply = nextMessage(channel.port1);
    channel.port1.postMessage({ heartbeat: 7 });
    const answered = await reply;
    sealed.post({ from: 'runtime' });
    endpoint.postMessage({ from: 'comlink' }, []);
    restore.splice(0).forEach((r) => r());

    expect(answered).toEqual({ heartbeatReply: 7 });
    expect(heard).toEqual([{ heartbeat: 7 }]);
    expect(viaComlink).toEqual([{ heartbeat: 7 }]);
    // The hooks ran for the test's own end of the channel only.
    expect(seen.filter((s) => s === channel.port2)).toEqual([]);
    expect(seen.some((s) => s instanceof MessageEvent && s.target === channel.port2)).toBe(false);
    channel.port1.close();
  });

  it('stops calling a listener it removed', async () => {
    const channel = new MessageChannel();
    const sealed = sealPort(channel.port2);
    const heard: unknown[] = [];
    const stop = sealed.listen((d) => heard.push(d));
    const later: unknown[] = [];
    let arrived: (() => void) | undefined;
    sealed.listen((d) => (later.push(d), arrived?.()));
    const arrival = () => new Promise<void>((resolve) => (arrived = resolve));
    let next = arrival();
    channel.port1.postMessage(1);
    await next;
    stop();
    next = arrival();
    channel.port1.postMessage(2);
    await next;
    expect(heard).toEqual([1]);
    expect(later).toEqual([1, 2]);
    channel.port1.close();
  });
});
