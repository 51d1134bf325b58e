// Context: background service worker. How many spare sandbox frames to ask the offscreen host to keep
// after a page took its sandboxes' frames (worker/pages/sandboxes.ts). Trusts the navigation events the browser
// sends; holds only timestamps per tab.
import { SPARE_POOL } from '../../contracts/boundaries/offscreen-worker';

/** A tab navigating again this soon after its last navigation is likely to go on doing so. */
export const QUICK_NAVIGATION_MS = 2_000;

const lastNavigation = new Map<number, number>();
const quickNavigation = new Map<number, boolean>();

/** A top-frame navigation of this tab started (`now` in ms, any monotonic clock). */
export function navigationNoted(tabId: number, now: number): void {
  quickNavigation.set(tabId, now - (lastNavigation.get(tabId) ?? -Infinity) < QUICK_NAVIGATION_MS);
  lastNavigation.set(tabId, now);
}

export function tabForgotten(tabId: number): void {
  lastNavigation.delete(tabId);
  quickNavigation.delete(tabId);
}

/**
 * Spare frames to keep: one more than the page needs, and as many again while its tab navigates quickly.
 * A frame's runtime takes 100–250 ms to be ready and spares load only once the page's sandboxes have
 * started and the page has loaded (offscreen/spares.ts), so a page that follows within a few hundred milliseconds finds the frames
 * loaded for it still evaluating; a pool two pages deep has ready ones, up to SPARE_POOL.quickNavigation (pages
 * with four scripts or more get less than two pages' worth). One page's need is met up to SPARE_POOL.max.
 */
export function sparesFor(tabId: number, scripts: number): number {
  const onePage = scripts + 1;
  const twoPages = quickNavigation.get(tabId) ? Math.min(2 * scripts + 1, SPARE_POOL.quickNavigation) : 0;
  return Math.min(Math.max(onePage, twoPages), SPARE_POOL.max);
}
