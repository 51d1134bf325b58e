// Context: shared (pure). A remixlet's id, apart from the stored shapes (remixlet.ts) so that the page agent,
// which evaluates its contracts at document_start on every page, does not build schemas it never uses.
// Trusts nothing: every boundary parses ids with it.
import { z } from 'zod';

export const RemixletId = z.string().regex(/^[a-z0-9]{8,16}$/).describe('A remixlet id: lowercase letters and digits');
export type RemixletId = z.infer<typeof RemixletId>;
