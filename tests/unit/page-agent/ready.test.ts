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

const g = globalThis as { document?: unknown };
afterEach(() => {
  delete g.document;
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
});
