// Context: background service worker. The services' browser listeners, registered synchronously when the
// worker starts (so a restarted worker misses no click, alarm or recorder message), and what follows a
// change to a remixlet. Test builds expose the very listener functions under names the real-browser tests
// call, for the one event headless Chromium cannot produce: a click in a native context menu.
import { TEST_HOOKS } from '../../contracts/build-flags';
import { loadRemixlet } from '../store/remixlets';
import { menuClicked, removeMenusOf } from './menu';
import { scheduleFired } from './schedule-fire';
import { dropSchedulesOf, restoreSchedules } from './schedule';
import { dropMessagesOf } from './messages';
import { onRecorderMessage, forgetDocumentsOfTab } from './observe';
import { syncRecorders } from './recorder-registration';
import { syncNetRules } from '../netrules/install';
import { installNetRulesListeners } from '../netrules/listeners';

/** What an install or update of the extension, or a browser start, brings in line: rules (checked anew), recorders, schedules. */
export async function servicesAtStartup(): Promise<void> {
  await Promise.all([syncNetRules(), syncRecorders(), restoreSchedules()]);
}

export function installServiceListeners(): void {
  chrome.contextMenus.onClicked.addListener((info, tab) => void menuClicked(info, tab));
  chrome.alarms.onAlarm.addListener((alarm) => void scheduleFired(alarm));
  chrome.runtime.onMessage.addListener(onRecorderMessage);
  chrome.tabs.onRemoved.addListener((tabId) => forgetDocumentsOfTab(tabId));
  chrome.runtime.onInstalled.addListener(() => void servicesAtStartup());
  chrome.runtime.onStartup.addListener(() => void servicesAtStartup());
  // Rules follow the tabs they act in; this also installs them at every worker start.
  installNetRulesListeners();
  // Alarms are not promised to outlive a browser restart; the records are, so every worker start restores them.
  void restoreSchedules();
  if (TEST_HOOKS) {
    Object.defineProperty(globalThis, 'remixletServices', {
      value: Object.freeze({ menuClicked, scheduleFired, servicesAtStartup, restoreSchedules }),
    });
  }
}

/** After a remixlet is saved, switched, archived, restored or deleted. */
export async function servicesAfterRemixletChanged(remixletId: string): Promise<void> {
  // Menu entries come back when the new sandbox adds them again.
  await removeMenusOf(remixletId);
  const loaded = await loadRemixlet(remixletId);
  if (!loaded.ok || !loaded.remixlet.manifest.permissions.some((p) => p.name === 'schedule')) {
    await dropSchedulesOf(remixletId);
    await dropMessagesOf(remixletId);
  }
  await Promise.all([syncNetRules(), syncRecorders()]);
}

/** After a site is paused or resumed: rules exclude paused sites' pages, recorders are not injected there. */
export async function servicesAfterSitePauseChanged(): Promise<void> {
  await Promise.all([syncNetRules(), syncRecorders()]);
}
