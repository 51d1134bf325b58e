// What the API snapshot records for each rmx service is what the offscreen host actually enforces on the
// call the runtime makes: narrowing an enforced schema (a shorter storage key, a stricter menu id) changes
// the snapshot and so fails the snapshot test, instead of breaking stored code unnoticed.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DOM_HELPERS, RMX_API } from '../../../contracts/api/surface';
import { sandboxHostSpec } from '../../../contracts/boundaries/sandbox-offscreen';
import { createDom } from '../../../sandbox/runtime/dom';
import type { Bridge } from '../../../sandbox/runtime/bridge';
import type { EventRouter } from '../../../sandbox/runtime/events';
import { currentSnapshot } from '../../../scripts/docs/api-snapshot';
import type { Schema } from '../../../contracts/rpc';

type Json = Record<string, unknown>;
const json = (s: Schema): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { unrepresentable: 'any', io: 'input' }) as Json;
  return rest;
};
const paramsOf = (signature: string) => {
  const m = RMX_API.find((r) => r.signature === signature);
  if (!m) throw new Error(`no ${signature}`);
  return json(m.params) as { prefixItems: Json[] };
};
/** The enforced option of a call whose input is a union on `action`. */
const optionOf = (union: z.ZodType, action: string): z.ZodObject => {
  const found = (union as unknown as { options: z.ZodObject[] }).options.find((o) => (o.shape.action as z.ZodLiteral).value === action);
  if (!found) throw new Error(`no ${action}`);
  return found;
};
const fieldsOf = (o: z.ZodObject, drop: string) => json(o.omit({ [drop]: true } as never)).properties;
const spec = sandboxHostSpec;

describe("the snapshot's rmx parameters are the schemas the offscreen host enforces", () => {
  it.each([
    ['rmx.storage.get(key)', 0, () => json(optionOf(spec.storage.input, 'get').shape.key as z.ZodType)],
    ['rmx.storage.set(key, value)', 0, () => json(optionOf(spec.storage.input, 'set').shape.key as z.ZodType)],
    ['rmx.storage.remove(key)', 0, () => json(optionOf(spec.storage.input, 'remove').shape.key as z.ZodType)],
    ['rmx.clipboard.write(text)', 0, () => json(spec.clipboard.input.shape.text)],
    ['rmx.menu.remove(id)', 0, () => json(optionOf(spec.menu.input, 'remove').shape.id as z.ZodType)],
    ['rmx.unschedule(id)', 0, () => json(optionOf(spec.schedule.input, 'cancel').shape.id as z.ZodType)],
    ['rmx.fetch(url, { method, headers, body, as, timeoutMs })', 0, () => json(spec.fetch.input.shape.url)],
    ['rmx.network.observe(host, handler)', 0, () => json(spec.networkObserve.input.shape.host)],
  ] as const)('%s, argument %i', (signature, index, enforced) => {
    expect(paramsOf(signature).prefixItems[index]).toEqual(enforced());
  });

  it.each([
    ['rmx.notify({ title, message })', () => json(spec.notify.input).properties],
    ['rmx.menu.add({ id, title }, handler)', () => fieldsOf(optionOf(spec.menu.input, 'add'), 'action')],
    ['rmx.schedule({ id, at | inMinutes, everyMinutes?, notify | open | message })', () => fieldsOf(optionOf(spec.schedule.input, 'set'), 'action')],
  ] as const)('%s, the fields of its options', (signature, enforced) => {
    expect(paramsOf(signature).prefixItems[0]!.properties).toEqual(enforced());
  });

  it("rmx.fetch's options are the enforced call's fields but the address", () => {
    expect(paramsOf('rmx.fetch(url, { method, headers, body, as, timeoutMs })').prefixItems[1]!.properties).toEqual(fieldsOf(spec.fetch.input, 'url'));
  });
});

describe('dom.batch', () => {
  it('is in the snapshot, as every other dom member stored code can call', () => {
    const bridge = { dom: () => Promise.resolve(null), call: () => Promise.resolve(null), flush: () => undefined, tap: () => undefined } as unknown as Bridge;
    expect(typeof createDom(bridge, {} as EventRouter).batch).toBe('function');
    expect(DOM_HELPERS.map((h) => h.signature)).toContain('dom.batch(fn)');
    expect(currentSnapshot().dom['dom.batch(fn)']).toMatchObject({ op: null, returns: 'Promise<T>' });
  });
});

describe('a log line', () => {
  it('is cut by the runtime to the longest line the offscreen host accepts, so a long one is kept, not refused', async () => {
    const { formatLogArgs } = await import('../../../sandbox/runtime/rmx');
    const line = formatLogArgs(['x'.repeat(50_000)]);
    expect(spec.log.input.safeParse({ level: 'info', message: line }).success).toBe(true);
    expect(spec.log.input.safeParse({ level: 'info', message: `${line}x` }).success).toBe(false);
  });
});
