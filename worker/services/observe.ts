// Context: background service worker. network:observe: keeps, per document, a bounded number of the
// responses the page itself received from observed hosts (reported by the recorder through its relay),
// and hands each to the sandboxes on that document that observe its host. The recorder runs in the page's
// main world, so everything it reports is untrusted: the worker trusts only the browser-filled sender
// (tab, top frame, document), parses every entry, and delivers an entry only to a sandbox of that very
// document whose remixlet was granted that host.
import { SERVICE_LIMITS, ObservedResponse } from '../../contracts/boundaries/service-calls';
import { RecorderMessage, RECORDER_MESSAGE_KIND, type RecorderSettings } from '../../contracts/boundaries/recorder-worker';
import { RemixletRefusal } from '../../contracts/refusals';
import { urlOnHosts } from '../../contracts/policy/site';
import { permittedHosts } from '../../contracts/capabilities/permissions';
import { loadAll } from '../store/remixlets';
import { isSitePaused } from '../store/settings';
import { runVerdict } from '../activation/remixlet-state';
import { tokens } from '../ports/tokens';
import { sendToOffscreen } from '../ports/offscreen-host';

const MAX_DOCUMENTS = 30;
const MAX_OBSERVERS_PER_SANDBOX = 10;

interface Subscription {
  sandboxId: string;
  remixletId: string;
  tabId: number;
  documentId: string;
  host: string;
  listener: string;
}
/** Newest last; the oldest document is forgotten first. */
const kept = new Map<string, ObservedResponse[]>();
const subscriptions: Subscription[] = [];
const docKey = (tabId: number, documentId: string) => `${tabId}:${documentId}`;

export function observeCall(sub: Subscription): { ok: true } {
  const mine = subscriptions.filter((s) => s.sandboxId === sub.sandboxId);
  if (mine.length >= MAX_OBSERVERS_PER_SANDBOX) throw new RemixletRefusal('TOO_MANY', `A remixlet may keep at most ${MAX_OBSERVERS_PER_SANDBOX} network observers on a page.`);
  subscriptions.push(sub);
  // What the page received before the remixlet started (it usually starts after the page's first requests).
  for (const entry of kept.get(docKey(sub.tabId, sub.documentId)) ?? []) if (covers(sub.host, entry.url)) deliver(sub, entry);
  return { ok: true };
}

export function stopObserving(sandboxId: string, listener: string): { ok: true } {
  for (let i = subscriptions.length - 1; i >= 0; i--) if (subscriptions[i]!.sandboxId === sandboxId && subscriptions[i]!.listener === listener) subscriptions.splice(i, 1);
  return { ok: true };
}

function covers(host: string, url: string): boolean {
  try {
    return urlOnHosts(new URL(url), [host]);
  } catch {
    return false;
  }
}

function deliver(sub: Subscription, entry: ObservedResponse): void {
  sendToOffscreen({
    type: 'event',
    sandboxId: sub.sandboxId,
    event: { kind: 'event', remixletId: sub.remixletId, listener: sub.listener, event: { type: 'network', value: JSON.stringify(entry) } },
  });
}

/** The hosts observed on a page: every network:observe: host of the remixlets that run there now. */
export async function observedHostsFor(url: string): Promise<string[]> {
  const paused = await isSitePaused(url);
  const hosts = new Set<string>();
  for (const loaded of await loadAll()) {
    if (!loaded.ok || !runVerdict(loaded.remixlet, url, paused).runs) continue;
    for (const host of permittedHosts('network:observe', loaded.remixlet.manifest.permissions.map((p) => p.name))) hosts.add(host);
  }
  return [...hosts];
}

/** A sender is a relay only if the browser says it is this extension's script in the top frame of a web page's document. */
function relaySender(sender: chrome.runtime.MessageSender): { tabId: number; documentId: string; url: string } | undefined {
  if (sender.id !== chrome.runtime.id || sender.tab?.id === undefined || sender.frameId !== 0 || typeof sender.documentId !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(sender.url ?? '');
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return { tabId: sender.tab.id, documentId: sender.documentId, url: url.href };
}

/** The runtime.onMessage listener for the relay; anything else is left for other listeners (false). */
export function onRecorderMessage(message: unknown, sender: chrome.runtime.MessageSender, reply: (answer: unknown) => void): boolean {
  if ((message as { kind?: unknown } | null)?.kind !== RECORDER_MESSAGE_KIND) return false;
  const from = relaySender(sender);
  const parsed = RecorderMessage.safeParse(message);
  if (!from || !parsed.success) {
    reply(undefined);
    return false;
  }
  void (async () => {
    const hosts = await observedHostsFor(from.url);
    if (parsed.data.type === 'hello') {
      const settings: RecorderSettings = { hosts };
      reply(settings);
      return;
    }
    reply({ ok: true });
    record(from.tabId, from.documentId, parsed.data.entries, hosts);
  })();
  return true;
}

function record(tabId: number, documentId: string, entries: ObservedResponse[], hosts: string[]): void {
  const key = docKey(tabId, documentId);
  const list = kept.get(key) ?? [];
  kept.delete(key);
  kept.set(key, list);
  while (kept.size > MAX_DOCUMENTS) kept.delete(kept.keys().next().value!);
  for (const raw of entries) {
    const entry = ObservedResponse.safeParse(raw);
    if (!entry.success) continue;
    const host = hosts.find((h) => covers(h, entry.data.url));
    if (host === undefined) continue;
    list.push(entry.data);
    // Bounded per host: the oldest entry of the same host goes first.
    const sameHost = list.filter((e) => covers(host, e.url));
    if (sameHost.length > SERVICE_LIMITS.observeKeptPerHost) list.splice(list.indexOf(sameHost[0]!), 1);
    const delivery = deliverNew(tabId, documentId, entry.data).finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  }
}

/** Deliveries under way: a caller that must know every entry received so far has reached its sandboxes waits for them. */
const inFlight = new Set<Promise<void>>();
export async function deliveriesSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

async function deliverNew(tabId: number, documentId: string, entry: ObservedResponse): Promise<void> {
  const live = new Set((await tokens.all()).map(([, rec]) => rec.sandboxId));
  for (let i = subscriptions.length - 1; i >= 0; i--) {
    const sub = subscriptions[i]!;
    if (!live.has(sub.sandboxId)) {
      subscriptions.splice(i, 1);
      continue;
    }
    if (sub.tabId === tabId && sub.documentId === documentId && covers(sub.host, entry.url)) deliver(sub, entry);
  }
}

export function forgetDocumentsOfTab(tabId: number): void {
  for (const key of [...kept.keys()]) if (key.startsWith(`${tabId}:`)) kept.delete(key);
}
