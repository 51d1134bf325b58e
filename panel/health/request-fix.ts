// Context: extension UI pages (popup, manager). Asks the worker to hand a remixlet to the chat of a tab for
// fixing; the chat (side panel, or a chat tab) takes it up when it opens or is already open. Only the
// remixlet's id crosses: what the chat then sends the model, it gathers through the checked assistant procedures.
import { worker } from '../worker-client';

export function requestFix(tabId: number, remixletId: string): Promise<unknown> {
  return worker().requestFix({ tabId, remixletId });
}
