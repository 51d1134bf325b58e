// A tool waiting for the person's click resolves only from the panel's own buttons, or as gone once the
// worker stops listing an approval it listed before; a stale list from before the approval existed is
// not mistaken for "gone".
import { describe, expect, it } from 'vitest';
import { awaitDecision, decided, deciding, stillPending } from '../../../../panel/assistant/decisions';

describe('decisions', () => {
  it('resolves with the outcome of the click', async () => {
    const waiting = awaitDecision('a1');
    decided('a1', { status: 'allowed' });
    await expect(waiting).resolves.toEqual({ status: 'allowed' });
  });
  it('is gone only after the worker listed it and then stopped', async () => {
    const waiting = awaitDecision('a2');
    let settled = false;
    void waiting.then(() => (settled = true));
    stillPending(new Set());
    await Promise.resolve();
    expect(settled).toBe(false);
    stillPending(new Set(['a2']));
    stillPending(new Set());
    await expect(waiting).resolves.toMatchObject({ status: 'gone' });
  });
  it('waits for the worker\'s answer to a click even when the approval leaves the list first', async () => {
    const waiting = awaitDecision('a4');
    stillPending(new Set(['a4']));
    deciding('a4');
    stillPending(new Set());
    decided('a4', { status: 'activated', remixletId: 'abcdefgh', version: 1 });
    await expect(waiting).resolves.toEqual({ status: 'activated', remixletId: 'abcdefgh', version: 1 });
  });

  it('stops waiting when the turn is stopped', async () => {
    const abort = new AbortController();
    const waiting = awaitDecision('a3', abort.signal);
    abort.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
  });
});
