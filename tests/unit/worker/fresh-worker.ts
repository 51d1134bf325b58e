// Test helper (Node, vitest). Starts a worker unit test from nothing: the chrome stand-in reset, no tokens
// cached, every IndexedDB store empty (and any other store named), the store's caches of remixlets and
// settings (and remixlets switched off per tab) forgotten, and one tab open at `url`. Trusts nothing it is sent.
import { resetChrome, tabs } from './chrome-stub';
import { tokens } from '../../../worker/ports/tokens';
import { db } from '../../../worker/store/db';
import { forgetAllLoaded } from '../../../worker/store/remixlets';
import { forgetSettings } from '../../../worker/store/settings';
import { forgetTabOffCache } from '../../../worker/pages/tab-off';

export async function freshWorker(tabId: number, url: string, alsoClear: ReadonlyArray<{ clear(): Promise<void> }> = []): Promise<void> {
  resetChrome();
  tokens.resetCache();
  await Promise.all([...Object.values(db).map((s) => s.clear()), ...alsoClear.map((s) => s.clear())]);
  forgetAllLoaded();
  forgetSettings();
  forgetTabOffCache();
  tabs.set(tabId, { id: tabId, url });
}
