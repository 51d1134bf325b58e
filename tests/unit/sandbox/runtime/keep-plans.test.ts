// rmx.keep's plans through the runtime's own wiring (createRmx and its dom over one Bridge, a stand-in page agent
// and host): the boot message's plan goes ahead of a keep's first check, a plan a check learns goes to the
// host's keepPlan once, in a form the host's schema takes, and a keepPlan the host refuses is said in the
// remixlet's log while the keep runs on.
import { describe, expect, it, vi } from 'vitest';
import { createRmx, type RmxOptions } from '../../../../sandbox/runtime/rmx';
import { KeepPlanCall } from '../../../../contracts/boundaries/keep-plan-call';
import { answer, fakePageAgent, quietEvents } from './fake-page-agent';

const settle = async () => {
  for (let i = 0; i < 30; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

const PLAN = [
  { op: 'query', sel: '#main' },
  { op: 'attr', h: { ref: 0 }, name: 'seen' },
];

function runtime(keepPlans: RmxOptions['keepPlans'], refuse = false) {
  const attrs: Record<string, string> = {};
  const agent = fakePageAgent((op) => {
    if (op.op === 'query') return answer(op.sel === '#main' ? { h: 'h1', tag: 'main' } : null);
    if (op.op === 'attr') return answer(attrs[op.name] ?? null);
    if (op.op === 'setAttr') attrs[op.name] = op.value;
    return answer(null);
  });
  const keepPlan = vi.fn(async (call: unknown) =>
    refuse ? { ok: false, refusal: { code: 'MALFORMED_MESSAGE', reason: 'Malformed keepPlan call at plan' } } : { ok: true, value: { kept: KeepPlanCall.safeParse(call).success } },
  );
  Object.assign(agent.host, { keepPlan });
  const rmx = createRmx(agent.bridge, quietEvents, { url: 'https://shop.test/', title: '' }, (fn) => void setTimeout(fn, 0), { keepPlans });
  rmx.keep('marked', {
    check: async () => (await (await agent.api.query('#main'))?.attr('seen')) === '1',
    repair: async () => {
      await (await agent.api.query('#main'))?.setAttr('seen', '1');
    },
  });
  const ops = () => agent.batches.map((b) => b.map((op) => op.op).join('+'));
  const logs = () => agent.host.log.mock.calls.map((c) => ((c as unknown[])[0] as { message: string }).message);
  return { ops, keepPlan, logs, attrs };
}

describe("rmx.keep's plans, through the runtime's wiring", () => {
  it('without one, the first check takes two round trips, and the plan it learns goes to the host once, as the host takes it', async () => {
    const { ops, keepPlan, attrs } = runtime(undefined);
    await settle();
    expect(attrs.seen).toBe('1');
    expect(ops()).toEqual(['watch+query', 'attr', 'setAttr', 'watch+query+attr']);
    expect(keepPlan.mock.calls).toEqual([[{ name: 'marked', plan: PLAN }]]);
    expect(await keepPlan.mock.results[0]!.value).toEqual({ ok: true, value: { kept: true } });
  });

  it("with the boot message's plan, the first check is one round trip with the first watch, and nothing new goes to the host", async () => {
    const { ops, keepPlan, attrs } = runtime([{ name: 'marked', plan: PLAN }]);
    await settle();
    expect(attrs.seen).toBe('1');
    expect(ops()).toEqual(['watch+query+attr', 'setAttr', 'watch+query+attr']);
    expect(keepPlan).not.toHaveBeenCalled();
  });

  it("a plan the host refuses is said in the remixlet's log, and the keep holds as before", async () => {
    const { keepPlan, logs, attrs } = runtime(undefined, true);
    await settle();
    expect(keepPlan).toHaveBeenCalledTimes(1);
    expect(attrs.seen).toBe('1');
    expect(logs()).toEqual([expect.stringMatching(/^rmx\.keep\("marked"\) could not remember its reads for the next load: .*Malformed keepPlan call/)]);
  });
});
