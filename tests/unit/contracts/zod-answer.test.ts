// The page agent writes every dom answer and change report and parses none: building the router it serves
// builds no answer schema. The worker parses them with the same schemas, which refuse what they refused
// when they were built eagerly.
import { describe, expect, it } from 'vitest';
import { answerSchemasBuilt, warmAnswerSchemas } from '../../../contracts/zod-answer';
import { pageAgentRouter } from '../../../page-agent/router';
import { pageAgentCoreSpec } from '../../../contracts/boundaries/worker-page-agent-core';

describe('answer schemas', () => {
  it('are declared, and none is built by the page agent serving its router', () => {
    expect(pageAgentRouter).toBeDefined();
    const { built, declared } = answerSchemasBuilt();
    expect(declared).toBeGreaterThanOrEqual(5);
    expect(built).toBe(0);
  });

  it('parse where the answer arrives, refusing what does not fit', () => {
    const exec = pageAgentCoreSpec.exec.output;
    expect(exec.safeParse({ batch: 1, results: [{ ok: true, value: null }, { ok: false, refusal: { code: 'RATE_LIMITED', reason: 'slow down' } }] }).success).toBe(true);
    expect(exec.safeParse({ batch: 0, results: [] }).success).toBe(false);
    expect(exec.safeParse({ batch: 1, results: [{ ok: true, value: 1, extra: 1 }] }).success).toBe(false);
    const events = pageAgentCoreSpec.events.output;
    expect(events.safeParse({ kind: 'mutated', remixletId: 'remixlet1abc', before: 3 }).success).toBe(true);
    expect(events.safeParse({ kind: 'mutatedMany', remixletIds: ['remixlet1abc', 'remixlet2abc'] }).success).toBe(true);
    expect(events.safeParse({ kind: 'mutatedMany', remixletIds: ['remixlet1abc'] }).success).toBe(false);
    expect(events.safeParse({ kind: 'event', remixletId: 'r', listener: 'l', event: { type: 'click', extra: 1 } }).success).toBe(false);
    expect(answerSchemasBuilt().built).toBeGreaterThan(0);
  });

  it('are all built once the context that parses them warms them', () => {
    warmAnswerSchemas();
    const { built, declared } = answerSchemasBuilt();
    expect(built).toBe(declared);
    warmAnswerSchemas();
    expect(answerSchemasBuilt().built).toBe(declared);
  });
});
