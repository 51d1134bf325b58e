// Token store: a revocation counts for every check at once; it is saved in order with the writes after it,
// whether or not the caller waited for its write.
import { resetChrome } from '../chrome-stub';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokens } from '../../../../worker/ports/tokens';

const KEY = 'sandboxTokens';
const base = { remixletId: 'r1', tabId: 3, frameId: 0, documentId: 'doc-a' };

/** Holds every chrome.storage.session.set until released, in call order, as a busy browser would. */
function slowWrites() {
  const session = chrome.storage.session as unknown as { set: (items: Record<string, unknown>) => Promise<void> };
  const real = session.set.bind(session);
  const held: Array<() => void> = [];
  vi.spyOn(session, 'set').mockImplementation((items) => new Promise<void>((resolve) => held.push(() => void real(items).then(resolve))));
  return {
    pending: () => held.length,
    releaseAll: async () => {
      while (held.length) held.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

async function stored(): Promise<Record<string, { remixletId: string }>> {
  return ((await chrome.storage.session.get(KEY)) as Record<string, Record<string, { remixletId: string }>>)[KEY] ?? {};
}

beforeEach(() => {
  resetChrome();
  tokens.resetCache();
});
afterEach(() => vi.restoreAllMocks());

describe('tokens.revokeWhere', () => {
  it('without waiting for the write: refused at once, and the write lands in order with the next one', async () => {
    const a = await tokens.issue(base);
    const writes = slowWrites();
    const gone = await tokens.revokeWhere((rec) => rec.documentId === 'doc-a', { waitForWrite: false });
    expect(gone.map(([t]) => t)).toEqual([a.token]);
    // Answered while its write is still held: the token no longer resolves.
    expect(writes.pending()).toBe(1);
    expect(await tokens.resolve(a.token)).toBeUndefined();
    // A token issued meanwhile is written after it; the store ends with the newer map.
    const issuing = tokens.issue({ ...base, documentId: 'doc-b' });
    await new Promise((r) => setTimeout(r, 0));
    expect(writes.pending()).toBe(2);
    await writes.releaseAll();
    const b = await issuing;
    expect(Object.keys(await stored())).toEqual([b.token]);
    // A restarted worker reads the same.
    tokens.resetCache();
    expect(await tokens.resolve(a.token)).toBeUndefined();
    expect(await tokens.resolve(b.token)).toMatchObject({ documentId: 'doc-b' });
  });

  it('by default, answers only once the revocation is saved', async () => {
    const a = await tokens.issue(base);
    const writes = slowWrites();
    let answered = false;
    const revoking = tokens.revokeWhere((rec) => rec.documentId === 'doc-a').then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 0));
    expect(answered).toBe(false);
    expect(Object.keys(await stored())).toEqual([a.token]);
    await writes.releaseAll();
    await revoking;
    expect(Object.keys(await stored())).toEqual([]);
  });
});

describe('tokens.issue', () => {
  it("a page's tokens issued together share one write that holds them all; one issued after gets its own", async () => {
    const writes = slowWrites();
    const handed: string[] = [];
    const issuing = Array.from({ length: 5 }, (_, i) => tokens.issue({ ...base, remixletId: `r${i}` }, ({ token }) => handed.push(token)));
    await new Promise((r) => setTimeout(r, 0));
    // Each was handed on at once; the five wait on one write.
    expect(handed).toHaveLength(5);
    expect(writes.pending()).toBe(1);
    await writes.releaseAll();
    const issued = await Promise.all(issuing);
    expect(Object.keys(await stored()).sort()).toEqual(issued.map((t) => t.token).sort());

    const later = tokens.issue({ ...base, remixletId: 'r9' });
    await new Promise((r) => setTimeout(r, 0));
    expect(writes.pending()).toBe(1);
    await writes.releaseAll();
    const last = await later;
    tokens.resetCache();
    expect(Object.keys(await stored())).toHaveLength(6);
    expect(await tokens.resolve(last.token)).toMatchObject({ remixletId: 'r9' });
  });
});
