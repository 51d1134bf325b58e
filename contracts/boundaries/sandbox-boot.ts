// Context: shared (pure). What a sandbox's runtime itself reads at the sandbox → offscreen host boundary:
// its boot and start messages, the watchdog's heartbeat, and the host's shape. Apart from the host's call
// schemas (sandbox-offscreen.ts) because the runtime evaluates as little as it can: every sandbox evaluates
// it as it starts. Trusts nothing: the runtime parses what it receives with these.
import { z } from '../zod-mini';
import type { Refusal } from '../refusals';
import { BootKeepPlans } from './keep-plans';

/** What the offscreen host hands a sandbox when it starts: the script and the page it is for. */
export const SandboxBoot = z.strictObject({
  kind: z.literal('remixlet-boot'),
  script: z.string(),
  page: z.strictObject({ url: z.string(), title: z.string() }),
  apiVersion: z.int(),
  extensionVersion: z.string(),
  /** Set up everything, but run the script only at the start message (its navigation has not committed yet). */
  hold: z.optional(z.boolean()),
  /** The read plans this remixlet's keeps learned on an earlier load (keep-plans.ts). */
  keepPlans: z.optional(BootKeepPlans),
});
export type SandboxBoot = z.infer<typeof SandboxBoot>;

export { RUNTIME_READY } from './runtime-ready';

/** On the events port: a held sandbox's script may run now; the page as it is at that moment. */
export const SandboxStart = z.strictObject({ start: z.strictObject({ url: z.string(), title: z.string() }) });
export type SandboxStart = z.infer<typeof SandboxStart>;

/** Every host method answers instead of throwing, so a refusal keeps its code across Comlink. */
export type HostAnswer = { ok: true; value: unknown } | { ok: false; refusal: Refusal };
export type { SandboxHost } from './sandbox-offscreen';

/** The offscreen host's watchdog asks each sandbox's runtime, over its events port, whether it still yields. */
export const Heartbeat = z.strictObject({ heartbeat: z.int().check(z.minimum(0)) });
export const HeartbeatReply = z.strictObject({ heartbeatReply: z.int().check(z.minimum(0)) });
