// The panel's words when an answer to a permission card or activation dialog is refused: no reason code, and
// an expired request tells the person what to do (ask the agent), not what the model should do.
import { describe, expect, it } from 'vitest';
import { RemixletRefusal } from '../../../contracts/refusals';
import { formatRefusal } from '../../../contracts/trpc-errors';
import { answerNotRecorded } from '../../../panel/approval-refusal';

/** What the panel's tRPC client throws: the server formatted the refusal into message and data. */
function overTheBoundary(refusal: RemixletRefusal): Error {
  const shape = formatRefusal({ shape: { message: '', data: {} as Record<string, unknown> }, error: refusal });
  return Object.assign(new Error(shape.message), { data: shape.data });
}

describe('answerNotRecorded', () => {
  it('tells the person to ask the agent again when the request expired, with no code or model advice', () => {
    const text = answerNotRecorded(overTheBoundary(new RemixletRefusal('APPROVAL_EXPIRED', 'This approval expired after ten minutes; save again to ask anew.')));
    expect(text).toMatch(/ask the agent/i);
    expect(text).not.toMatch(/APPROVAL_|save again to ask anew/);
  });

  it('says an already-answered request was answered, without the code', () => {
    const text = answerNotRecorded(overTheBoundary(new RemixletRefusal('APPROVAL_USED', 'This approval was already used.')));
    expect(text).toBe('This request was already answered.');
  });

  it('gives any other refusal its reason, never its code', () => {
    const text = answerNotRecorded(overTheBoundary(new RemixletRefusal('RATE_LIMITED', 'Too many answers; wait a moment.')));
    expect(text).toContain('Too many answers; wait a moment.');
    expect(text).not.toContain('RATE_LIMITED');
  });
});
