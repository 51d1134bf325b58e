// Context: shared (pure). What the rmx services answer a sandbox: the remixlet runtime parses these, and
// only these, of the service schemas (it evaluates as little as it can: every sandbox evaluates it as it
// starts). Trusts nothing: whatever crosses is parsed with these.
import { z } from 'zod';
import { SERVICE_LIMITS } from './service-limits';

export const menuListener = (id: string): string => `rmx-menu:${id}`;

export const QueuedMessage = z.object({ schedule: z.string(), at: z.number(), data: z.unknown() }).strict();
export type QueuedMessage = z.infer<typeof QueuedMessage>;

export const FetchResult = z
  .object({
    status: z.number().int(),
    statusText: z.string(),
    ok: z.boolean(),
    url: z.string(),
    redirected: z.boolean(),
    headers: z.record(z.string(), z.string()),
    body: z.unknown(),
  })
  .strict();
export type FetchResult = z.infer<typeof FetchResult>;

/**
 * One response the page itself received, as the recorder in the page's main world reported it. That
 * world is the page's, so this is untrusted data: the worker parses it with this schema and checks its
 * host against the remixlet's permission before any sandbox sees it.
 */
export const ObservedResponse = z
  .object({
    via: z.enum(['fetch', 'xhr']),
    url: z.string().max(SERVICE_LIMITS.fetchUrlChars),
    method: z.string().max(20),
    status: z.number().int().min(0).max(999),
    contentType: z.string().max(200),
    body: z.string().max(SERVICE_LIMITS.observeBodyChars),
    truncated: z.boolean(),
    at: z.number(),
  })
  .strict();
export type ObservedResponse = z.infer<typeof ObservedResponse>;
