// Test harness (Node). Tags the Playwright config sorts tests by.

/** A test whose remixlets saturate the CPU on purpose: it runs alone, after the others (playwright.config.ts). */
export const SATURATES = '@saturates';
export const SATURATES_GREP = new RegExp(SATURATES);

/**
 * A test that spends most of its time idle, waiting on the browser's own clock (an alarm Chromium fires no
 * sooner than a minute after it was set). It runs in a lane of its own beside the others, so the minute it
 * waits is not a minute a CPU-bound worker stands still (playwright.config.ts).
 */
export const WAITS = '@waits';
export const WAITS_GREP = new RegExp(WAITS);
