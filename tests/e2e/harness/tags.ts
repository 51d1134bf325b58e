// Test harness (Node). Tags the Playwright config sorts tests by.

/** A test whose remixlets saturate the CPU on purpose: it runs alone, after the others (playwright.config.ts). */
export const SATURATES = '@saturates';
export const SATURATES_GREP = new RegExp(SATURATES);
