// Context: content script in the page's isolated world, beside the network:observe recorder. It asks the
// worker for the recorder's settings and posts them to the recorder as data, then carries what the
// recorder reports to the worker, batched and bounded. It trusts nothing from the page's world (the
// worker parses every entry); the worker trusts it only for what the browser says about its sender.
import { RECORDER_MESSAGE_KIND as KIND, RECORDER_WINDOW_TAG as TAG } from '../../contracts/boundaries/recorder-tags';

const BATCH = 20;
const PER_SECOND = 40;
const FLUSH_MS = 200;

(() => {
  const origin = location.origin;
  let pending: unknown[] = [];
  let windowStart = 0;
  let inWindow = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    const entries = pending.slice(0, BATCH);
    pending = pending.slice(BATCH);
    if (pending.length) timer = setTimeout(flush, FLUSH_MS);
    chrome.runtime.sendMessage({ kind: KIND, type: 'entries', entries }).catch(() => undefined);
  };

  window.addEventListener('message', (e: MessageEvent) => {
    const d = e.data as { [TAG]?: unknown; entry?: unknown } | null;
    if (e.origin !== origin || !d || d[TAG] !== 'entry' || typeof d.entry !== 'object' || d.entry === null) return;
    const now = Date.now();
    if (now - windowStart >= 1_000) {
      windowStart = now;
      inWindow = 0;
    }
    // A page that floods the relay loses its entries, not the worker's time.
    if (++inWindow > PER_SECOND || pending.length >= BATCH * 5) return;
    pending.push(d.entry);
    timer ??= setTimeout(flush, FLUSH_MS);
  });

  chrome.runtime
    .sendMessage({ kind: KIND, type: 'hello' })
    .then((settings: unknown) => {
      if (settings && typeof settings === 'object') window.postMessage({ [TAG]: 'settings', settings }, origin);
    })
    .catch(() => undefined);
})();
