// Context: shared (pure). A remixlet's id, apart from the stored shapes (remixlet.ts) so that the page agent,
// which evaluates its contracts at document_start on every page, does not build schemas it never uses.
// Trusts nothing: every boundary parses ids with it. On zod's mini build (contracts/zod-mini.ts), which the page
// agent's eager schemas keep to; classic schemas embed it as it is.
import { z } from './zod-mini';

export const RemixletId = z
  .string()
  .check(z.regex(/^[a-z0-9]{8,16}$/))
  .register(z.globalRegistry, { description: 'A remixlet id: lowercase letters and digits' });
export type RemixletId = z.infer<typeof RemixletId>;
