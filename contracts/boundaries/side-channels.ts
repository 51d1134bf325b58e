// Context: shared (pure), read only by the docs generator and the tests: nothing that runs in a context
// imports it, so the schemas it names keep their own small modules (the sandbox runtime's and the page
// agent's bundles stay as they are). Trusts nothing.
// The messages that cross a wall beside the four routers: how a sandbox is started and watched, how the page
// agent announces itself, and the network:observe recorder's relay. Each names the schema its receiver
// parses it with, and the file that does, so the generated boundaries reference lists every channel and a
// test can check that each is checked where it is received.
import type { z } from 'zod';
import { PageHello } from './worker-page-agent-core';
import { SandboxBoot, SandboxStart, Heartbeat, HeartbeatReply, RUNTIME_READY } from './sandbox-boot';
import { RecorderMessage, RecorderSettings, RecorderWindowMessage } from './recorder-worker';
import { RECORDER_WINDOW_TAG } from './recorder-tags';
import { PageEvent } from '../dom/ops';
import { STYLES_LANDED } from './style-gate';

export interface SideChannel {
  name: string;
  from: string;
  to: string;
  transport: string;
  /** The message's shape (its schema, by exported name), or the fixed value it is. */
  message: { schema: z.core.$ZodType; schemaName: string } | { constant: unknown };
  /**
   * Where it is received (a file relative to the repository root) and how it is checked there: with the
   * schema (`parse`), or by hand, reading only `key`, where the receiver loads no schema library or runs for
   * every message on a shared port (`why`).
   */
  received: { in: string; check: 'parse' } | { in: string; check: 'by hand'; key: string; why: string };
  description: string;
}

export const SIDE_CHANNELS: readonly SideChannel[] = [
  {
    name: 'page agent hello',
    from: 'page agent',
    to: 'worker',
    transport: "first message on the page agent's presence port (chrome.runtime.connect)",
    message: { schema: PageHello, schemaName: 'PageHello' },
    received: { in: 'worker/pages/pages.ts', check: 'parse' },
    description:
      "Sent before the rest of the page agent is built, so the worker can start what runs on this document. Trusted for the address and ready state only; tab, frame and document come from the browser-filled sender.",
  },
  {
    name: 'styles landed',
    from: 'worker',
    to: 'page agent',
    transport: "the answer to each hello on the page agent's presence port",
    message: { constant: STYLES_LANDED },
    received: { in: 'page-agent/main.ts', check: 'by hand', key: 'isStylesLanded', why: "a fixed value, compared (contracts/boundaries/style-gate.ts); the page agent's first lines load no schema library" },
    description:
      "Every style.css the worker inserts into this document is in (or there is none): the style gate that holds the page's first paint goes (page-agent/style-gate.ts). It can only let a page paint; the gate goes by itself after a bound.",
  },
  {
    name: 'sandbox boot',
    from: 'offscreen host',
    to: 'sandbox runtime',
    transport: "window.postMessage to the sandbox frame (as `{ boot }`), carrying the Comlink port and the events port",
    message: { schema: SandboxBoot, schemaName: 'SandboxBoot' },
    received: { in: 'sandbox/runtime/main.ts', check: 'parse' },
    description: "The remixlet script and the page it runs for; with `hold`, the script waits for the start message (its navigation has not committed yet); with `keepPlans`, the reads its keeps' checks made on an earlier load, sent ahead of their first run (contracts/boundaries/keep-plans.ts).",
  },
  {
    name: 'runtime ready',
    from: 'sandbox runtime, through the sandbox page',
    to: 'offscreen host',
    transport: 'window.postMessage from the sandbox frame',
    message: { constant: RUNTIME_READY },
    received: { in: 'offscreen/spares.ts', check: 'by hand', key: 'remixletRuntimeReady', why: 'a fixed value, compared' },
    description: 'The runtime has evaluated and can take its boot message (a spare sandbox waits here until a remixlet needs it).',
  },
  {
    name: 'sandbox start',
    from: 'offscreen host',
    to: 'sandbox runtime',
    transport: 'events port (MessageChannel handed over with the boot)',
    message: { schema: SandboxStart, schemaName: 'SandboxStart' },
    received: { in: 'sandbox/runtime/main.ts', check: 'parse' },
    description: "A held sandbox's document committed: its script runs now, with the page as it is at that moment.",
  },
  {
    name: 'page events',
    from: 'offscreen host (from the worker)',
    to: 'sandbox runtime',
    transport: 'events port',
    message: { schema: PageEvent, schemaName: 'PageEvent' },
    received: { in: 'sandbox/runtime/events.ts', check: 'parse' },
    description: "The events a remixlet's listeners, observers and keeps asked for, each as the page agent reported it.",
  },
  {
    name: 'heartbeat',
    from: 'offscreen host',
    to: 'sandbox runtime',
    transport: 'events port',
    message: { schema: Heartbeat, schemaName: 'Heartbeat' },
    received: { in: 'sandbox/runtime/heartbeat.ts', check: 'by hand', key: 'heartbeat', why: 'every message on the events port passes here' },
    description: "The watchdog asks whether the script still yields; a runtime that does not answer within the stall limit is stopped.",
  },
  {
    name: 'heartbeat reply',
    from: 'sandbox runtime',
    to: 'offscreen host',
    transport: 'events port',
    message: { schema: HeartbeatReply, schemaName: 'HeartbeatReply' },
    received: { in: 'offscreen/watchdog.ts', check: 'by hand', key: 'heartbeatReply', why: 'every message on the events port passes here, and a failed parse builds an error' },
    description: 'The number of the heartbeat answered.',
  },
  {
    name: 'recorder entries',
    from: 'network:observe recorder (page world)',
    to: 'network:observe relay (isolated world)',
    transport: "window.postMessage to the page's own origin",
    message: { schema: RecorderWindowMessage, schemaName: 'RecorderWindowMessage' },
    received: { in: 'page-agent/recorder/relay.ts', check: 'by hand', key: RECORDER_WINDOW_TAG, why: 'the relay bundles no schema library, and reads only the address; the worker parses each entry it is sent' },
    description: "One response the page received. The page's own scripts can read and forge these messages, so the relay passes on only entries from observed hosts, at a bounded rate.",
  },
  {
    name: 'recorder relay',
    from: "network:observe relay (isolated world)",
    to: 'worker',
    transport: 'chrome.runtime.sendMessage',
    message: { schema: RecorderMessage, schemaName: 'RecorderMessage' },
    received: { in: 'worker/services/observe.ts', check: 'parse' },
    description:
      "The relay's hello (answered with its settings) and batches of responses from observed hosts. The worker trusts only the browser-filled sender and parses each entry again as untrusted data: it comes from the page's world.",
  },
  {
    name: 'recorder settings',
    from: 'worker',
    to: 'network:observe relay (isolated world)',
    transport: "the answer to the relay's hello",
    message: { schema: RecorderSettings, schemaName: 'RecorderSettings' },
    received: { in: 'page-agent/recorder/relay.ts', check: 'by hand', key: 'hosts', why: 'the relay bundles no schema library' },
    description: 'The observed hosts on this page, computed from the approved manifests; they stay in the isolated world, and the recorder in the page world gets none.',
  },
];
