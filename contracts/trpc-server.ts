// Context: shared (pure, no chrome API). Builds a tRPC router from a boundary spec so that the
// procedures, their schemas and their order are declared once (in contracts/) and only implemented
// in the serving context. Middleware (role, token, grants) comes from the serving context's base procedure.
// Each input is parsed here, where it arrives; an answer is parsed where it arrives, by the caller's
// checkedClient (contracts/rpc.ts), so no message is parsed twice.
import { observable } from '@trpc/server/observable';
import type { BoundarySpec, HandlersOf, SubscriptionSource } from './rpc';

// tRPC's builder generics do not survive a mapped construction; the spec's types are what callers see.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyProcedureBuilder = any;

export function routerFromSpec<S extends BoundarySpec, Ctx>(
  t: { router: (procs: any) => unknown },
  spec: S,
  baseFor: (name: keyof S & string) => AnyProcedureBuilder,
  handlers: HandlersOf<S, Ctx>,
) {
  const procs: Record<string, unknown> = {};
  for (const [name, proc] of Object.entries(spec)) {
    const handler = (handlers as Record<string, (a: { input: unknown; ctx: Ctx }) => unknown>)[name]!;
    const base = baseFor(name as keyof S & string).input(proc.input);
    if (proc.kind === 'subscription') {
      procs[name] = base.subscription(({ input, ctx }: { input: unknown; ctx: Ctx }) =>
        observable<unknown>((emit) => {
          const source = handler({ input, ctx }) as SubscriptionSource<unknown>;
          return source(
            (value) => emit.next(value),
            (error) => emit.error(error),
          );
        }),
      );
    } else {
      procs[name] = proc.kind === 'query' ? base.query(handler) : base.mutation(handler);
    }
  }
  return t.router(procs);
}
