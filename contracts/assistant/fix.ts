// Context: shared (pure). What "Fix it" gives the chat about a remixlet that stopped working on its page:
// its current files, its health verdict on that page and its recent log there. The worker answers only for
// a remixlet that runs on the chat's page, with the log lines read_log would give (logged on the chat's site).
import { z } from 'zod';
import { Files, LogEntry, RemixletId } from '../remixlet';
import { HealthVerdict } from '../health';

/** Log lines the first request carries; the model can read more with read_log. */
export const FIX_LOG_LINES = 20;

export const FixContext = z
  .object({
    remixletId: RemixletId,
    name: z.string(),
    version: z.number().int(),
    files: Files,
    verdict: HealthVerdict,
    log: z.array(LogEntry).max(FIX_LOG_LINES),
  })
  .strict();
export type FixContext = z.infer<typeof FixContext>;
