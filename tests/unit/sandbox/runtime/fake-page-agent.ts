// Test helper (Node, vitest). Stand-ins for what the sandbox runtime's dom calls go through: an event router
// that never reports a change, a host whose dom answers are the test's, the runtime's Bridge over it, and a
// page agent that answers a batch op by op, { ref }s included, as the real one does. Trusts nothing it is
// sent: it parses each batch as the offscreen host does and records it, and tests assert on them.
import { vi } from 'vitest';
import { Bridge } from '../../../../sandbox/runtime/bridge';
import { createDom } from '../../../../sandbox/runtime/dom';
import type { EventRouter } from '../../../../sandbox/runtime/events';
import type { DomOp } from '../../../../contracts/dom/ops';
import type { Refusal } from '../../../../contracts/refusals';
import { expandResults, SandboxDomBatch, type WireOp } from '../../../../contracts/dom/runs';

/** An event router for a page at https://shop.test/ that never reports a change. */
export const quietEvents = { pageUrl: 'https://shop.test/', onChange: () => () => undefined, onNews: () => () => undefined } as unknown as EventRouter;

/** A host whose dom is the test's and whose log takes every line. */
export function hostWith<D>(dom: D) {
  return { dom, log: vi.fn(async () => ({ ok: true, value: { logged: true } })) };
}

/** The runtime's Bridge over a stand-in host, waiting with setTimeout (real or faked); `limited` hears each rate-limit notice. */
export function bridgeOver(host: object, limited: (reason: string) => void = () => undefined): Bridge {
  return new Bridge(host as never, (fn, ms) => setTimeout(fn, ms), limited);
}

/** One op's answer from the fake page agent: a value, or a refusal (a later { ref } to it names no element). */
export type Answer = { ok: true; value: unknown } | { ok: false; refusal: Refusal };
export const answer = (value: unknown): Answer => ({ ok: true, value });
export const refuse = (code: Refusal['code'], reason: string, op: string): Answer => ({ ok: false, refusal: { code, reason, op } });

/**
 * A page agent stand-in that answers each op of a batch with `answerOp`. `element` reads an op's handle as the
 * real agent does: an id as it is, a { ref } as the element an earlier op of the same batch answered, or
 * undefined when that op answered no element (nothing, or a refusal). Returns every batch sent, the host, the
 * Bridge, and the `dom` a remixlet would get.
 */
export function fakePageAgent(answerOp: (op: DomOp, element: (h: unknown) => string | undefined) => Answer) {
  const batches: WireOp[][] = [];
  // Numbered as the page agent numbers a remixlet's batches on arrival (page-agent/batch-count.ts).
  let received = 0;
  const dom = vi.fn(async (sent: unknown) => {
    // Parsed as the offscreen host parses it where it arrives: a malformed call travels as a MalformedOp.
    const wire = SandboxDomBatch.parse(sent);
    batches.push(wire);
    const results: Answer[] = [];
    const element = (h: unknown) => {
      if (typeof h === 'string') return h;
      const earlier = results[(h as { ref: number }).ref];
      return earlier?.ok ? (earlier.value as { h?: string } | null)?.h : undefined;
    };
    for (const op of wire) {
      results.push(op.op === 'malformed' ? refuse('MALFORMED_MESSAGE', op.reason, op.name) : answerOp(op as DomOp, element));
    }
    return { ok: true, value: { batch: ++received, results: expandResults(wire, results) } };
  });
  const host = hostWith(dom);
  const bridge = bridgeOver(host);
  return { batches, host, bridge, api: createDom(bridge, quietEvents), nextBatch: () => received + 1 };
}
