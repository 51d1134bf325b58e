// The page agent serves ports from the extension's worker only: the side panel, popup or manager (same
// extension id, no tab) connecting as "worker" would otherwise name any remixlet scope past the grants.
import { describe, expect, test } from 'vitest';
import { workerPortAdmission } from '../../../page-agent/port-admission';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const runtime = {
  id: ID,
  getURL: (p: string) => `chrome-extension://${ID}/${p.replace(/^\//, '')}`,
  getManifest: () => ({ manifest_version: 3, name: 'r', version: '1', background: { service_worker: 'service-worker-loader.js', type: 'module' as const } }),
};
const admits = workerPortAdmission(runtime as unknown as Parameters<typeof workerPortAdmission>[0]);
const port = (name: string, sender: chrome.runtime.MessageSender) => ({ name, sender }) as chrome.runtime.Port;

describe('page agent port admission', () => {
  test("the worker's own port is served", () => {
    expect(admits(port('worker', { id: ID, url: `chrome-extension://${ID}/service-worker-loader.js` }))).toBe(true);
  });

  test('the side panel, popup or manager claiming to be the worker is not', () => {
    for (const page of ['panel/panel.html', 'panel/popup.html', 'panel/manager.html', 'offscreen/offscreen.html']) {
      expect(admits(port('worker', { id: ID, url: `chrome-extension://${ID}/${page}` })), page).toBe(false);
    }
  });

  test('another extension, a tab, a wrong name or a missing sender is not', () => {
    const url = `chrome-extension://${ID}/service-worker-loader.js`;
    expect(admits(port('worker', { id: 'x'.repeat(32), url }))).toBe(false);
    expect(admits(port('worker', { id: ID, url, tab: { id: 1 } as chrome.tabs.Tab }))).toBe(false);
    expect(admits(port('page-agent', { id: ID, url }))).toBe(false);
    expect(admits({ name: 'worker' } as chrome.runtime.Port)).toBe(false);
  });
});
