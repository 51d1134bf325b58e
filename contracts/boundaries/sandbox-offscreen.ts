// Context: shared (pure). The sandbox → offscreen host boundary (Comlink over one MessageChannel port
// per sandbox, so a sandbox can only ever speak as itself: every sandbox's origin is "null").
// The offscreen host trusts nothing from a sandbox: it parses every argument with these schemas.
import { z } from 'zod';
import { BatchAnswer, PageEvent } from '../dom/ops';
import { SandboxDomBatch } from '../dom/runs';
import type { Schema } from '../rpc';
import type { HostAnswer } from './sandbox-boot';
import { LogCall } from './service-calls';
import { KeepPlanCall } from './keep-plan-call';
import { serviceSpecs, type RmxServices, type ServiceName } from '../capabilities/rmx-services';

export * from './sandbox-boot';

interface HostMethodSpec<I extends Schema = Schema> {
  input: I;
  output: Schema;
  description: string;
}

/** One method per rmx service (contracts/capabilities/rmx-services.ts), beside the dom, log and keep-plan calls every sandbox makes. */
const serviceMethods = serviceSpecs((s): HostMethodSpec => ({ input: s.call, output: s.hostAnswer ?? s.answer, description: s.does })) as {
  [K in ServiceName]: HostMethodSpec<RmxServices[K]['call']>;
};

export const sandboxHostSpec = {
  dom: { input: SandboxDomBatch, output: BatchAnswer, description: 'Runs a dom batch on the page.' },
  log: {
    input: LogCall,
    output: z.object({ logged: z.boolean() }).strict(),
    description: "Writes to the remixlet's log.",
  },
  keepPlan: {
    input: KeepPlanCall,
    output: z.object({ kept: z.boolean() }).strict(),
    description: "Remembers a keep's read plan for this remixlet's next sandbox (contracts/boundaries/keep-plans.ts); answered by the host, never sent on.",
  },
  ...serviceMethods,
};

/** The host as the runtime reaches it over Comlink: every method takes what it is sent unchecked (the host parses it) and answers instead of throwing. */
export type SandboxHost = { [K in keyof typeof sandboxHostSpec]: (input: unknown) => Promise<HostAnswer> };

export const SandboxEvent = PageEvent;
