// Context: shared (pure). A schema for what a context answers, built where answers are parsed and never where
// they are only written: the page agent writes every dom answer and change report and parses none (the worker
// does), yet it evaluates the modules that declare them on every page a script remixlet runs on. Trusts
// nothing: it only defers building a schema; what parses is the schema itself, with its own messages.
import { z } from './zod-mini';

const declared: Array<{ _zod: unknown }> = [];
let built = 0;

/** `build()`'s schema, built the first time it parses, or when the context that parses it warms its answers. */
export function answerSchema<S extends z.core.$ZodType>(build: () => S): S {
  const lazy = z.lazy(() => {
    built++;
    return build();
  });
  declared.push(lazy);
  return lazy as unknown as S;
}

/**
 * Builds every answer schema declared so far: the worker, the offscreen document and each sandbox call it as
 * they start, so their first answer is parsed as fast as before (bench/HISTORY.md: a schema built on a
 * sandbox's first call put it on the path of its first change).
 */
export function warmAnswerSchemas(): void {
  for (const lazy of declared) void (lazy._zod as { innerType: unknown }).innerType;
}

/** How many answer schemas this context has built, of how many declared (tests/unit/contracts/zod-answer.test.ts). */
export const answerSchemasBuilt = (): { built: number; declared: number } => ({ built, declared: declared.length });
