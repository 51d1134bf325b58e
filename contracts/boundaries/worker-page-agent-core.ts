// Context: shared (pure). The worker → page agent boundary's own procedures (worker-page-agent.ts adds the
// agent's reads and clicks): a module of its own so the page agent builds these schemas at start and the
// agent's only when a chat first asks (page-agent/port-server.ts). On zod's mini build (contracts/zod-mini.ts):
// the page agent evaluates these on every page it runs on, and the classic build's schemas cost it twice the
// time and heap to build. The page agent trusts only what the worker tells it about a remixlet: nothing in a
// sandbox's payload names the remixlet, its sites or its hosts.
import { z } from '../zod-mini';
import { mutation, query, subscription } from '../rpc';
import { BatchAnswer, BatchNumber, PageEvent } from '../dom/ops';
import { WireBatch } from '../dom/runs';
import { RemixletId } from '../remixlet-id';
import { answerSchema } from '../zod-answer';

const ReadyState = z.enum(['loading', 'interactive', 'complete']);

/** What the worker, from its own records, tells the page agent about the remixlet a call is for. */
export const RemixletScope = z.strictObject({
  id: RemixletId,
  matches: z.array(z.string()),
  excludeMatches: z.array(z.string()),
  fetchHosts: z.array(z.string()),
  everySite: z.boolean(),
  /** The manifest's runAt: the page agent answers this remixlet's dom calls once the page is that ready. */
  runAt: z.optional(z.enum(['document_start', 'document_end', 'document_idle'])),
});
export type RemixletScope = z.infer<typeof RemixletScope>;

/** The page's address, title and ready state, as the page agent reads them (status answers the same). */
export const PageStatus = z.strictObject({ url: z.string(), title: z.string(), readyState: ReadyState });
export type PageStatus = z.infer<typeof PageStatus>;

/**
 * The first message on a page agent's presence port, sent before the rest of the page agent is built, so
 * the worker can start what runs on this document meanwhile. The worker trusts it as it trusts status:
 * for the address and ready state only; tab, frame and document come from the browser-filled sender.
 * `again`: this document's page agent announced itself before (the worker restarted since): changes made
 * meanwhile were reported to no one, so the worker has every keep there check again. Without it, no call has
 * reached this page agent yet, so no keep has read or watched anything a change could have passed by. A
 * wrong word could only cost a keep a change it should have checked after; the page agent is this extension's own.
 * `scripted`: a remixlet with a script matches this host (page-agent/scripted-marker.ts), so the page agent is
 * building its router now and the worker connects at once, ahead of the sandbox's first call; a wrong word only
 * moves when that port opens.
 */
export const PageHello = z.strictObject({ hello: PageStatus, again: z.optional(z.literal(true)), scripted: z.optional(z.literal(true)) });
export type PageHello = z.infer<typeof PageHello>;

/**
 * The change reports of one frame for several remixlets, joined into one message (page-agent/reports.ts);
 * the worker hands each remixlet's sandbox its own 'mutated' event.
 */
const mutatedMany = () =>
  z.strictObject({
    kind: z.literal('mutatedMany'),
    remixletIds: z.array(RemixletId).check(z.minLength(2), z.maxLength(1_000)),
    /** Those of remixletIds whose report is of their own changes only (a 'mutated' event's own). */
    own: z.optional(z.array(RemixletId).check(z.maxLength(1_000))),
    /** Each remixlet's 'mutated' before, in the order of remixletIds. */
    before: z.optional(z.array(BatchNumber).check(z.maxLength(1_000))),
  });
/** What the events stream carries: page events, and joined change reports. */
export const PageReport = answerSchema(() => z.union([PageEvent, mutatedMany()]));
export type PageReport = z.infer<typeof PageReport>;

export const pageAgentCoreSpec = {
  exec: mutation(
    z.strictObject({ remixlet: RemixletScope, ops: WireBatch }),
    BatchAnswer,
    "Runs a batch of dom operations for one remixlet under the page policy; one result per operation, and the batch's number among the remixlet's on this page.",
  ),
  insertStyle: mutation(
    z.strictObject({ remixletId: RemixletId, css: z.string().check(z.maxLength(200_000)) }),
    z.strictObject({ inserted: z.boolean() }),
    "Puts the `>>>` rules of a checked style.css into the shadow roots they name (the worker inserts the rest with chrome.scripting.insertCSS); css '' takes them out.",
  ),
  release: mutation(
    z.strictObject({ remixletId: RemixletId }),
    z.strictObject({ released: z.boolean() }),
    "Drops a remixlet's handles, listeners and observers on this page.",
  ),
  status: query(z.strictObject({}), PageStatus, 'The page address, title and ready state.'),
  events: subscription(
    z.strictObject({}),
    PageReport,
    "Page events, observations and lifecycle changes for the worker; one frame's change reports travel together.",
  ),
} as const;
export type PageAgentCoreSpec = typeof pageAgentCoreSpec;
