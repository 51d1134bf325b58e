// Context: side panel. A tool that asked for a card or a dialog waits here for the person's click in
// this panel; the outcome it returns to the model is what the worker answered to that click. The model
// cannot reach this: only ApprovalCard's buttons call `decided`.
export type DecisionOutcome =
  | { status: 'allowed' }
  | { status: 'declined' }
  | { status: 'activated'; remixletId: string; version: number }
  | { status: 'refused'; refusals: unknown[] }
  | { status: 'needs-approval' }
  | { status: 'gone'; reason: string };

const waiting = new Map<string, (o: DecisionOutcome) => void>();

export function awaitDecision(approvalId: string, signal?: AbortSignal): Promise<DecisionOutcome> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    waiting.set(approvalId, resolve);
    signal?.addEventListener('abort', () => {
      waiting.delete(approvalId);
      reject(signal.reason);
    });
  });
}

const inFlight = new Set<string>();

/** The person clicked; the worker's answer is on its way (the approval may leave the pending list first). */
export function deciding(approvalId: string): void {
  inFlight.add(approvalId);
}

export function decided(approvalId: string, outcome: DecisionOutcome): void {
  inFlight.delete(approvalId);
  waiting.get(approvalId)?.(outcome);
  waiting.delete(approvalId);
}

const seen = new Set<string>();

/** The worker's pending list: an approval it listed before and lists no more expired or was dropped. */
export function stillPending(ids: ReadonlySet<string>): void {
  for (const id of ids) seen.add(id);
  for (const id of [...waiting.keys()]) {
    if (seen.has(id) && !ids.has(id) && !inFlight.has(id)) decided(id, { status: 'gone', reason: 'The card is gone: it expired or the tab left the site.' });
  }
}

export function isWaiting(approvalId: string): boolean {
  return waiting.has(approvalId);
}
