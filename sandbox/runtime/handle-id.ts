// Context: remixlet runtime (dedicated worker). The handle id in an answer that names one element
// ({ h, tag }), read where the runtime needs it (handle.ts, keep-scope.ts, read-ahead.ts). Trusts nothing:
// anything else names no element.

export function handleIdOf(v: unknown): string | undefined {
  const h = (v as { h?: unknown } | null)?.h;
  return typeof h === 'string' ? h : undefined;
}
