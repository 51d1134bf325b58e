// Test helper (Node, vitest). A page the worker tracks (a PageRecord, as worker/pages/pages.ts keeps it) whose page
// agent is a stand-in: status answers the page's own address, release and insertStyle succeed without doing
// anything, events never fire, and a dom batch goes to `exec` (by default answering nothing). Trusts nothing
// it is sent: tests assert on what reached it.
import type { PageRecord } from '../../../worker/pages/pages';

export function pageRecord(tabId: number, documentId: string, url: string, exec: (input: never) => Promise<unknown> = async () => []): PageRecord {
  const agent = {
    exec,
    status: async () => ({ url, title: 't', readyState: 'complete' as const }),
    release: async () => ({ released: true }),
    insertStyle: async () => ({ inserted: true }),
    events: () => ({ unsubscribe() {} }),
  };
  return { tabId, documentId, url, readyState: 'complete', connect() {}, close() {}, agent: agent as unknown as PageRecord['agent'] };
}
