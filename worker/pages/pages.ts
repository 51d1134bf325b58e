// Context: background service worker. The worker's own record of which document each tab shows, learnt
// from page agent ports (the browser fills in tab, frame and document ids) and from webNavigation; the
// grant middleware checks every call against this record, never against anything a payload says.
import { STYLES_LANDED } from '../../contracts/boundaries/style-gate';
import { ownedPort } from '../ports/owned-port';
import { createTRPCProxyClient } from '@trpc/client';
import { chromeLink } from 'trpc-chrome/link';
import { checkedClient, type ClientOf } from '../../contracts/rpc';
import { PageHello, pageAgentSpec, type PageAgentSpec, type PageReport, type PageStatus } from '../../contracts/boundaries/worker-page-agent';
import type { PageEvent } from '../../contracts/dom/ops';
import { benchMark } from '../../contracts/bench-marks';
import { BENCH_MARKS } from '../../contracts/build-flags';

export interface PageRecord {
  tabId: number;
  documentId: string;
  url: string;
  readyState: 'loading' | 'interactive' | 'complete';
  /** What the page agent's hello said; startSandbox uses its title while address and ready state still match. */
  hello?: PageStatus;
  /**
   * The page agent's router, over a port the worker opens to this document on first use: a page where nothing
   * calls it (style.css alone) never builds its router (page-agent/main.ts).
   */
  readonly agent: ClientOf<PageAgentSpec>;
  /** Opens that port now, when a call is about to come (a sandbox starting here), so the router is built meanwhile. */
  connect(): void;
  close(): void;
}

const pages = new Map<number, PageRecord>();

export interface PageHooks {
  /** `again`: the page agent announced itself before on this document (PageHello again). */
  onArrived(page: PageRecord, again: boolean): void;
  /** Settles once the styles inserted into this page are in; the page agent then lets its first paint go. */
  stylesIn(page: PageRecord): Promise<void>;
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
  trackedAt.set(record, commits);
  const waiting = arrivals.get(record.documentId);
  arrivals.delete(record.documentId);
  for (const arrived of waiting ?? []) arrived();
}

/** The top-frame document each tab committed last, as the browser said (webNavigation.onCommitted). */
const committed = new Map<number, { documentId: string; seq: number }>();
/** Commits seen so far; a page record remembers the count when its page agent arrived. */
let commits = 0;
const trackedAt = new WeakMap<PageRecord, number>();
export function documentCommittedIn(tabId: number, documentId: string): void {
  committed.set(tabId, { documentId, seq: ++commits });
}
export function tabGone(tabId: number): void {
  committed.delete(tabId);
}
/** The top-frame document the tab committed last, when the worker saw it commit. */
export function latestDocument(tabId: number): string | undefined {
  return committed.get(tabId)?.documentId;
}
/**
 * The tab has committed another document since this page's agent arrived: it is going. (A document whose
 * commit the worker did not record, such as a prerendered page shown later, is not superseded by the one
 * committed before it arrived.)
 */
export function superseded(page: PageRecord): boolean {
  const latest = committed.get(page.tabId);
  return latest !== undefined && latest.documentId !== page.documentId && latest.seq > (trackedAt.get(page) ?? 0);
}

/** How long a call from a sandbox of a just-committed document waits for its page agent to connect. */
export const PAGE_AGENT_WAIT_MS = 10_000;
const arrivals = new Map<string, Set<() => void>>();

/**
 * The page record of a tab's document: at once when its page agent is there or the document is not the
 * tab's latest; for the tab's latest document whose page agent has not connected yet (a sandbox started
 * when the document committed calls while the page agent is still being injected), once it connects or
 * the wait ends. Whatever comes back, the caller compares its document: nothing else is trusted.
 */
export async function pageWhenThere(tabId: number, documentId: string, waitMs = PAGE_AGENT_WAIT_MS): Promise<PageRecord | undefined> {
  const now = pages.get(tabId);
  if (now?.documentId === documentId || committed.get(tabId)?.documentId !== documentId) return now;
  return pageArrival(tabId, documentId, waitMs);
}

/**
 * The page record of a tab's document once its page agent has connected (at once when it is there), or
 * whatever the tab has when the wait ends; the caller compares its document.
 */
export async function pageArrival(tabId: number, documentId: string, waitMs = PAGE_AGENT_WAIT_MS): Promise<PageRecord | undefined> {
  if (pages.get(tabId)?.documentId === documentId) return pages.get(tabId);
  await new Promise<void>((resolve) => {
    const waiting = arrivals.get(documentId) ?? new Set<() => void>();
    arrivals.set(documentId, waiting);
    const timer = setTimeout(done, waitMs);
    function done() {
      clearTimeout(timer);
      waiting.delete(done);
      if (!waiting.size && arrivals.get(documentId) === waiting) arrivals.delete(documentId);
      resolve();
    }
    waiting.add(done);
  });
  return pages.get(tabId);
}

const READY_ORDER = { loading: 0, interactive: 1, complete: 2 } as const;

