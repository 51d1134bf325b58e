// The UI's `changes` subscription: it pushes once on subscribing and again after every change to stored
// remixlets or paused sites, whichever way it was made (a save, a restore, the popup's switch, archive,
// delete, a paused site), and not for a log line; only the UI role may subscribe.
import { freshWorker } from '../fresh-worker';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Observable } from '@trpc/server/observable';
import { rootRouter } from '../../../../worker/ports/router';
import { save, decide } from '../../../../worker/activation/activation';
import { requestRestore } from '../../../../worker/activation/restore';
import { appendLog } from '../../../../worker/store/logs';
import { refusalOf } from '../../../../contracts/trpc-errors';

const TAB = 4;
const files = (script: string) => ({
  'manifest.json': JSON.stringify({ name: 'Watched', description: 'd', matches: ['*://shop.test/*'], permissions: [] }),
  'script.js': script,
});

type UiCaller = {
  ui: {
    changes: (i: unknown) => Promise<Observable<unknown, unknown>>;
    setEnabled: (i: unknown) => Promise<unknown>;
    setArchived: (i: unknown) => Promise<unknown>;
    pauseSite: (i: unknown) => Promise<unknown>;
    remove: (i: unknown) => Promise<unknown>;
  };
};
const caller = (role: 'ui' | 'offscreen' | 'page-agent' | undefined) => rootRouter.createCaller({ role, sender: undefined }) as unknown as UiCaller;

/** Subscribes as the manager does and counts the pushes. */
async function watch() {
  const pushes: unknown[] = [];
  const sub = (await caller('ui').ui.changes({})).subscribe({ next: (v) => pushes.push(v) });
  return { count: () => pushes.length, pushes, stop: () => sub.unsubscribe() };
}

async function activate(remixletId: string | undefined, script: string): Promise<string> {
  const result = await save(TAB, remixletId, files(script));
  if (result.status !== 'activated') throw new Error(`setup: ${result.status}`);
  return result.remixletId;
}

beforeEach(async () => {
  await freshWorker(TAB, 'https://shop.test/');
});

describe('the changes subscription', () => {
  it('pushes once on subscribing, then after a save, a switch, archive, a restore, a paused site and a delete', async () => {
    const w = await watch();
    expect(w.pushes).toEqual([{}]);
    const ui = caller('ui').ui;
    const step = async (what: string, change: () => Promise<unknown>) => {
      const before = w.count();
      await change();
      expect(w.count(), what).toBeGreaterThan(before);
    };

    let id = '';
    await step('a new remixlet saved', async () => (id = await activate(undefined, 'rmx.log(1)')));
    await step('a new version saved', () => activate(id, 'rmx.log(2)'));
    await step('switched off', () => ui.setEnabled({ remixletId: id, enabled: false }));
    await step('archived', () => ui.setArchived({ remixletId: id, archived: true }));
    await step('unarchived', () => ui.setArchived({ remixletId: id, archived: false }));
    await step('version 1 restored', async () => {
      const pending = await requestRestore(id, 1);
      expect(await decide(pending.approvalId, true)).toMatchObject({ status: 'activated', version: 3 });
    });
    await step('site paused', () => ui.pauseSite({ site: 'shop.test', paused: true }));
    await step('site resumed', () => ui.pauseSite({ site: 'shop.test', paused: false }));
    await step('deleted', () => ui.remove({ remixletId: id }));
    w.stop();
  });

  it('is quiet for a log line, and stops once unsubscribed', async () => {
    const id = await activate(undefined, 'rmx.log(1)');
    const w = await watch();
    await appendLog(id, { at: Date.now(), level: 'info', message: 'a line', source: 'remixlet' });
    expect(w.count()).toBe(1);
    w.stop();
    await caller('ui').ui.setEnabled({ remixletId: id, enabled: false });
    expect(w.count()).toBe(1);
  });

  it('only the UI may subscribe', async () => {
    for (const role of ['offscreen', 'page-agent', undefined] as const) {
      let code = 'NOT_REFUSED';
      try {
        await caller(role).ui.changes({});
      } catch (e) {
        code = refusalOf(e).code;
      }
      expect(code, String(role)).toBe('UNEXPECTED_SENDER');
    }
  });
});
