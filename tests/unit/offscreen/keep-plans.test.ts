// A keep's read plan, remembered by the offscreen host for the remixlet's next sandbox: the host keeps only
// what parses as reads whose elements are found by earlier reads of the plan, answers the call itself (nothing
// goes on to the worker), hands the plans to a sandbox of the same remixlet and script only, and bounds what it
// keeps per remixlet and over all of them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandboxHost } from '../../../offscreen/sandbox-host';
import { forgetKeepPlans, KEEP_PLAN_CHARS_PER_REMIXLET, KEEP_PLAN_REMIXLETS_MAX, keepPlansFor, rememberKeepPlan } from '../../../offscreen/keep-plans';
import { KEEP_PLAN_READS_MAX, KEEP_PLANS_PER_REMIXLET, BootKeepPlans } from '../../../contracts/boundaries/keep-plans';
import type { WorkerConnection } from '../../../offscreen/worker-client';

afterEach(() => forgetKeepPlans());

const PLAN = [
  { op: 'query', sel: '#main' },
  { op: 'attr', h: { ref: 0 }, name: 'seen' },
];

function hostFor(remixletId: string, script: string) {
  const worker = { call: vi.fn(async () => ({})) } as unknown as WorkerConnection;
  const host = createSandboxHost('s123456789', () => worker, vi.fn(), (call) => rememberKeepPlan(remixletId, script, call));
  return { host, worker };
}

describe("the host remembers a keep's plan", () => {
  it('keeps a plan of reads for the same remixlet and script, answering the call itself', async () => {
    const { host, worker } = hostFor('r1', 'script A');
    expect(await host.keepPlan!({ name: 'marked', plan: PLAN })).toEqual({ ok: true, value: { kept: true } });
    expect(worker.call).not.toHaveBeenCalled();
    const boot = keepPlansFor('r1', 'script A');
    expect(boot).toEqual([{ name: 'marked', plan: PLAN }]);
    // What the boot message carries parses as the runtime parses it.
    expect(BootKeepPlans.safeParse(boot).success).toBe(true);
    // Another script of the same remixlet (saved again), or another remixlet: none.
    expect(keepPlansFor('r1', 'script B')).toBeUndefined();
    expect(keepPlansFor('r2', 'script A')).toBeUndefined();
    // The latest plan of a keep replaces its earlier one.
    const later = [{ op: 'query', sel: 'main' }, { op: 'text', h: { ref: 0 } }];
    await host.keepPlan!({ name: 'marked', plan: later });
    expect(keepPlansFor('r1', 'script A')).toEqual([{ name: 'marked', plan: later }]);
  });

  it.each([
    ['a change among the reads', [{ op: 'query', sel: '#main' }, { op: 'setAttr', h: { ref: 0 }, name: 'seen', value: '1' }]],
    ["an element named by a handle id from the page it was learned on", [{ op: 'query', sel: '#main' }, { op: 'attr', h: 'h1', name: 'seen' }]],
    ['an element named by a later read', [{ op: 'attr', h: { ref: 1 }, name: 'seen' }, { op: 'query', sel: '#main' }]],
    ['a scope named by the read itself', [{ op: 'query', sel: '#main' }, { op: 'query', sel: 'a', scope: { ref: 1 } }]],
    ['one read alone', [{ op: 'query', sel: '#main' }]],
    ['more reads than a plan holds', Array.from({ length: KEEP_PLAN_READS_MAX + 1 }, () => ({ op: 'url' }))],
    ['a call that is not an op', [{ op: 'query', sel: '#main' }, { op: 'eval', code: 'x' }]],
    ['no list', { op: 'query', sel: '#main' }],
  ])('refuses a plan with %s, and keeps nothing', async (_what, plan) => {
    const { host } = hostFor('r1', 'script A');
    expect(await host.keepPlan!({ name: 'k', plan })).toMatchObject({ ok: false, refusal: { code: 'MALFORMED_MESSAGE' } });
    expect(keepPlansFor('r1', 'script A')).toBeUndefined();
  });

  it('refuses a name that is empty, too long or not a string, or a call with more than a name and a plan', async () => {
    const { host } = hostFor('r1', 'script A');
    for (const call of [{ name: '', plan: PLAN }, { name: 'x'.repeat(201), plan: PLAN }, { name: 7, plan: PLAN }, { name: 'k', plan: PLAN, remixletId: 'r2' }]) {
      expect(await host.keepPlan!(call)).toMatchObject({ ok: false, refusal: { code: 'MALFORMED_MESSAGE' } });
    }
    expect(keepPlansFor('r1', 'script A')).toBeUndefined();
    expect(keepPlansFor('r2', 'script A')).toBeUndefined();
  });

  it('keeps at most so many keeps per remixlet, and so many remixlets, the one longest without a new plan leaving first', async () => {
    const { host } = hostFor('r1', 'script A');
    for (let i = 0; i < KEEP_PLANS_PER_REMIXLET; i++) expect(await host.keepPlan!({ name: `k${i}`, plan: PLAN })).toEqual({ ok: true, value: { kept: true } });
    expect(await host.keepPlan!({ name: 'one more', plan: PLAN })).toEqual({ ok: true, value: { kept: false } });
    // A keep it has already may still learn a new plan.
    expect(await host.keepPlan!({ name: 'k0', plan: PLAN })).toEqual({ ok: true, value: { kept: true } });
    expect(keepPlansFor('r1', 'script A')).toHaveLength(KEEP_PLANS_PER_REMIXLET);

    for (let i = 0; i < KEEP_PLAN_REMIXLETS_MAX; i++) rememberKeepPlan(`other${i}`, 's', { name: 'k', plan: PLAN as never });
    expect(keepPlansFor('r1', 'script A')).toBeUndefined();
    expect(keepPlansFor('other0', 's')).toHaveLength(1);
  });

  it('keeps at most so many characters of plans per remixlet: long selectors fill that, not the offscreen document', async () => {
    const { host } = hostFor('r1', 'script A');
    const long = (n: number) => [{ op: 'query', sel: `#${'a'.repeat(n)}` }, { op: 'attr', h: { ref: 0 }, name: 'seen' }];
    let kept = 0;
    for (let i = 0; i < KEEP_PLANS_PER_REMIXLET; i++) {
      const answer = await host.keepPlan!({ name: `k${i}`, plan: long(990) });
      if ((answer as { value?: { kept: boolean } }).value?.kept) kept++;
    }
    // As many as fit: what is kept is within the bound, and one more would not be.
    const stored = keepPlansFor('r1', 'script A')!;
    const chars = stored.reduce((sum, { name, plan }) => sum + name.length + JSON.stringify(plan).length, 0);
    expect(stored).toHaveLength(kept);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(KEEP_PLANS_PER_REMIXLET);
    expect(chars).toBeLessThanOrEqual(KEEP_PLAN_CHARS_PER_REMIXLET);
    expect(chars + 'k99'.length + JSON.stringify(long(990)).length).toBeGreaterThan(KEEP_PLAN_CHARS_PER_REMIXLET);
    // A keep it has may still replace its plan with a shorter one, which frees room for another keep.
    expect(await host.keepPlan!({ name: 'k0', plan: PLAN })).toEqual({ ok: true, value: { kept: true } });
    expect(await host.keepPlan!({ name: 'another', plan: PLAN })).toEqual({ ok: true, value: { kept: true } });
  });
});
