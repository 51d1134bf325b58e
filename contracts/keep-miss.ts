// Context: shared (pure; no zod, so the remixlet runtime can import it small). The runtime's log line when
// an rmx.keep's repair did not hold several times in a row, which the worker counts as a keep miss in the
// remixlet's health (contracts/health.ts). One function writes it and one reads it, so the two cannot drift.
export function keepMissLine(name: string, failures: number, waitMs: number): string {
  return `rmx.keep("${name}"): the repair did not hold ${failures} times in a row; waiting ${waitMs} ms before checking again.`;
}

export const isKeepMissLine = (message: string): boolean => /^rmx\.keep\(".*"\): the repair did not hold \d+ times in a row;/s.test(message);

/**
 * Refusals that say a call's page went away while it was on its way (the person reloaded or left): they say
 * nothing of the remixlet, so its health does not count them and a keep does not log them as its own error.
 */
export const PAGE_GONE_CODES: ReadonlySet<string> = new Set(['NO_PAGE_AGENT', 'TOKEN_STALE_DOCUMENT']);
