// Context: content script in the page's isolated world, beside the network:observe recorder. It asks the
// worker which hosts are observed on this page and keeps that list here: the recorder in the main world
// reports every response it sees, and only those from observed hosts go on to the worker, batched and
// bounded. Nothing is posted back to the page's world, which could read it. It trusts nothing from the
// page's world (the worker parses every entry); the worker trusts it only for what the browser says about
// its sender.
import { RECORDER_MESSAGE_KIND as KIND, RECORDER_WINDOW_TAG as TAG } from '../../contracts/boundaries/recorder-tags';
import { urlOnHosts } from '../../contracts/policy/site';

const BATCH = 20;
const PER_SECOND = 40;
const FLUSH_MS = 200;
/** Entries kept while the worker has not yet said which hosts are observed (a page's first requests). */
const EARLY_ENTRIES = 20;
const MAX_HOSTS = 50;

(() => {
  const origin = location.origin;
  let hosts: string[] | undefined;
  const early: { url: string }[] = [];
  let pending: unknown[] = [];
  let windowStart = 0;
  let inWindow = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  // The same reading of a host list as the worker's (contracts/policy/site.ts), so what is relayed is what it keeps.
  const observed = (url: string): boolean => {
    try {
      return urlOnHosts(new URL(url), hosts ?? []);
    } catch {
      return false;
    }
  };

  const flush = () => {
    timer = undefined;
    const entries = pending.slice(0, BATCH);
    pending = pending.slice(BATCH);
    if (pending.length) timer = setTimeout(flush, FLUSH_MS);
    chrome.runtime.sendMessage({ kind: KIND, type: 'entries', entries }).catch(() => undefined);
  };

  const forward = (entry: { url: string }) => {
    if (!observed(entry.url)) return;
    const now = Date.now();
    if (now - windowStart >= 1_000) {
      windowStart = now;
      inWindow = 0;
    }
    // A page that floods the relay loses its entries, not the worker's time.
    if (++inWindow > PER_SECOND || pending.length >= BATCH * 5) return;
    pending.push(entry);
    timer ??= setTimeout(flush, FLUSH_MS);
  };

  window.addEventListener('message', (e: MessageEvent) => {
    const d = e.data as { [TAG]?: unknown; entry?: { url?: unknown } } | null;
    if (e.origin !== origin || !d || d[TAG] !== 'entry' || typeof d.entry !== 'object' || d.entry === null || typeof d.entry.url !== 'string') return;
    const entry = d.entry as { url: string };
    if (hosts) forward(entry);
    else if (early.length < EARLY_ENTRIES) early.push(entry);
  });

  chrome.runtime
    .sendMessage({ kind: KIND, type: 'hello' })
    .then((settings: unknown) => {
      const given = (settings as { hosts?: unknown } | null)?.hosts;
      hosts = Array.isArray(given) ? given.filter((h): h is string => typeof h === 'string').slice(0, MAX_HOSTS) : [];
      for (const entry of early.splice(0)) forward(entry);
    })
    .catch(() => undefined);
})();
