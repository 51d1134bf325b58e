// Provider failures become one sentence that says what to do, naming the host and status, never the key.
import { describe, expect, it } from 'vitest';
import { APICallError } from 'ai';
import { describeError, IdleTimeout } from '../../../../panel/assistant/errors';

const KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789';
const apiError = (status: number | undefined) =>
  new APICallError({ message: `failed with key ${KEY}`, url: 'https://api.example.test/v1/chat/completions', requestBodyValues: { key: KEY }, statusCode: status, isRetryable: false });

describe('describeError', () => {
  it.each([
    [401, /api\.example\.test refused the API key \(401\)\. Check the key in Settings/],
    [403, /refused the API key \(403\)/],
    [429, /rate limiting requests \(429\)\. Wait a minute/],
    [404, /does not know this model or address \(404\)/],
    [503, /is having trouble \(503\)\. Try again/],
    [undefined, /Cannot reach api\.example\.test/],
  ])('status %s', (status, text) => {
    const said = describeError(apiError(status));
    expect(said).toMatch(text);
    expect(said).not.toContain(KEY);
  });
  it('names a silent provider', () => {
    expect(describeError(new IdleTimeout(30))).toMatch(/nothing arrived for 30 seconds/);
  });
  it('says what a failed turn had already saved, instead of "Nothing was saved"', () => {
    const e = new Error('boom');
    expect(describeError(e)).toMatch(/Nothing was saved/);
    const activated = describeError(e, [{ status: 'activated', remixletId: 'r_abc', version: 3 }]);
    expect(activated).not.toMatch(/Nothing was saved/);
    expect(activated).toContain('version 3 of r_abc was saved and applies');
    const asked = describeError(Object.assign(new Error('bad'), { name: 'AI_JSONParseError' }), [{ status: 'needs-approval' }]);
    expect(asked).not.toMatch(/Nothing was saved/);
    expect(asked).toContain('asked for your approval');
    expect(describeError(e, [{ status: 'refused' }])).toMatch(/Nothing was saved/);
  });
  it('names an unreadable reply', () => {
    const e = Object.assign(new Error('bad'), { name: 'AI_JSONParseError' });
    expect(describeError(e)).toMatch(/could not read/);
  });
  it('names an unreachable provider', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toMatch(/Cannot reach the provider/);
  });
});
