// Context: background service worker. "Fix it" hands a remixlet to the chat of a tab: the popup or the
// manager asks (UI role only), and the tab's chat, already open or opening now, takes the request once.
// Only an id crosses; the chat gathers what it sends the model through the assistant procedures, which check
// its binding. A request nobody takes soon is forgotten.
import { readHead } from '../store/remixlets';
import { RemixletRefusal } from '../../contracts/refusals';

const KEEP_MS = 60_000;
const waiting = new Map<number, { remixletId: string; at: number }>();
type Listener = (remixletId: string) => void;
const takers = new Map<number, Set<Listener>>();

export async function requestFix(tabId: number, remixletId: string): Promise<{ ok: boolean }> {
  if (!(await readHead(remixletId))) throw new RemixletRefusal('NOT_FOUND', 'There is no such remixlet.');
  const open = [...(takers.get(tabId) ?? [])];
  // A chat already open takes it now (the first one, so it is fixed once); otherwise the next one to open does.
  if (open.length) open[0]!(remixletId);
  else waiting.set(tabId, { remixletId, at: Date.now() });
  return { ok: true };
}

export function takeFixRequests(tabId: number, emit: (r: { remixletId: string }) => void): () => void {
  const listener: Listener = (remixletId) => emit({ remixletId });
  const pending = waiting.get(tabId);
  waiting.delete(tabId);
  if (pending && Date.now() - pending.at < KEEP_MS) listener(pending.remixletId);
  const set = takers.get(tabId) ?? new Set<Listener>();
  set.add(listener);
  takers.set(tabId, set);
  return () => {
    set.delete(listener);
    if (!set.size) takers.delete(tabId);
  };
}
