// rmx.log, rmx.warn and rmx.error write one line each to the remixlet's log at their own level, through the
// host's log call (which the offscreen host and the worker check and bound); rmx.version is the API version
// the runtime speaks, which stored code may test.
import { describe, expect, it } from 'vitest';
import { EventRouter } from '../../../../sandbox/runtime/events';
import { sealPort } from '../../../../sandbox/runtime/sealed-port';
import { createRmx } from '../../../../sandbox/runtime/rmx';
import { API_VERSION } from '../../../../contracts/api-version';
import { bridgeOver, hostWith } from './fake-page-agent';

function runtime() {
  const host = hostWith(async () => ({ ok: true, value: [] }));
  const channel = new MessageChannel();
  const events = new EventRouter(sealPort(channel.port1), 'https://shop.test/a', () => undefined);
  const rmx = createRmx(bridgeOver(host), events, { url: 'https://shop.test/a', title: 'A' }, (fn) => setTimeout(fn, 0));
  return { rmx, host, close: () => channel.port1.close() };
}

describe('rmx.log, rmx.warn, rmx.error and rmx.version', () => {
  it('write one line each at their own level, the values joined as the console would', async () => {
    const { rmx, host, close } = runtime();
    await rmx.log('saved', 3, { items: 2 });
    await rmx.warn('slow page');
    await rmx.error(new Error('no cart'));
    const lines = host.log.mock.calls.map((c) => (c as unknown[])[0]) as Array<{ level: string; message: string }>;
    expect(lines.map((l) => l.level)).toEqual(['info', 'warn', 'error']);
    expect(lines[0]!.message).toContain('saved 3');
    expect(lines[0]!.message).toContain('items');
    expect(lines[1]!.message).toBe('slow page');
    expect(lines[2]!.message).toContain('no cart');
    close();
  });

  it('rmx.version is the API version this runtime speaks', () => {
    const { rmx, close } = runtime();
    expect(rmx.version).toBe(API_VERSION);
    close();
  });
});
