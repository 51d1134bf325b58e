// Context: shared (pure). The worker → page agent boundary (tRPC over a chrome.tabs.connect port that
// the worker opens to one document). The page agent trusts only what the worker tells it about a remixlet:
// nothing in a sandbox's payload names the remixlet, its sites or its hosts.
import { z } from 'zod';
import { mutation, query, subscription } from '../rpc';
import { DomBatch, OpResult, PageEvent } from '../dom/ops';
import { RemixletId } from '../remixlet';
import { agentPageSpec } from '../agent/page-boundary';

/** What the worker, from its own records, tells the page agent about the remixlet a call is for. */
export const RemixletScope = z
  .object({
    id: RemixletId,
    matches: z.array(z.string()),
    excludeMatches: z.array(z.string()),
    fetchHosts: z.array(z.string()),
    everySite: z.boolean(),
  })
  .strict();
export type RemixletScope = z.infer<typeof RemixletScope>;

export const pageAgentSpec = {
  exec: mutation(
    z.object({ remixlet: RemixletScope, ops: DomBatch }).strict(),
    z.array(OpResult),
    'Runs a batch of dom operations for one remixlet under the page policy; one result per operation.',
  ),
  insertStyle: mutation(
    z.object({ remixlet: RemixletScope, css: z.string().max(200_000) }).strict(),
    z.object({ inserted: z.boolean() }).strict(),
    'Inserts a checked style.css into the page.',
  ),
  release: mutation(
    z.object({ remixletId: RemixletId }).strict(),
    z.object({ released: z.boolean() }).strict(),
    "Drops a remixlet's handles, listeners and observers on this page.",
  ),
  status: query(
    z.object({}).strict(),
    z.object({ url: z.string(), title: z.string(), readyState: z.enum(['loading', 'interactive', 'complete']) }).strict(),
    'The page address, title and ready state.',
  ),
  events: subscription(z.object({}).strict(), PageEvent, 'Page events, observations and lifecycle changes for the worker.'),
  // The agent's reads and clicks: data in, data out; no procedure takes code.
  ...agentPageSpec,
} as const;
export type PageAgentSpec = typeof pageAgentSpec;
