// Context: background service worker. The worker's own record of which document each tab shows, learnt
// from page agent ports (the browser fills in tab, frame and document ids) and from webNavigation; the
// grant middleware checks every call against this record, never against anything a payload says.
import { createTRPCProxyClient } from '@trpc/client';
import { chromeLink } from 'trpc-chrome/link';
import { checkedClient, type ClientOf } from '../contracts/rpc';
import { pageAgentSpec, type PageAgentSpec } from '../contracts/boundaries/worker-page-agent';
import type { PageEvent } from '../contracts/dom/ops';

export interface PageRecord {
  tabId: number;
  documentId: string;
  url: string;
  readyState: 'loading' | 'interactive' | 'complete';
  agent: ClientOf<PageAgentSpec>;
  close(): void;
}

const pages = new Map<number, PageRecord>();

export interface PageHooks {
  onArrived(page: PageRecord): void;
  onGone(tabId: number, documentId: string): void;
  onEvent(page: PageRecord, event: PageEvent): void;
}

let hooks: PageHooks | undefined;
export function setPageHooks(h: PageHooks): void {
  hooks = h;
}

export function pageFor(tabId: number): PageRecord | undefined {
  return pages.get(tabId);
}
export function allPages(): PageRecord[] {
  return [...pages.values()];
}

/** Records the document a tab shows; the only writer of the table the grant checks read. */
export function trackPage(record: PageRecord): void {
  pages.set(record.tabId, record);
}

/** A page agent announced itself over its presence port; the worker connects back to that exact document. */
export function pageAgentArrived(presence: chrome.runtime.Port): void {
  const sender = presence.sender!;
  const tabId = sender.tab!.id!;
  const documentId = sender.documentId!;
  const existing = pages.get(tabId);
  if (existing && existing.documentId !== documentId) {
    existing.close();
    pages.delete(tabId);
    hooks?.onGone(tabId, existing.documentId);
  }
  if (existing && existing.documentId === documentId) {
    // A second page agent port from the same document (double injection): keep the first.
    presence.disconnect();
    return;
  }
  const port = chrome.tabs.connect(tabId, { frameId: 0, documentId, name: 'worker' });
  const raw = createTRPCProxyClient({ links: [chromeLink({ port })] });
  const agent = checkedClient(pageAgentSpec, raw);
  const subscription: { current?: { unsubscribe(): void } } = {};
  const record: PageRecord = {
    tabId,
    documentId,
    url: sender.url ?? '',
    readyState: 'loading',
    agent,
    close() {
      try {
        subscription.current?.unsubscribe();
      } catch {
        /* the port is already gone; so is the subscription */
      }
      try {
        port.disconnect();
      } catch {
        /* already gone */
      }
      try {
        presence.disconnect();
      } catch {
        /* already gone */
      }
    },
  };
  trackPage(record);
  const gone = () => {
    if (pages.get(tabId) === record) {
      pages.delete(tabId);
      hooks?.onGone(tabId, documentId);
      record.close();
    }
  };
  presence.onDisconnect.addListener(gone);
  port.onDisconnect.addListener(gone);
  subscription.current = agent.events(
    {},
    {
      onData: (event) => {
        if (event.kind === 'lifecycle') record.readyState = event.readyState;
        if (event.kind === 'navigated') record.url = event.url;
        hooks?.onEvent(record, event);
      },
    },
  );
  void agent
    .status({})
    .then((s) => {
      record.url = s.url;
      record.readyState = s.readyState;
      hooks?.onArrived(record);
    })
    .catch(gone);
}

/** Same-document navigations (history API, fragments) change the URL the grant checks use. */
export function urlChanged(tabId: number, frameId: number, documentId: string | undefined, url: string): PageRecord | undefined {
  const record = pages.get(tabId);
  if (!record || frameId !== 0 || (documentId && documentId !== record.documentId)) return undefined;
  record.url = url;
  return record;
}
