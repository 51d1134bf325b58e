// Context: shared (pure). The sandbox → offscreen host boundary (Comlink over one MessageChannel port
// per sandbox, so a sandbox can only ever speak as itself: every sandbox's origin is "null").
// The offscreen host trusts nothing from a sandbox: it parses every argument with these schemas.
import { z } from 'zod';
import { DomBatch, OpResult, PageEvent } from '../dom/ops';
import { LogLevel, StorageCall } from './offscreen-worker';

export const sandboxHostSpec = {
  dom: { input: DomBatch, output: z.array(OpResult), description: 'Runs a dom batch on the page.' },
  log: {
    input: z.object({ level: LogLevel, message: z.string().max(4_000) }).strict(),
    output: z.object({ logged: z.boolean() }).strict(),
    description: "Writes to the remixlet's log.",
  },
  storage: { input: StorageCall, output: z.unknown(), description: 'Per-remixlet storage.' },
} as const;

/** What the offscreen host hands a sandbox when it starts: the script and the page it is for. */
export const SandboxBoot = z
  .object({
    kind: z.literal('remixlet-boot'),
    script: z.string(),
    page: z.object({ url: z.string(), title: z.string() }).strict(),
    apiVersion: z.number().int(),
    extensionVersion: z.string(),
  })
  .strict();
export type SandboxBoot = z.infer<typeof SandboxBoot>;

export const SandboxEvent = PageEvent;

/** Every host method answers instead of throwing, so a refusal keeps its code across Comlink. */
export type HostAnswer = { ok: true; value: unknown } | { ok: false; refusal: import('../refusals').Refusal };
export interface SandboxHost {
  dom(ops: unknown): Promise<HostAnswer>;
  log(entry: unknown): Promise<HostAnswer>;
  storage(call: unknown): Promise<HostAnswer>;
}
