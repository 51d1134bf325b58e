// The dom API's shape as the sandbox and the page agent both parse it: every operation of the API outline
// is there, with its caps, and there is no operation that navigates, opens a window or submits a form.
import { describe, expect, test } from 'vitest';
import { DOM_OP_NAMES, DomBatch, DomOp, LIMITS, OpResult } from '../../../../contracts/dom/ops';
import { OPS } from '../../../../page-agent/ops/index';

const names = DOM_OP_NAMES;

describe('the dom operations', () => {
  test('every operation of the API outline exists, and the page agent answers each one', () => {
    for (const op of ['query', 'queryAll', 'waitFor', 'text', 'attr', 'value', 'html', 'rect', 'computedStyle', 'matches', 'closest', 'parent', 'children', 'url', 'title', 'setText', 'setAttr', 'removeAttr', 'addClass', 'removeClass', 'clone', 'setStyle', 'hide', 'show', 'remove', 'setValue', 'setHTML', 'create', 'insert', 'addStyle', 'click', 'focus', 'on', 'off', 'observe', 'unobserve']) {
      expect(names).toContain(op);
    }
    expect(Object.keys(OPS).sort()).toEqual([...names].sort());
  });

  test('dom has no way to navigate, open a window or submit a form', () => {
    for (const forbidden of ['navigate', 'open', 'submit', 'assign', 'reload', 'eval', 'exec', 'innerHTML', 'setAttribute', 'location', 'fetch']) {
      expect(names.some((n) => n.toLowerCase().includes(forbidden.toLowerCase()))).toBe(false);
    }
  });

  test('reads and batches have caps', () => {
    expect(DomOp.safeParse({ op: 'queryAll', sel: 'a', limit: LIMITS.queryAllMax + 1 }).success).toBe(false);
    expect(DomOp.safeParse({ op: 'query', sel: 'a'.repeat(LIMITS.selectorChars + 1) }).success).toBe(false);
    expect(DomOp.safeParse({ op: 'setHTML', h: 'h1', html: 'x'.repeat(LIMITS.htmlChars + 1) }).success).toBe(false);
    expect(DomOp.safeParse({ op: 'waitFor', sel: 'a', timeout: LIMITS.waitForMaxMs + 1 }).success).toBe(false);
    expect(DomOp.safeParse({ op: 'text', h: 'not-a-handle' }).success).toBe(false);
    expect(DomOp.safeParse({ op: 'text', h: 'h1', extra: 1 }).success).toBe(false);
    expect(DomBatch.safeParse(Array.from({ length: LIMITS.batchOps + 1 }, () => ({ op: 'url' }))).success).toBe(false);
    expect(OpResult.safeParse({ ok: true, value: 1, notes: Array.from({ length: LIMITS.notes + 1 }, () => 'n') }).success).toBe(false);
  });
});
