// Context: shared (pure). The offscreen host → worker boundary (tRPC over a chrome.runtime port).
// The worker trusts a call only after its grant middleware resolves the token the offscreen host attached;
// the token never enters a sandbox or a page.
import { z } from 'zod';
import { mutation, subscription, type ProcSpec } from '../rpc';
import { BatchAnswer, PageEvent } from '../dom/ops';
import { WireBatch } from '../dom/runs';
import { RemixletId } from '../remixlet';
import { LogCall } from './service-calls';
import { serviceSpecs, type RmxServices, type ServiceName } from '../capabilities/rmx-services';

export { LogLevel, StorageCall } from './service-calls';

export const SandboxToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/).describe('A sandbox capability token (256 bits)');
export const SandboxId = z.string().regex(/^s[0-9a-z]{8,24}$/);

const withToken = <S extends z.ZodRawShape>(shape: S) => z.object({ token: SandboxToken, ...shape }).strict();


/** The page a sandbox runs for, as its script sees it (rmx.page, location). */
export const SandboxPage = z.object({ url: z.string(), title: z.string() }).strict();

export const SandboxCreate = z
  .object({
    type: z.literal('create'),
    sandboxId: SandboxId,
    token: SandboxToken,
    remixletId: RemixletId,
    script: z.string(),
    page: SandboxPage,
    apiVersion: z.number().int(),
    extensionVersion: z.string().max(40),
    /**
     * The page's page agent is not there yet (the document just committed): the sandbox gets ready (frame,
     * runtime, APIs, script compiled) and waits for a `start` command before it runs the script, so the
     * script's first call is not also paying for the sandbox's start (bench/time-to-effect.bench.ts).
     */
    hold: z.boolean().optional(),
  })
  .strict();

/**
 * Spare sandbox frames (offscreen/spares.ts, worker/pages/spare-pool.ts). `max`: frames the offscreen host keeps
 * at most, enough for a page of up to 15 remixlets to find every one of its sandboxes loaded (bench/HISTORY.md
 * "#29 #6": 10 remixlets on a page 511 → 182 ms from DOMContentLoaded to the last change with 16 against 8).
 * `quickNavigation`: the most a tab navigating quickly gets beyond one page's need, since each costs a frame, a
 * worker and a runtime (about 4.7 MB) for up to 30 s.
 */
export const SPARE_POOL = { max: 16, quickNavigation: 8 } as const;

export const OffscreenCommand = z.discriminatedUnion('type', [
  SandboxCreate,
  z.object({ type: z.literal('destroy'), sandboxId: SandboxId, reason: z.string() }).strict(),
  z.object({ type: z.literal('event'), sandboxId: SandboxId, event: PageEvent }).strict(),
  // A held sandbox's page agent is there: run the script now.
  z.object({ type: z.literal('start'), sandboxId: SandboxId, page: SandboxPage }).strict(),
  // A page that will start this many sandboxes is loading: have frames ready (offscreen/spares.ts).
  z.object({ type: z.literal('prewarm'), count: z.number().int().min(1).max(SPARE_POOL.max) }).strict(),
  // A page that started sandboxes in this tab is loading, or done (its load event, or it went): frames wait for it.
  z.object({ type: z.literal('pageLoading'), tabId: z.number().int(), loading: z.boolean() }).strict(),
]);
export type OffscreenCommand = z.infer<typeof OffscreenCommand>;


type ServiceProcedure<K extends ServiceName> = ProcSpec<ReturnType<typeof withToken<{ call: RmxServices[K]['call'] }>>, RmxServices[K]['answer'], 'mutation'>;

/** One procedure per rmx service (contracts/capabilities/rmx-services.ts): its call under the sandbox's token. */
const serviceProcedures = serviceSpecs((s) => mutation(withToken({ call: s.call }), s.answer, s.worker)) as unknown as { [K in ServiceName]: ServiceProcedure<K> };

export const offscreenSpec = {
  commands: subscription(
    z.object({}).strict(),
    OffscreenCommand,
    'What the worker asks of the offscreen host: create, start or destroy a sandbox, deliver a page event, load sandbox frames ahead of need, and when a page is loading (frames wait for it).',
  ),
  dom: mutation(withToken({ ops: WireBatch }), BatchAnswer, "Forwards a sandbox's dom batch to its page agent."),
  log: mutation(
    withToken(LogCall.shape),
    z.object({ logged: z.boolean() }).strict(),
    "Writes a line to the remixlet's log; allowed while paused.",
  ),
  ...serviceProcedures,
  sandboxEnded: mutation(
    withToken({ reason: z.string().max(500) }),
    z.object({ ok: z.boolean() }).strict(),
    'The offscreen host reports a sandbox it tore down on its own (second document, crash).',
  ),
  reconcile: mutation(
    z.object({ tokens: z.array(SandboxToken).max(10_000) }).strict(),
    z.object({ keep: z.array(SandboxToken) }).strict(),
    'After a reconnect: which of the live sandboxes the worker still stands behind.',
  ),
} as const;
export type OffscreenSpec = typeof offscreenSpec;
