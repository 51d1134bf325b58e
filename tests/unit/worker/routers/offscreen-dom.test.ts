// A sandbox's dom batch that cannot reach its page (the page agent went away mid-call, or no page is
// connected) is refused with NO_PAGE_AGENT and the refusal is written to the remixlet's log, as every
// other refusal is: the author sees why the calls did nothing.
import { freshWorker } from '../fresh-worker';
import { beforeEach, describe, expect, it } from 'vitest';
import { rootRouter } from '../../../../worker/ports/router';
import { tabGone, trackPage, type PageRecord } from '../../../../worker/pages/pages';
import { tokens } from '../../../../worker/ports/tokens';
import { save } from '../../../../worker/activation/activation';
import { readLog } from '../../../../worker/store/logs';
import { refusalCode } from '../../refusal-code';
import { pageRecord } from '../page-record';

const TAB = 7;
type Caller = { offscreen: Record<string, (input: unknown) => Promise<unknown>> };
const offscreen = rootRouter.createCaller({ role: 'offscreen', sender: undefined }) as unknown as Caller;

function pageWhoseAgentFails(documentId: string, failure: unknown): PageRecord {
  return pageRecord(TAB, documentId, 'https://shop.test/', async () => {
    throw failure;
  });
}

async function setUp(failure: unknown): Promise<{ remixletId: string; token: string }> {
  trackPage(pageWhoseAgentFails('doc-1', failure));
  const manifest = JSON.stringify({ name: 'Plain', description: 'test', matches: ['*://shop.test/*'], runAt: 'document_idle', permissions: [] });
  const result = await save(TAB, undefined, { 'manifest.json': manifest, 'script.js': 'rmx.log("hi")' });
  if (result.status !== 'activated') throw new Error(`install failed: ${JSON.stringify(result)}`);
  const token = (await tokens.issue({ remixletId: result.remixletId, tabId: TAB, frameId: 0, documentId: 'doc-1' })).token;
  return { remixletId: result.remixletId, token };
}

beforeEach(async () => {
  await freshWorker(TAB, 'https://shop.test/');
  tabGone(TAB);
});

describe('a dom batch whose page agent does not answer', () => {
  it.each([
    ['its connection closes', new Error('Port closed')],
    ['it is no longer there', { name: 'TRPCClientError', message: 'disconnected' }],
  ])('is refused with NO_PAGE_AGENT when %s, and the refusal is in the log', async (_when, failure) => {
    const { remixletId, token } = await setUp(failure);
    expect(await refusalCode(offscreen.offscreen.dom!({ token, ops: [{ op: 'query', sel: '.promo' }] }))).toBe('NO_PAGE_AGENT');
    const lines = (await readLog(remixletId)).filter((l) => l.level === 'refusal');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.refusal?.code).toBe('NO_PAGE_AGENT');
    expect(lines[0]!.message).toMatch(/^dom refused: /);
  });
});
