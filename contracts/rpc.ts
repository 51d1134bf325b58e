// Context: shared by every context (pure, no chrome API). Trusts nothing: every message that crosses a
// boundary is parsed with the schemas declared here where it arrives (a procedure's input by its server,
// its answer by its caller), so a boundary is declared exactly once and each message parsed once.
import { z } from 'zod';

export type ProcKind = 'query' | 'mutation' | 'subscription';

/** A schema of either zod build (classic, or mini for what every sandbox evaluates: contracts/zod-mini.ts); both parse through the same core. */
export type Schema<T = unknown> = z.core.$ZodType<T> & {
  parse(data: unknown): T;
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: z.core.$ZodError };
};

export interface ProcSpec<I extends Schema = Schema, O extends Schema = Schema, K extends ProcKind = ProcKind> {
  readonly kind: K;
  readonly input: I;
  readonly output: O;
  /** One sentence for the generated reference. */
  readonly description: string;
}

export type BoundarySpec = Readonly<Record<string, ProcSpec>>;

export const query = <I extends Schema, O extends Schema>(input: I, output: O, description: string): ProcSpec<I, O, 'query'> => ({
  kind: 'query',
  input,
  output,
  description,
});
export const mutation = <I extends Schema, O extends Schema>(input: I, output: O, description: string): ProcSpec<I, O, 'mutation'> => ({
  kind: 'mutation',
  input,
  output,
  description,
});
export const subscription = <I extends Schema, O extends Schema>(input: I, output: O, description: string): ProcSpec<I, O, 'subscription'> => ({
  kind: 'subscription',
  input,
  output,
  description,
});

export interface Subscriber<T> {
  onData(value: T): void;
  onError?(error: unknown): void;
  onStopped?(): void;
}

/** What a caller sees of a boundary: one typed function per procedure, validated on both ends. */
export type ClientOf<S extends BoundarySpec> = {
  [K in keyof S]: S[K] extends ProcSpec<infer I, infer O, 'subscription'>
    ? (input: z.input<I>, subscriber: Subscriber<z.output<O>>) => { unsubscribe(): void }
    : S[K] extends ProcSpec<infer I, infer O, ProcKind>
      ? (input: z.input<I>) => Promise<z.output<O>>
      : never;
};

/** The handlers a server implements: one per procedure, receiving the parsed input. */
export type HandlersOf<S extends BoundarySpec, Ctx> = {
  [K in keyof S]: S[K] extends ProcSpec<infer I, infer O, 'subscription'>
    ? (args: { input: z.output<I>; ctx: Ctx }) => SubscriptionSource<z.input<O>>
    : S[K] extends ProcSpec<infer I, infer O, ProcKind>
      ? (args: { input: z.output<I>; ctx: Ctx }) => Promise<z.input<O>> | z.input<O>
      : never;
};

/** A push source for a subscription, independent of the transport's observable type. */
export type SubscriptionSource<T> = (emit: (value: T) => void, fail: (error: unknown) => void) => () => void;

/** Minimal shape of the raw tRPC proxy client this wrapper validates around. */
type RawProc = {
  query?: (input: unknown, opts?: unknown) => Promise<unknown>;
  mutate?: (input: unknown, opts?: unknown) => Promise<unknown>;
  subscribe?: (
    input: unknown,
    opts: { onData: (v: unknown) => void; onError?: (e: unknown) => void; onStopped?: () => void; context?: unknown },
  ) => { unsubscribe(): void };
};

/**
 * Wraps a raw tRPC proxy client so that what arrives (an answer, a subscription's data) is parsed with the
 * boundary's schema. What leaves is not: the server parses it where it arrives, and a message is parsed
 * once, by its receiver (a parse before sending would be a second one that the receiver cannot rely on).
 */
export function checkedClient<S extends BoundarySpec>(spec: S, raw: unknown, context?: () => Record<string, unknown>): ClientOf<S> {
  const out: Record<string, unknown> = {};
  const rawProcs = raw as Record<string, RawProc>;
  for (const [name, proc] of Object.entries(spec)) {
    if (proc.kind === 'subscription') {
      out[name] = (input: unknown, subscriber: Subscriber<unknown>) => {
        return rawProcs[name]!.subscribe!(input, {
          onData: (value) => {
            const checked = proc.output.safeParse(value);
            if (checked.success) subscriber.onData(checked.data);
            else subscriber.onError?.(checked.error);
          },
          onError: (e) => subscriber.onError?.(e),
          onStopped: () => subscriber.onStopped?.(),
          ...(context ? { context: context() } : {}),
        });
      };
    } else {
      out[name] = async (input: unknown) => {
        const fn = proc.kind === 'query' ? rawProcs[name]!.query! : rawProcs[name]!.mutate!;
        const result = await fn(input, context ? { context: context() } : undefined);
        return proc.output.parse(result);
      };
    }
  }
  return out as ClientOf<S>;
}
