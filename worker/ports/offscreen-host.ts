// Context: background service worker. Keeps the offscreen document alive while sandboxes are needed
// and queues commands for it until it subscribes. Trusts only the offscreen port the sender check bound.
import type { OffscreenCommand } from '../../contracts/boundaries/offscreen-worker';

const OFFSCREEN_URL = 'offscreen/offscreen.html';
type Emit = (cmd: OffscreenCommand) => void;

const subscribers = new Set<Emit>();
const queue: OffscreenCommand[] = [];
let creating: Promise<void> | undefined;

export async function ensureOffscreen(): Promise<void> {
  const url = chrome.runtime.getURL(OFFSCREEN_URL);
  const contexts = await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT], documentUrls: [url] });
  if (contexts.length > 0) return;
  creating ??= chrome.offscreen
    .createDocument({
      url: OFFSCREEN_URL,
      reasons: [chrome.offscreen.Reason.IFRAME_SCRIPTING, chrome.offscreen.Reason.CLIPBOARD],
      justification: 'Runs each remixlet in its own sandboxed iframe, with no access to pages or the network, and writes the text a remixlet with the clipboard permission copies.',
    })
    .catch((e: unknown) => {
      // Another call raced us to it; only one offscreen document may exist.
      if (!String(e).includes('Only a single offscreen')) throw e;
    })
    .finally(() => {
      creating = undefined;
    });
  await creating;
}

export function sendToOffscreen(cmd: OffscreenCommand): void {
  if (subscribers.size === 0) {
    queue.push(cmd);
    void ensureOffscreen();
    return;
  }
  for (const emit of subscribers) emit(cmd);
}

export function subscribeOffscreen(emit: Emit): () => void {
  subscribers.add(emit);
  for (const cmd of queue.splice(0)) emit(cmd);
  return () => subscribers.delete(emit);
}
