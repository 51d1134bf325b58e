// Context: background service worker. rmx.notify and the schedule's notify action: a basic notification
// with a title and a message, nothing else (no image, no buttons, nothing that runs code on a click),
// marked with the remixlet's name so a remixlet cannot pass its text off as the browser's. A flood is
// refused past a per-minute and per-hour budget that survives worker restarts.
import { RemixletRefusal } from '../../contracts/refusals';
import { SERVICE_LIMITS } from '../../contracts/boundaries/service-calls';
import { serialized } from '../store/db';
import type { ActiveRemixlet } from '../store/remixlets';

export const NOTIFICATION_ICON = 'icons/remixlet-128.png';
const TIMES_KEY = 'notifyTimes';
const HOUR = 60 * 60 * 1000;

export function notify(remixlet: ActiveRemixlet, text: { title: string; message: string }): Promise<{ shown: true }> {
  const id = remixlet.head.id;
  return serialized(`notify:${id}`, async () => {
    const now = Date.now();
    const stored = ((await chrome.storage.session.get(TIMES_KEY))[TIMES_KEY] ?? {}) as Record<string, number[]>;
    const times = (Array.isArray(stored[id]) ? stored[id] : []).filter((t) => typeof t === 'number' && now - t < HOUR);
    if (times.filter((t) => now - t < 60_000).length >= SERVICE_LIMITS.notifyPerMinute || times.length >= SERVICE_LIMITS.notifyPerHour) {
      throw new RemixletRefusal(
        'RATE_LIMITED',
        `At most ${SERVICE_LIMITS.notifyPerMinute} notifications a minute and ${SERVICE_LIMITS.notifyPerHour} an hour; this one was not shown.`,
      );
    }
    times.push(now);
    await chrome.storage.session.set({ [TIMES_KEY]: { ...stored, [id]: times } });
    await chrome.notifications.create(`rmx:${id}:${now}:${times.length}`, {
      type: 'basic',
      iconUrl: chrome.runtime.getURL(NOTIFICATION_ICON),
      title: text.title.slice(0, SERVICE_LIMITS.notifyTitleChars),
      message: text.message.slice(0, SERVICE_LIMITS.notifyMessageChars),
      contextMessage: `From the remixlet "${remixlet.manifest.name}"`,
    });
    return { shown: true };
  });
}
