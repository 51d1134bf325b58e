// A remixlet's dom calls wait in the page agent until the page reaches the manifest's runAt
// (page-agent/ready.ts): at once when it has, at the ready-state change that gets it there otherwise.
import { afterEach, describe, expect, it } from 'vitest';
import { pageReadyFor } from '../../../page-agent/ready';

class FakeDocument extends EventTarget {
  readyState: DocumentReadyState = 'loading';
  advance(to: DocumentReadyState): void {
    this.readyState = to;
    this.dispatchEvent(new Event('readystatechange'));
  }
}

const g = globalThis as { document?: unknown; __remixletIdle?: unknown; __remixletOnIdle?: () => void };
afterEach(() => {
  delete g.document;
  delete g.__remixletIdle;
});

function settled(p: Promise<void> | undefined): () => boolean {
  let done = p === undefined;
  void p?.then(() => (done = true));
  return () => done;
}

describe('pageReadyFor', () => {
  it('does not wait for document_start, nor for a page already at the runAt', () => {
    const doc = new FakeDocument();
    g.document = doc;
    expect(pageReadyFor('document_start')).toBeUndefined();
    expect(pageReadyFor(undefined)).toBeUndefined();
    doc.readyState = 'complete';
    expect(pageReadyFor('document_idle')).toBeUndefined();
  });

  it('document_end waits until the page is parsed; document_idle until it has loaded', async () => {
    const doc = new FakeDocument();
    g.document = doc;
    const end = settled(pageReadyFor('document_end'));
    const idle = settled(pageReadyFor('document_idle'));
    await Promise.resolve();
    expect([end(), idle()]).toEqual([false, false]);
    doc.advance('interactive');
    await Promise.resolve();
    expect([end(), idle()]).toEqual([true, false]);
    doc.advance('complete');
    await Promise.resolve();
    expect([end(), idle()]).toEqual([true, true]);
  });

  it('document_idle is also reached when Chrome runs document_idle scripts (the marker), before the page has loaded', async () => {
    const doc = new FakeDocument();
    g.document = doc;
    doc.advance('interactive');
    const idle = settled(pageReadyFor('document_idle'));
    await Promise.resolve();
    expect(idle()).toBe(false);
    // The marker content script, in the same isolated world: the flag, then the hook.
    await import('../../../page-agent/idle-marker');
    await Promise.resolve();
    expect(idle()).toBe(true);
    // A page agent asking after the marker ran does not wait; document_end was never held by it.
    expect(pageReadyFor('document_idle')).toBeUndefined();
  });

  it('a marker flag on a page still loading does not count (Chrome never runs idle scripts before the page is parsed)', async () => {
    const doc = new FakeDocument();
    g.document = doc;
    g.__remixletIdle = true;
    const idle = settled(pageReadyFor('document_idle'));
    g.__remixletOnIdle?.();
    await Promise.resolve();
    expect(idle()).toBe(false);
    doc.advance('interactive');
    await Promise.resolve();
    expect(idle()).toBe(true);
  });
});
