// One remixlet cannot stall the others: every message path from a sandbox is budgeted (offscreen/port-guard.ts).
// Remixlets flood by count and by bytes, through the Comlink endpoint they can steal and through the public
// API; each is torn down with a log line saying why, while two neighbours on the same page get an answer to
// every one of their calls. Two more wreck or record every port, listener and event member of their realm:
// the runtime's own messages still flow (their heartbeats are answered, their calls too) and no hook sees a
// port. How long the neighbours waited is bench/flood.bench.ts's question, not this test's.
import { test, expect } from '../harness';
import { API_BYTE_FLOOD, BYTE_FLOOD, HOOKS, HUGE_MESSAGE, NEIGHBOUR, PORT_FLOOD, WRECKER } from './probes';
import { expectLive, installOn, logMessages, waitForLog } from './kit';
import { SATURATES } from '../harness/tags';

/** Deadlines only a hang would miss: the floods saturate both cores of a small machine on purpose. */
const HANG_MS = 90_000;

test('a flooding remixlet is torn down with its reason, its neighbours answer every call, and no prototype it replaces reaches a port', { tag: SATURATES }, async ({ openPage, openExtensionPage, tabIdOf, evaluateInOffscreen }) => {
  test.setTimeout(360_000);
  const page = await openPage('news.test', '/index.html');
  const on = ['*://news.test/*'];
  const { panel, ids } = await installOn(page, tabIdOf, openExtensionPage, [
    { name: 'Neighbour one', matches: on, script: NEIGHBOUR },
    { name: 'Neighbour two', matches: on, script: NEIGHBOUR },
    { name: 'Count flood', matches: on, script: PORT_FLOOD },
    { name: 'Byte flood', matches: on, script: BYTE_FLOOD },
    { name: 'Huge message', matches: on, script: HUGE_MESSAGE },
    { name: 'API byte flood', matches: on, script: API_BYTE_FLOOD },
    { name: 'Wrecker', matches: on, script: WRECKER },
    { name: 'Hooks', matches: on, script: HOOKS },
  ]);
  const [one, two, count, bytes, huge, api, wrecker, hooks] = ids as [string, string, string, string, string, string, string, string];

  await waitForLog(panel, count, /sandbox ended: it sent more than 2000 messages in a second on its rpc port/, HANG_MS);
  for (const flooder of [bytes, huge, api]) await waitForLog(panel, flooder, /sandbox ended: it sent more than 64 MiB in a second/, HANG_MS);

  for (const neighbour of [one, two]) await waitForLog(panel, neighbour, /^neighbour answered 300 of 300$/, HANG_MS);
  await waitForLog(panel, wrecker, /^wrecker still answered at http:\/\/news\.test\//, HANG_MS);
  await waitForLog(panel, hooks, /^hooks caught 0 ports and 0 port events; the page is http:\/\/news\.test\//, HANG_MS);

  // The flooders are gone; everyone else still runs, and none of them was ended for anything.
  await expectLive(evaluateInOffscreen, [one, two, wrecker, hooks], HANG_MS);
  for (const survivor of [one, two, wrecker, hooks]) {
    expect((await logMessages(panel, survivor)).filter((l) => /sandbox ended/.test(l)), survivor).toEqual([]);
  }
});
