// Context: background service worker. The message queue a schedule's "message" action fills and
// rmx.messages() drains on the remixlet's next page load. Bounded: a full queue keeps what it has and the
// new message is dropped with a log line, so nothing already queued is lost.
import { z } from 'zod';
import { QueuedMessage, SERVICE_LIMITS } from '../../contracts/boundaries/service-calls';
import { serialized } from '../store/db';
import { messagesKey, servicesDb } from './store';

const Queue = z.array(QueuedMessage);

export function queueMessage(remixletId: string, message: QueuedMessage): Promise<boolean> {
  return serialized(`messages:${remixletId}`, async () => {
    const parsed = Queue.safeParse(await servicesDb.getItem(messagesKey(remixletId)));
    const queue = parsed.success ? parsed.data : [];
    if (queue.length >= SERVICE_LIMITS.queuedMessages) return false;
    queue.push(message);
    await servicesDb.setItem(messagesKey(remixletId), queue);
    return true;
  });
}

export function takeMessages(remixletId: string): Promise<QueuedMessage[]> {
  return serialized(`messages:${remixletId}`, async () => {
    const parsed = Queue.safeParse(await servicesDb.getItem(messagesKey(remixletId)));
    await servicesDb.removeItem(messagesKey(remixletId));
    return parsed.success ? parsed.data : [];
  });
}

export async function dropMessagesOf(remixletId: string): Promise<void> {
  await servicesDb.removeItem(messagesKey(remixletId));
}
