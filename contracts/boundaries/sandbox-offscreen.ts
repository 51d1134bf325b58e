// Context: shared (pure). The sandbox → offscreen host boundary (Comlink over one MessageChannel port
// per sandbox, so a sandbox can only ever speak as itself: every sandbox's origin is "null").
// The offscreen host trusts nothing from a sandbox: it parses every argument with these schemas.
import { z } from 'zod';
import { OpResult, PageEvent } from '../dom/ops';
import { WireBatch } from '../dom/runs';
import { ClipboardCall, FetchCall, FetchResult, LogCall, MenuCall, NetworkObserveCall, NetworkStopCall, NotifyCall, QueuedMessage, ScheduleCall, StorageCall } from './service-calls';

export * from './sandbox-boot';

export const sandboxHostSpec = {
  dom: { input: WireBatch, output: z.array(OpResult), description: 'Runs a dom batch on the page.' },
  log: {
    input: LogCall,
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

export const SandboxEvent = PageEvent;
