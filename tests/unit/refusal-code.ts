// Test helper (Node, vitest). Turns a call into the refusal it ended with, as refusalOf reads it from the
// thrown error, or NOT_REFUSED when the call went through. Trusts nothing it is given: tests assert on it.
import { refusalOf } from '../../contracts/trpc-errors';
import type { Refusal } from '../../contracts/refusals';

/** The refusal the call was refused with, or { code: 'NOT_REFUSED', reason: '' } when it was not refused. */
export async function refusal(p: Promise<unknown>): Promise<Refusal | { code: 'NOT_REFUSED'; reason: '' }> {
  try {
    await p;
  } catch (e) {
    return refusalOf(e);
  }
  return { code: 'NOT_REFUSED', reason: '' };
}

/** The code of the refusal the call was refused with, or 'NOT_REFUSED' when it was not refused. */
export async function refusalCode(p: Promise<unknown>): Promise<string> {
  return (await refusal(p)).code;
}
