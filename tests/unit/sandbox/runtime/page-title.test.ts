// rmx.page follows single-page-app navigations: after the page agent reports one, rmx.page.url is the new
// address at once and rmx.page.title the title the page has just after it (a later answer for an earlier
// navigation never overwrites it).
import { describe, expect, it, vi } from 'vitest';
import { EventRouter } from '../../../../sandbox/runtime/events';
import { sealPort } from '../../../../sandbox/runtime/sealed-port';
import { createRmx } from '../../../../sandbox/runtime/rmx';
import { expandResults, type WireOp } from '../../../../contracts/dom/runs';
import type { DomOp } from '../../../../contracts/dom/ops';
import { bridgeOver, hostWith } from './fake-page-agent';

function runtime(titles: string[]) {
  const asked: string[] = [];
  const gates: Array<() => void> = [];
  const dom = vi.fn(async (wire: WireOp[]) => {
    const results = [];
    for (const op of wire as DomOp[]) {
      if (op.op !== 'title') throw new Error(`unexpected ${op.op}`);
      const title = titles[asked.length]!;
      asked.push(title);
      // Each answer waits until the test lets it through, so answers can arrive out of order.
      await new Promise<void>((r) => gates.push(r));
      results.push({ ok: true, value: title });
    }
    return { ok: true, value: { batch: 1, results: expandResults(wire, results) } };
  });
  const bridge = bridgeOver(hostWith(dom));
  const channel = new MessageChannel();
  const events = new EventRouter(sealPort(channel.port1), 'https://shop.test/a', () => undefined);
  const page = { url: 'https://shop.test/a', title: 'Page A' };
  const rmx = createRmx(bridge, events, page, (fn) => setTimeout(fn, 0));
  const navigate = (url: string) => channel.port2.postMessage({ kind: 'navigated', url });
  const answered = (i: number) => dom.mock.results[i]!.value as Promise<unknown>;
  return { rmx, navigate, gates, asked, answered, close: () => channel.port1.close() };
}

describe('rmx.page after a single-page-app navigation', () => {
  it('has the new address and the title the page has after it', async () => {
    const { rmx, navigate, gates, close } = runtime(['Page B']);
    expect(rmx.page).toEqual({ url: 'https://shop.test/a', title: 'Page A' });
    navigate('https://shop.test/b');
    await vi.waitFor(() => expect(gates).toHaveLength(1), { timeout: 60_000 });
    expect(rmx.page.url).toBe('https://shop.test/b');
    gates[0]!();
    await vi.waitFor(() => expect(rmx.page.title).toBe('Page B'), { timeout: 60_000 });
    close();
  });

  it('keeps the title of the latest navigation when an earlier one answers last', async () => {
    const { rmx, navigate, gates, answered, close } = runtime(['Page B', 'Page C']);
    navigate('https://shop.test/b');
    await vi.waitFor(() => expect(gates).toHaveLength(1), { timeout: 60_000 });
    navigate('https://shop.test/c');
    await vi.waitFor(() => expect(gates).toHaveLength(2), { timeout: 60_000 });
    gates[1]!();
    await vi.waitFor(() => expect(rmx.page.title).toBe('Page C'), { timeout: 60_000 });
    gates[0]!();
    await answered(0);
    // Every microtask queued by that answer has run once a macrotask has.
    await new Promise((r) => setTimeout(r, 0));
    expect(rmx.page).toEqual({ url: 'https://shop.test/c', title: 'Page C' });
    close();
  });
});
