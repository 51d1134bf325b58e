// Context: page agent. Numbers each remixlet's batches as the router receives them (contracts/dom/ops.ts
// BatchNumber): a change report names the number before which every change behind it was made, and a
// batch received after that reads a page that already holds them. Counted on arrival, before a batch waits
// for the page's readiness or runs, so a number can only make a report look later than it was, never earlier.
// Trusts nothing: it counts the worker's calls; nothing a sandbox sends sets a number.

const received = new Map<string, number>();

/** Counts a batch of this remixlet's as received, and gives its number. */
export function batchReceived(remixletId: string): number {
  const n = (received.get(remixletId) ?? 0) + 1;
  received.set(remixletId, n);
  return n;
}

/** The number this remixlet's next batch will have: every change made so far was made before it arrives. */
export function nextBatch(remixletId: string): number {
  return (received.get(remixletId) ?? 0) + 1;
}
