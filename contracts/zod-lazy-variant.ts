// Context: shared (pure). A discriminated union's option built on first use: the page agent evaluates the dom
// op schemas on every page it runs on, and each sandbox as it starts, yet a page's remixlets use a handful of
// the forty ops (bench/HISTORY.md, twenty-fourth session). Trusts nothing: it only defers building a schema;
// what parses is the schema itself, with its own messages.
import { z } from './zod-mini';

/**
 * `build()`'s schema, built the first time a value is parsed with it. A discriminated union reads only what an
 * option's discriminator `key` may be (`value`) to route to it, which this says without building it; every
 * other use (a parse, a JSON schema) builds it then.
 */
export function lazyVariant<S extends z.core.$ZodType>(key: string, value: string, build: () => S): S {
  const lazy = z.lazy(build);
  // zod's lazy reads each of these from the built schema; an object schema has no optin, optout or pattern.
  const known = lazy._zod as unknown as Record<string, unknown>;
  known.propValues = { [key]: new Set([value]) };
  known.optin = undefined;
  known.optout = undefined;
  known.pattern = undefined;
  return lazy as unknown as S;
}
