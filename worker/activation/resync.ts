// Context: background service worker. After a page agent reconnects (a restarted worker: the page agent
// says hello again, PageHello again), changes made while nobody listened were never reported. Every sandbox of that
// document is told the page may have changed, so rmx.keep checks it again.
import { tokens } from '../ports/tokens';
import { sendToOffscreen } from '../ports/offscreen-host';
import type { PageRecord } from '../pages/pages';

export async function resyncSandboxes(page: PageRecord): Promise<void> {
  for (const [, rec] of await tokens.all()) {
    if (rec.tabId === page.tabId && rec.documentId === page.documentId) {
      sendToOffscreen({ type: 'event', sandboxId: rec.sandboxId, event: { kind: 'mutated', remixletId: rec.remixletId } });
    }
  }
}
