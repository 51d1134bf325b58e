// Context: shared by every policy check (worker, page agent, offscreen host, panel, Node tests). Trusts nothing.
// One verdict shape for all pure checks, so callers handle refusals the same way everywhere.
import type { Refusal, RefusalCode } from '../refusals';

/**
 * A refusal from a pure check. `line`/`column` (both 1-based) and `field`/`file` locate it for the
 * author; the same location is also written into `reason`, because a boundary that parses with the
 * `Refusal` schema keeps only `code`, `reason` and `op`.
 */
export interface PolicyRefusal extends Refusal {
  line?: number;
  column?: number;
  /** A manifest field path such as `permissions[1].name`. */
  field?: string;
  /** A remixlet file name such as `style.css`. */
  file?: string;
}

/** `{ ok: true, ...value }` or every refusal found (never just the first, so the assistant can fix them all at once). */
export type PolicyResult<T extends object = object> = ({ ok: true } & T) | { ok: false; refusals: PolicyRefusal[] };

export function passed<T extends object>(value: T): { ok: true } & T {
  return { ok: true, ...value };
}

export function failed(refusals: PolicyRefusal[]): { ok: false; refusals: PolicyRefusal[] } {
  return { ok: false, refusals };
}

export function refusal(code: RefusalCode, reason: string, where: Omit<PolicyRefusal, 'code' | 'reason'> = {}): PolicyRefusal {
  return { code, reason, ...where };
}

/** Quote untrusted text inside a reason: bounded, and with control characters made visible. */
export function quote(text: string, max = 120): string {
  // Control and line-separator characters are escaped so a crafted value cannot fake log lines.
  // eslint-disable-next-line no-control-regex
  const visible = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const cut = visible.length > max ? `${visible.slice(0, max)}…` : visible;
  return `"${cut.replace(/"/g, '\\"')}"`;
}
