// Every request the page agent takes gets an answer: one that cannot be sent (a port refuses a message
// larger than it may carry) is replaced by a typed refusal that says so, so no caller waits forever.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { servePort } from '../../../page-agent/port-server';

function fakePort(refuseLargerThan: number) {
  const sent: unknown[] = [];
  const port = {
    postMessage(message: unknown) {
      if (JSON.stringify(message).length > refuseLargerThan) throw new Error('Message length exceeded maximum allowed length.');
      sent.push(message);
    },
    onDisconnect: { addListener: () => undefined },
  } as unknown as chrome.runtime.Port;
  return { port, sent };
}

afterEach(() => vi.unstubAllGlobals());

/** The page's status as the page agent reads it, with an address as long as the test wants. */
function pageWithAddressOf(length: number): void {
  vi.stubGlobal('location', { href: `https://shop.test/${'x'.repeat(length)}` });
  vi.stubGlobal('document', { title: 'Shop', readyState: 'complete' });
}

type Answer = { trpc: { id: number; result?: { data: { url: string } }; error?: { data?: { refusal?: { code: string; reason: string } } } } };

describe('servePort', () => {
  it('sends an answer that fits', async () => {
    pageWithAddressOf(10);
    const { port, sent } = fakePort(2_000);
    await servePort(port)({ trpc: { id: 6, jsonrpc: '2.0', method: 'query', params: { path: 'status', input: {} } } });
    expect((sent as Answer[]).map((a) => [a.trpc.id, a.trpc.result?.data.url])).toEqual([[6, 'https://shop.test/xxxxxxxxxx']]);
  });

  it('answers a request whose answer is too large to send with a typed refusal', async () => {
    pageWithAddressOf(5_000);
    const { port, sent } = fakePort(2_000);
    await servePort(port)({ trpc: { id: 7, jsonrpc: '2.0', method: 'query', params: { path: 'status', input: {} } } });
    expect(sent).toHaveLength(1);
    const answer = sent[0] as Answer;
    expect(answer.trpc.id).toBe(7);
    expect(answer.trpc.error?.data?.refusal?.code).toBe('READ_TOO_LARGE');
    expect(answer.trpc.error?.data?.refusal?.reason).toMatch(/could not be sent back .*ask for less/);
  });
});
