// Types for the plain-JS plugin next to this file, so TypeScript tests can import it.
import type { ESLint, Rule } from 'eslint';

declare const plugin: ESLint.Plugin & {
  rules: {
    'no-secret-leak': Rule.RuleModule;
    'no-top-level-globals': Rule.RuleModule;
  };
};
export default plugin;

/** Splits `sandboxToken`, `OPENAI_API_KEY`, `x-goog-api-key` into lower-case words. */
export declare function words(name: string): string[];
/** The kind of secret a name holds ('API key', 'sign-in token', 'sandbox capability token', ...), or null. */
export declare function secretKind(name: string): string | null;
/** True for names that refer to a provider API key (`apiKey`, `x-api-key`, `providerKey`, `openaiKey`). */
export declare function isProviderKeyName(name: string): boolean;
/** True when a name says it is the ChatGPT sign-in token. */
export declare function isSignInTokenName(name: string, extra?: RegExp | null): boolean;
/** The top-level folder of a linted file (`worker`, `page-agent`, ...), or null. */
export declare function contextOf(filename: string, cwd?: string): string | null;
