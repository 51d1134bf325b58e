// read_log right after a save: the assistant asks for the log while the remixlet it just applied is still
// writing its first lines. A line already on its way to storage is in the answer, and an empty log waits
// for the first line to arrive instead of answering []. The order of writes and reads is driven by the
// test (a held storage write, a signal when the read starts waiting), never by how long anything takes.
import { freshWorker } from '../fresh-worker';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { save } from '../../../../worker/activation/activation';
import { db } from '../../../../worker/store/db';
import { appendLog, readLog } from '../../../../worker/store/logs';
import { readChatLog } from '../../../../worker/assistant/read-log';
import type { LogEntry } from '../../../../contracts/remixlet';

/** Resolves when the worker's read_log starts waiting for a first line (the real nextLine, observed). */
let startedWaiting: () => void = () => undefined;
vi.mock('../../../../worker/store/logs', async (original) => {
  const real = await original<typeof import('../../../../worker/store/logs')>();
  return {
    ...real,
    nextLine: (id: string, ms: number) => {
      const waited = real.nextLine(id, ms);
      startedWaiting();
      return waited;
    },
  };
});

const TAB = 4;
const chat = { chatId: 'c-read-log-0001', tabId: TAB, site: 'shop.test', startedAt: 0, state: 'active' as const };
const line = (message: string): LogEntry => ({ at: 1, level: 'info', message, source: 'remixlet', url: 'https://shop.test/cart' });

async function savedRemixlet(): Promise<string> {
  const result = await save(TAB, undefined, {
    'manifest.json': JSON.stringify({ name: 'Logs', description: 'd', matches: ['*://shop.test/*'], permissions: [] }),
    'script.js': 'rmx.log("started")',
  });
  if (result.status !== 'activated') throw new Error(`expected activated, got ${result.status}`);
  return result.remixletId;
}

beforeEach(async () => {
  await freshWorker(TAB, 'https://shop.test/cart');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reading a log right after a save', () => {
  it('a line whose storage write has begun but not finished is in a read asked for after it', async () => {
    const id = await savedRemixlet();
    // Hold the line's storage write until the read has been asked for.
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const setItem = db.logs.setItem.bind(db.logs);
    vi.spyOn(db.logs, 'setItem').mockImplementation(async (key: string, value: unknown) => {
      await held;
      return setItem(key, value);
    });
    const writing = appendLog(id, line('started'));
    const reading = readLog(id);
    release();
    await writing;
    expect((await reading).map((e) => e.message)).toEqual(['started']);
  });

  it("read_log on an empty log waits for the remixlet's first line and answers with it, not []", async () => {
    const id = await savedRemixlet();
    const waiting = new Promise<'waiting'>((r) => (startedWaiting = () => r('waiting')));
    const answer = readChatLog(chat, { remixletId: id, limit: 50 });
    // The read must still be waiting when the line comes; an answer before it is the empty answer of old.
    expect(await Promise.race([waiting, answer.then(() => 'answered' as const)])).toBe('waiting');
    await appendLog(id, line('started'));
    expect((await answer).map((e) => e.message)).toEqual(['started']);
  });

  it("a line logged on another site stays out of read_log's answer, also when it is the first to arrive", async () => {
    const id = await savedRemixlet();
    const waiting = new Promise<'waiting'>((r) => (startedWaiting = () => r('waiting')));
    const answer = readChatLog(chat, { remixletId: id, limit: 50 });
    expect(await Promise.race([waiting, answer.then(() => 'answered' as const)])).toBe('waiting');
    await appendLog(id, { ...line('from the bank'), url: 'https://bank.test/' });
    expect(await answer).toEqual([]);
  });
});
