// Unit-test stand-in for the chrome.* APIs the worker touches. It records what the worker asked of the
// browser so tests can assert on it; IndexedDB comes from fake-indexeddb so localforage runs for real.
import 'fake-indexeddb/auto';

export const calls: Array<{ api: string; args: unknown[] }> = [];
const session = new Map<string, unknown>();
export const tabs = new Map<number, { id: number; url: string; status?: 'loading' | 'complete'; active?: boolean; windowId?: number }>();
/** The top-frame document each tab shows, as webNavigation.getFrame reports it (its committed address). */
export const frames = new Map<number, { documentId: string; url: string }>();

/** A chrome event: listeners stay for the whole test file (the worker registers them once, at start). */
function fakeEvent<A extends unknown[]>() {
  const listeners = new Set<(...args: A) => unknown>();
  return {
    addListener: (fn: (...args: A) => unknown) => void listeners.add(fn),
    removeListener: (fn: (...args: A) => unknown) => void listeners.delete(fn),
    /** What the browser would do: call every listener, and wait for what they started. */
    emit: async (...args: A) => {
      await Promise.all([...listeners].map((fn) => fn(...args)));
    },
  };
}
export const events = {
  onStartup: fakeEvent<[]>(),
  tabUpdated: fakeEvent<[number, { url?: string; status?: string }]>(),
  tabRemoved: fakeEvent<[number]>(),
};

const record = (api: string) => (...args: unknown[]) => {
  calls.push({ api, args });
  return Promise.resolve([]);
};

(globalThis as { chrome?: unknown }).chrome = {
  runtime: {
    id: 'testextensionid',
    getManifest: () => ({ version: '0.1.0' }),
    getURL: (p: string) => `chrome-extension://testextensionid/${p}`,
    getContexts: () => Promise.resolve([{}]),
    ContextType: { OFFSCREEN_DOCUMENT: 'OFFSCREEN_DOCUMENT' },
    onStartup: events.onStartup,
  },
  storage: {
    session: {
      get: (key: string) => Promise.resolve(session.has(key) ? { [key]: session.get(key) } : {}),
      set: (items: Record<string, unknown>) => {
        for (const [k, v] of Object.entries(items)) session.set(k, structuredClone(v));
        return Promise.resolve();
      },
    },
  },
  tabs: {
    get: (id: number) => (tabs.has(id) ? Promise.resolve(tabs.get(id)) : Promise.reject(new Error('No tab'))),
    query: () => Promise.resolve([...tabs.values()]),
    reload: record('tabs.reload'),
    captureVisibleTab: (...args: unknown[]) => {
      calls.push({ api: 'tabs.captureVisibleTab', args });
      return Promise.resolve('data:image/jpeg;base64,AAAA');
    },
    onUpdated: events.tabUpdated,
    onRemoved: events.tabRemoved,
  },
  scripting: {
    getRegisteredContentScripts: () => Promise.resolve([]),
    registerContentScripts: record('scripting.registerContentScripts'),
    unregisterContentScripts: record('scripting.unregisterContentScripts'),
    insertCSS: record('scripting.insertCSS'),
    executeScript: record('scripting.executeScript'),
    removeCSS: record('scripting.removeCSS'),
  },
  webNavigation: {
    getFrame: ({ tabId, frameId }: { tabId: number; frameId: number }) => Promise.resolve(frameId === 0 ? (frames.get(tabId) ?? null) : null),
  },
  offscreen: { createDocument: record('offscreen.createDocument'), Reason: { IFRAME_SCRIPTING: 'IFRAME_SCRIPTING' } },
  // What the rmx services touch after a remixlet changes (rules, menu entries, schedules).
  declarativeNetRequest: {
    getDynamicRules: () => Promise.resolve([]),
    updateDynamicRules: record('declarativeNetRequest.updateDynamicRules'),
    isRegexSupported: () => Promise.resolve({ isSupported: true }),
    getSessionRules: () => Promise.resolve([]),
    updateSessionRules: record('declarativeNetRequest.updateSessionRules'),
  },
  contextMenus: { create: record('contextMenus.create'), update: record('contextMenus.update'), remove: record('contextMenus.remove') },
  alarms: { create: record('alarms.create'), clear: record('alarms.clear'), getAll: () => Promise.resolve([]) },
  notifications: { create: record('notifications.create') },
};

export function resetChrome(): void {
  calls.length = 0;
  session.clear();
  tabs.clear();
  frames.clear();
}