/**
 * A page agent announced itself over its presence port; the worker connects back to that exact document
 * when something will call it (PageRecord agent and connect), and only then does the page agent build its
 * router. The page counts as arrived at the page agent's hello (its first presence message: address, title,
 * ready state), so sandboxes start while the page agent gets ready; requests sent meanwhile wait in the page
 * agent until its router can parse them. Later presence messages report ready-state changes, which the
 * router's events stream, once connected, reports again.
 */
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
  // The page agent says its address (hello, same-document navigations), but only the browser's word counts
  // for where it is: an address on another origin than the one the browser reported is refused.
  const browserOrigin = originOf(sender.url);
  const onBrowserOrigin = (url: string) => browserOrigin !== undefined && originOf(url) === browserOrigin;
  const subscription: { current?: { unsubscribe(): void } } = {};
  let connection: { owned: ReturnType<typeof ownedPort>; agent: ClientOf<PageAgentSpec> } | undefined;
  let closed = false;
  const connect = () => {
    if (connection) return connection;
    if (BENCH_MARKS) benchMark('w:connect');
    const owned = ownedPort(chrome.tabs.connect(tabId, { frameId: 0, documentId, name: 'worker' }));
    const agent = checkedClient(pageAgentSpec, createTRPCProxyClient({ links: [chromeLink({ port: owned.port })] }));
    connection = { owned, agent };
    // Closed before its first call: the call fails at once (NO_PAGE_AGENT), as on a port that went.
    if (closed) owned.close();
    else {
      owned.port.onDisconnect.addListener(gone);
      subscription.current = agent.events({}, { onData: onEvent });
    }
    return connection;
  };
  const record: PageRecord = {
    tabId,
    documentId,
    url: sender.url ?? '',
    readyState: 'loading',
    get agent() {
      return connect().agent;
    },
    connect() {
      connect();
    },
    close() {
      closed = true;
      try {
        subscription.current?.unsubscribe();
      } catch {
        /* the port is already gone; so is the subscription */
      }
      // Closed by this side: the calls still waiting on it fail now (NO_PAGE_AGENT), rather than never.
      connection?.owned.close();
      try {
        presence.disconnect();
      } catch {
        /* already gone */
      }
    },
  };
  trackPage(record);
  function gone() {
    if (pages.get(tabId) === record) {
      pages.delete(tabId);
      hooks?.onGone(tabId, documentId);
      record.close();
    }
  }
  presence.onDisconnect.addListener(gone);
  function onEvent(event: PageReport) {
    if (event.kind === 'mutatedMany') {
      // One frame's change reports for several remixlets (page-agent/reports.ts): each sandbox gets its own.
      // A before list that does not stand one for one beside the ids says nothing.
      const before = event.before?.length === event.remixletIds.length ? event.before : undefined;
      event.remixletIds.forEach((remixletId, i) =>
        hooks?.onEvent(record, { kind: 'mutated', remixletId, ...(event.own?.includes(remixletId) ? { own: true } : {}), ...(before ? { before: before[i]! } : {}) }),
      );
      return;
    }
    // A document's ready state only advances; the presence port may have said the later one first.
    if (event.kind === 'lifecycle' && READY_ORDER[event.readyState] > READY_ORDER[record.readyState]) record.readyState = event.readyState;
    if (event.kind === 'navigated') {
      if (!onBrowserOrigin(event.url)) return;
      record.url = event.url;
    }
    hooks?.onEvent(record, event);
  }
  let arrived = false;
  presence.onMessage.addListener((message: unknown) => {
    const parsed = PageHello.safeParse(message);
    if (!parsed.success) {
      gone();
      return;
    }
    const hello = parsed.data.hello;
    if (!onBrowserOrigin(hello.url)) {
      gone();
      return;
    }
    if (arrived) {
      // A later hello on the same port is a ready-state change, sent before the page agent's router (and
      // so its events stream) may be up: handled as the lifecycle event that follows it will be.
      if (READY_ORDER[hello.readyState] <= READY_ORDER[record.readyState] || pages.get(tabId) !== record) return;
      record.readyState = hello.readyState;
      if (hello.url === record.url) record.hello = hello;
      hooks?.onEvent(record, { kind: 'lifecycle', readyState: hello.readyState });
      return;
    }
    arrived = true;
    if (BENCH_MARKS) benchMark('w:hello');
    // The page agent is building its router for a sandbox: the port opens now, not at the sandbox's first call.
    if (parsed.data.scripted && pages.get(tabId) === record) record.connect();
    record.url = hello.url;
    // A lifecycle event that overtook the hello (another port) is newer: keep the later state.
    if (READY_ORDER[hello.readyState] > READY_ORDER[record.readyState]) record.readyState = hello.readyState;
    record.hello = hello;
    if (pages.get(tabId) === record) hooks?.onArrived(record, parsed.data.again === true);
    // Answered on every port's hello, whatever the page's state: the gate only ever lets a page paint.
    void (hooks?.stylesIn(record) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        try {
          presence.postMessage(STYLES_LANDED);
        } catch {
          // The page went; its gate went with it.
        }
      });
  });
}

function originOf(url: string | undefined): string | undefined {
  try {
    return url === undefined ? undefined : new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Same-document navigations (history API, fragments) change the URL the grant checks use. */
export function urlChanged(tabId: number, frameId: number, documentId: string | undefined, url: string): PageRecord | undefined {
  const record = pages.get(tabId);
  if (!record || frameId !== 0 || (documentId && documentId !== record.documentId)) return undefined;
  record.url = url;
  return record;
}
