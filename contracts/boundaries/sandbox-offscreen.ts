// Context: shared (pure). The sandbox → offscreen host boundary (Comlink over one MessageChannel port
// per sandbox, so a sandbox can only ever speak as itself: every sandbox's origin is "null").
// The offscreen host trusts nothing from a sandbox: it parses every argument with these schemas.
import { z } from 'zod';
import { OpResult, PageEvent } from '../dom/ops';
import { WireBatch } from '../dom/runs';
import { ClipboardCall, FetchCall, FetchResult, LogLevel, MenuCall, NetworkObserveCall, NetworkStopCall, NotifyCall, QueuedMessage, ScheduleCall, StorageCall } from './service-calls';

export const sandboxHostSpec = {
  dom: { input: WireBatch, output: z.array(OpResult), description: 'Runs a dom batch on the page.' },
  log: {
    input: z.object({ level: LogLevel, message: z.string().max(4_000) }).strict(),
    output: z.object({ logged: z.boolean() }).strict(),
    description: "Writes to the remixlet's log.",
  },
  storage: { input: StorageCall, output: z.unknown(), description: 'Per-remixlet storage.' },
  clipboard: { input: ClipboardCall, output: z.null(), description: 'Writes text to the clipboard.' },
  notify: { input: NotifyCall, output: z.object({ shown: z.boolean() }).strict(), description: 'Shows a text notification.' },
  menu: { input: MenuCall, output: z.object({ ok: z.literal(true) }).strict(), description: 'Adds or removes a context-menu entry.' },
  schedule: { input: ScheduleCall, output: z.object({ ok: z.literal(true) }).strict(), description: 'Sets or cancels a scheduled fixed action.' },
  messages: { input: z.object({}).strict(), output: z.array(QueuedMessage), description: 'Takes the queued scheduled messages.' },
  fetch: { input: FetchCall, output: FetchResult, description: 'A request sent by the worker to an approved host.' },
  networkObserve: { input: NetworkObserveCall, output: z.object({ ok: z.literal(true) }).strict(), description: 'Observes what the page receives from a host.' },
  networkStop: { input: NetworkStopCall, output: z.object({ ok: z.literal(true) }).strict(), description: 'Stops a network observer.' },
} as const;

/** What the offscreen host hands a sandbox when it starts: the script and the page it is for. */
export const SandboxBoot = z
  .object({
    kind: z.literal('remixlet-boot'),
    script: z.string(),
    page: z.object({ url: z.string(), title: z.string() }).strict(),
    apiVersion: z.number().int(),
    extensionVersion: z.string(),
    /** Set up everything, but run the script only at the start message (the page's page agent is not there yet). */
    hold: z.boolean().optional(),
  })
  .strict();
export type SandboxBoot = z.infer<typeof SandboxBoot>;

/** On the events port: a held sandbox's script may run now; the page as it is at that moment. */
/** What a sandbox frame's runtime says, through the sandbox page, once it has evaluated and can take its boot message (offscreen/spares.ts). */
export const RUNTIME_READY = { remixletRuntimeReady: true } as const;

export const SandboxStart = z.object({ start: z.object({ url: z.string(), title: z.string() }).strict() }).strict();
export type SandboxStart = z.infer<typeof SandboxStart>;

export const SandboxEvent = PageEvent;

/** Every host method answers instead of throwing, so a refusal keeps its code across Comlink. */
export type HostAnswer = { ok: true; value: unknown } | { ok: false; refusal: import('../refusals').Refusal };
export interface SandboxHost {
  dom(ops: unknown): Promise<HostAnswer>;
  log(entry: unknown): Promise<HostAnswer>;
  storage(call: unknown): Promise<HostAnswer>;
  clipboard(call: unknown): Promise<HostAnswer>;
  notify(call: unknown): Promise<HostAnswer>;
  menu(call: unknown): Promise<HostAnswer>;
  schedule(call: unknown): Promise<HostAnswer>;
  messages(call: unknown): Promise<HostAnswer>;
  fetch(call: unknown): Promise<HostAnswer>;
  networkObserve(call: unknown): Promise<HostAnswer>;
  networkStop(call: unknown): Promise<HostAnswer>;
}

/** The offscreen host's watchdog asks each sandbox's runtime, over its events port, whether it still yields. */
export const Heartbeat = z.object({ heartbeat: z.number().int().min(0) }).strict();
export const HeartbeatReply = z.object({ heartbeatReply: z.number().int().min(0) }).strict();
