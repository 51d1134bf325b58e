// Context: shared by every context (pure, no chrome API). Trusts nothing: it only names refusals.
// Every refusal anywhere in Remixlet is one of these codes plus a sentence that says what to do.
import { z } from './zod-mini';

export const REFUSAL_CODES = [
  // boundary and transport
  'MALFORMED_MESSAGE',
  'UNEXPECTED_SENDER',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  // grant middleware (the four checks of "Checking every call")
  'TOKEN_INVALID',
  'TOKEN_STALE_DOCUMENT',
  'PAGE_NOT_MATCHED',
  'REMIXLET_PAUSED',
  'SITE_PAUSED',
  'REMIXLET_OFF',
  'PERMISSION_MISSING',
  'PERMISSION_NOT_APPROVED',
  // manifest and save-time checks
  'MANIFEST_INVALID',
  'FILE_TOO_LARGE',
  'SCRIPT_REMOTE_CODE',
  'SCRIPT_SYNTAX',
  'STYLE_LOAD_REFUSED',
  'STYLE_SYNTAX',
  'RULE_REFUSED',
  'SCHEDULE_REFUSED',
  'API_VERSION_UNSUPPORTED',
  // approvals and activation
  'APPROVAL_REQUIRED',
  'APPROVAL_INVALID',
  'APPROVAL_EXPIRED',
  'APPROVAL_USED',
  'APPROVAL_DIGEST_MISMATCH',
  'APPROVAL_TAB_LEFT_SITE',
  // page policy
  'HANDLE_GONE',
  'HANDLE_UNKNOWN',
  'SELECTOR_INVALID',
  'SELECTOR_TESTS_PASSWORD',
  'ELEMENT_REFUSED',
  'ATTRIBUTE_REFUSED',
  'ADDRESS_REFUSED',
  'STYLE_REFUSED',
  'PASSWORD_FIELD_LOCKED',
  'CLICK_REFUSED',
  'READ_TOO_LARGE',
  'TIMEOUT',
  'NO_PAGE_AGENT',
  'NOT_APPLICABLE',
  'HIERARCHY_REFUSED',
  'TOO_MANY',
  // the assistant (a chat bound to one tab and site; reads it never makes)
  'CHAT_STOPPED',
  'CHAT_OTHER_TAB',
  'READ_REFUSED',
  // ChatGPT sign-in (the one credential the worker keeps, sent only to OpenAI)
  'CHATGPT_SIGNED_OUT',
  'CHATGPT_SIGN_IN_FAILED',
  'CHATGPT_ADDRESS_REFUSED',
  // anything else
  'NOT_FOUND',
  'INTERNAL',
] as const;

export const RefusalCode = z.enum(REFUSAL_CODES);
export type RefusalCode = z.infer<typeof RefusalCode>;

export const Refusal = z.object({
  code: RefusalCode,
  reason: z.string(),
  op: z.optional(z.string()),
});
export type Refusal = z.infer<typeof Refusal>;

/** The error every context throws for a refusal; it crosses boundaries as {code, reason, op}. */
export class RemixletRefusal extends Error {
  readonly code: RefusalCode;
  readonly reason: string;
  readonly op: string | undefined;
  constructor(code: RefusalCode, reason: string, op?: string) {
    super(`${code}: ${reason}`);
    this.name = 'RemixletRefusal';
    this.code = code;
    this.reason = reason;
    this.op = op;
  }
  toJSON(): Refusal {
    return this.op === undefined ? { code: this.code, reason: this.reason } : { code: this.code, reason: this.reason, op: this.op };
  }
}

export function refuse(code: RefusalCode, reason: string, op?: string): never {
  throw new RemixletRefusal(code, reason, op);
}

/** A check's verdict without throwing: the pure policy functions return this. */
export type Verdict<T = void> = ({ ok: true } & (T extends void ? object : { value: T })) | { ok: false; refusal: Refusal };
