// Context: shared (pure). What the rmx services answer a sandbox: the remixlet runtime parses these, and
// only these, of the service schemas (it evaluates as little as it can: every sandbox evaluates it as it
// starts). Trusts nothing: whatever crosses is parsed with these.
import { z } from '../zod-mini';
import { SERVICE_LIMITS } from './service-limits';

export const menuListener = (id: string): string => `rmx-menu:${id}`;

export const QueuedMessage = z.strictObject({ schedule: z.string(), at: z.number(), data: z.unknown() });
export type QueuedMessage = z.infer<typeof QueuedMessage>;

export const FetchResult = z.strictObject({
  status: z.int(),
  statusText: z.string(),
  ok: z.boolean(),
  url: z.string(),
  redirected: z.boolean(),
  headers: z.record(z.string(), z.string()),
  body: z.unknown(),
});
export type FetchResult = z.infer<typeof FetchResult>;

/**
 * One response the page itself received, as the recorder in the page's main world reported it. That
 * world is the page's, so this is untrusted data: the worker parses it with this schema and checks its
 * host against the remixlet's permission before any sandbox sees it.
 */
export const ObservedResponse = z.strictObject({
  via: z.enum(['fetch', 'xhr']),
  url: z.string().check(z.maxLength(SERVICE_LIMITS.fetchUrlChars)),
  method: z.string().check(z.maxLength(20)),
  status: z.int().check(z.minimum(0), z.maximum(999)),
  contentType: z.string().check(z.maxLength(200)),
  body: z.string().check(z.maxLength(SERVICE_LIMITS.observeBodyChars)),
  truncated: z.boolean(),
  at: z.number(),
});
export type ObservedResponse = z.infer<typeof ObservedResponse>;
