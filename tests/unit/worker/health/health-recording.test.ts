// The worker's health recording (worker/health/health.ts): a sandbox that starts is a visit; its dom answers, its
// observers and the log lines of its remixlet count on that visit; when the sandbox ends the visit is saved
// with the remixlet. A line about a sandbox's own call counts on that sandbox's visit alone, and on none
// once it ended. A line that names no sandbox: one running in two tabs gets each line on the visit to the
// page the line names, so a refusal on one page does not count against the other.
import { freshWorker } from '../fresh-worker';
import { beforeEach, describe, expect, it } from 'vitest';
import { save } from '../../../../worker/activation/activation';
import { domAnswered, observed, visitEnded, visitStarted } from '../../../../worker/health/health';
import { appendLog } from '../../../../worker/store/logs';
import { onHealthChanged, readHealth } from '../../../../worker/store/health';
import type { TokenRecord } from '../../../../worker/ports/tokens';

const TAB_A = 11;
const TAB_B = 12;
const A = 'https://shop.test/cart?session=s3cret';
const B = 'https://shop.test/item/42';
let id: string;
let sandboxes = 0;

const rec = (tabId: number, documentId: string): TokenRecord => ({ remixletId: id, sandboxId: `sb-${++sandboxes}`, tabId, frameId: 0, documentId, issuedAt: Date.now() });

/** Resolves once `n` saves of this remixlet's health have been made. */
function saves(n: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const off = onHealthChanged((changed) => {
      if (changed === id && ++seen === n) {
        off();
        resolve();
      }
    });
  });
}

beforeEach(async () => {
  await freshWorker(TAB_A, A);
  const saved = await save(TAB_A, undefined, {
    'manifest.json': JSON.stringify({ name: 'Hider', description: 'd', matches: ['*://shop.test/*'], runAt: 'document_idle', permissions: [] }),
    'script.js': "const p = await dom.query('.promo'); if (p) await p.hide();",
  });
  if (saved.status !== 'activated') throw new Error(`setup: ${JSON.stringify(saved)}`);
  id = saved.remixletId;
});

describe('health recording', () => {
  it("records each sandbox as a visit, sends each log line to the visit on the page it names, and saves it when the sandbox ends", async () => {
    const a = rec(TAB_A, 'doc-a');
    const b = rec(TAB_B, 'doc-b');
    visitStarted(a, A);
    visitStarted(b, B);
    await domAnswered(a, A, [{ op: 'query', sel: '.promo' }], [{ ok: true, value: { h: 'h1', tag: 'div' } }]);
    await domAnswered(b, B, [{ op: 'query', sel: '.promo' }, { op: 'queryAll', sel: '.ad' }], [{ ok: true, value: null }, { ok: true, value: [] }]);
    observed(TAB_A, 'doc-a', id, 2);
    await appendLog(id, { at: Date.now(), level: 'refusal', message: 'PERMISSION_MISSING: storage', source: 'worker', url: B });
    await appendLog(id, { at: Date.now(), level: 'error', message: 'TypeError: p.hide is not a function', source: 'sandbox', url: A });
    await appendLog(id, { at: Date.now(), level: 'info', message: 'just saying', source: 'remixlet', url: A });

    const saved = saves(2);
    visitEnded(a.sandboxId);
    visitEnded(b.sandboxId);
    await saved;

    const { visits, foundOn } = await readHealth(id);
    const onA = visits.find((v) => v.visitId === a.sandboxId);
    const onB = visits.find((v) => v.visitId === b.sandboxId);
    // The page's address is kept without its query; item pages are one page.
    expect(onA).toMatchObject({ url: 'https://shop.test/cart', page: 'https://shop.test/cart', ran: true, found: ['.promo'], empty: [], observed: 2, errors: 1, refusals: 0 });
    expect(onA?.lastProblem).toBe('TypeError: p.hide is not a function');
    expect(onB).toMatchObject({ url: 'https://shop.test/item/42', page: 'https://shop.test/item/*', found: [], empty: ['.promo', '.ad'], observed: 0, errors: 0, refusals: 1 });
    expect(onB?.lastProblem).toBe('PERMISSION_MISSING: storage');
    expect(foundOn).toEqual(['https://shop.test/cart']);
    expect(JSON.stringify(visits)).not.toContain('s3cret');
  });

  it('a line naming no page a visit is on goes to the latest visit', async () => {
    const first = rec(TAB_A, 'doc-1');
    visitStarted(first, A);
    const later = rec(TAB_B, 'doc-2');
    visitStarted(later, B);
    await appendLog(id, { at: Date.now(), level: 'refusal', message: 'refused elsewhere', source: 'worker', url: 'https://shop.test/elsewhere' });
    const saved = saves(2);
    visitEnded(first.sandboxId);
    visitEnded(later.sandboxId);
    await saved;

    const { visits } = await readHealth(id);
    expect(visits.map((v) => [v.visitId, v.refusals, v.errors])).toEqual([
      [first.sandboxId, 0, 0],
      [later.sandboxId, 1, 0],
    ]);
  });

  it("a refusal of a call the last visit's sandbox made after its page reloaded counts on no visit; one of the live sandbox counts on its own", async () => {
    const before = rec(TAB_A, 'doc-1');
    visitStarted(before, A);
    const ended = saves(1);
    visitEnded(before.sandboxId);
    await ended;
    // The reload: a new visit on the same page, while the old sandbox's last call is refused.
    const after = rec(TAB_A, 'doc-2');
    visitStarted(after, A);
    await appendLog(id, { at: Date.now(), level: 'refusal', message: 'The page this sandbox was started for has gone away.', source: 'worker', url: A }, before.sandboxId);
    await appendLog(id, { at: Date.now(), level: 'refusal', message: 'PERMISSION_MISSING: storage', source: 'worker', url: A }, after.sandboxId);
    const saved = saves(1);
    visitEnded(after.sandboxId);
    await saved;

    const { visits } = await readHealth(id);
    expect(visits.map((v) => [v.visitId, v.refusals, v.lastProblem])).toEqual([
      [before.sandboxId, 0, undefined],
      [after.sandboxId, 1, 'PERMISSION_MISSING: storage'],
    ]);
  });

  it('a refusal that says the page went away while a call was on its way counts on no visit; any other refusal does', async () => {
    const visit = rec(TAB_A, 'doc-1');
    visitStarted(visit, A);
    for (const code of ['NO_PAGE_AGENT', 'TOKEN_STALE_DOCUMENT'] as const) {
      await appendLog(id, { at: Date.now(), level: 'refusal', message: 'The page stopped answering.', source: 'worker', url: A, refusal: { code, reason: 'The page stopped answering.' } }, visit.sandboxId);
    }
    await appendLog(id, { at: Date.now(), level: 'refusal', message: 'PERMISSION_MISSING: storage', source: 'worker', url: A, refusal: { code: 'PERMISSION_MISSING', reason: 'storage' } }, visit.sandboxId);
    const saved = saves(1);
    visitEnded(visit.sandboxId);
    await saved;
    const { visits } = await readHealth(id);
    expect(visits.map((v) => [v.refusals, v.lastProblem])).toEqual([[1, 'PERMISSION_MISSING: storage']]);
  });
});
