// Context: shared (pure). How a refusal crosses a tRPC boundary and is read back on the other side:
// the server's error formatter puts {code, reason, op} in the error's data; the client reads it out.
import { z } from './zod-mini';
import { RemixletRefusal, type Refusal } from './refusals';

interface ShapeLike {
  message: string;
  data: Record<string, unknown>;
}

export function refusalOf(error: unknown): Refusal {
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  if (error instanceof RemixletRefusal) return error.toJSON();
  if (cause instanceof RemixletRefusal) return cause.toJSON();
  // Either zod build's error (contracts/zod-mini.ts): both are the core's.
  if (cause instanceof z.core.$ZodError || error instanceof z.core.$ZodError) {
    const zerr = (cause instanceof z.core.$ZodError ? cause : error) as z.core.$ZodError;
    const first = zerr.issues[0];
    const where = first && first.path.length ? first.path.join('.') : 'message';
    return { code: 'MALFORMED_MESSAGE', reason: `Malformed ${where}: ${first?.message ?? 'invalid'}` };
  }
  const data = (error as { data?: { refusal?: Refusal } } | undefined)?.data;
  if (data?.refusal) return data.refusal;
  const shapeData = (error as { shape?: { data?: { refusal?: Refusal } } } | undefined)?.shape?.data;
  if (shapeData?.refusal) return shapeData.refusal;
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'INTERNAL', reason: message.slice(0, 500) };
}

/** tRPC errorFormatter: every error leaves the server as a typed refusal. */
export function formatRefusal<S extends ShapeLike>({ shape, error }: { shape: S; error: unknown }): S {
  const refusal = refusalOf(error);
  return { ...shape, message: `${refusal.code}: ${refusal.reason}`, data: { ...shape.data, stack: undefined, refusal } };
}

/** On the calling side: turn whatever a boundary threw back into a RemixletRefusal. */
export function asRefusal(error: unknown): RemixletRefusal {
  if (error instanceof RemixletRefusal) return error;
  const r = refusalOf(error);
  return new RemixletRefusal(r.code, r.reason, r.op);
}
