// Context: background service worker, test builds only. Puts stored data from older versions into the
// store as they would have been written then (an older API version, an older extension's stylesheet), so
// tests can show how today's extension treats them. Not in the packaged build: nothing there can put a
// remixlet into the browser except activation.
import { TEST_HOOKS } from '../../contracts/build-flags';
import { RemixletHead, VersionRecord } from '../../contracts/remixlet';
import { db, versionKey } from '../store/db';
import { syncRegistrations } from '../pages/registration';
import { forgetLoaded } from '../store/remixlets';

export function installSeedingPath(): void {
  if (!TEST_HOOKS) return;
  Object.defineProperty(globalThis, 'seedRemixlet', {
    value: async (raw: { head: unknown; version: unknown }) => {
      const version = VersionRecord.parse(raw.version);
      const head = RemixletHead.parse(raw.head);
      await db.versions.setItem(versionKey(version.remixletId, version.version), version);
      await db.heads.setItem(head.id, head);
      forgetLoaded(head.id);
      await syncRegistrations();
    },
  });
}
