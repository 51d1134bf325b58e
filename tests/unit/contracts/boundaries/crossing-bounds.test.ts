// A stored value or a scheduled message far over its service's limit is refused where it first crosses
// (the offscreen host parses sandbox calls with these schemas, the worker parses again), so a flood of huge
// values never reaches the worker's queues; values near the limit still reach the service, which refuses
// them with its own reason (PAYLOAD_TOO_LARGE).
import { describe, expect, test } from 'vitest';
import { sandboxHostSpec } from '../../../../contracts/boundaries/sandbox-offscreen';
import { SERVICE_LIMITS } from '../../../../contracts/boundaries/service-calls';

const over = 'x'.repeat(SERVICE_LIMITS.crossingValueJsonChars);
const near = 'x'.repeat(300_000);

describe('crossing bounds', () => {
  test('rmx.storage.set: a value whose JSON is over the bound is refused at the host; one near the service limit passes on', () => {
    expect(sandboxHostSpec.storage.input.safeParse({ action: 'set', key: 'k', value: over }).success).toBe(false);
    expect(sandboxHostSpec.storage.input.safeParse({ action: 'set', key: 'k', value: { nested: [over] } }).success).toBe(false);
    expect(sandboxHostSpec.storage.input.safeParse({ action: 'set', key: 'k', value: near }).success).toBe(true);
  });

  test('rmx.schedule: a message over the bound, or one that is not JSON (a cycle), is refused at the host', () => {
    expect(sandboxHostSpec.schedule.input.safeParse({ action: 'set', id: 'a', inMinutes: 5, message: over }).success).toBe(false);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(sandboxHostSpec.schedule.input.safeParse({ action: 'set', id: 'a', inMinutes: 5, message: cycle }).success).toBe(false);
    expect(sandboxHostSpec.schedule.input.safeParse({ action: 'set', id: 'a', inMinutes: 5, message: { text: 'hello' } }).success).toBe(true);
  });
});
