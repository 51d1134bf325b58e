// Context: remixlet runtime (dedicated worker). The `rmx` global: runtime helpers and extension services;
// privileged calls are checked by the worker against the approved manifest, not here.
import { API_VERSION } from '../../contracts/api-version';
import { SERVICE_LIMITS } from '../../contracts/boundaries/service-limits';
import type { Bridge } from './bridge';
import type { EventRouter } from './events';
import { createKeep } from './keep';
import { createServices } from './services/index';
import type { Level } from './log-limit';
import type { BootKeepPlans } from '../../contracts/boundaries/keep-plans';
import type { DomOp } from '../../contracts/dom/ops';

export function formatLogArgs(args: unknown[]): string {
  return args
    .map((a) => {
      if (typeof a === 'string') return a;
      if (a instanceof Error) return `${a.name}: ${a.message}`;
      try {
        return JSON.stringify(a) ?? String(a);
      } catch {
        return String(a);
      }
    })
    .join(' ')
    // The longest line the offscreen host accepts: a longer one would be refused, and the line lost.
    .slice(0, SERVICE_LIMITS.logLineChars);
}

export interface RmxOptions {
  /** The runtime passes its rate-limited log (log-limit.ts); by default lines go straight to the bridge. */
  log?: (level: Level, message: string) => Promise<unknown>;
  timer?: (fn: () => void, ms: number) => unknown;
  /** The read plans this remixlet's keeps learned on an earlier load, from the boot message. */
  keepPlans?: BootKeepPlans;
}

/**
 * Keeps `page.title` the page's title as of its latest navigation: the page agent reports a single-page-app
 * navigation with its address only, so the title is read just after each one. A title the site sets later
 * without navigating shows at the next navigation (dom.title() reads it now). An answer for an earlier
 * navigation that arrives after a later one's is dropped; a refused read leaves the title as it was.
 */
function followTitle(bridge: Bridge, events: EventRouter, page: { title: string }): void {
  let navigations = 0;
  events.onChange((kind) => {
    if (kind !== 'navigated') return;
    const at = ++navigations;
    bridge.dom({ op: 'title' }).then(
      (title) => {
        if (at === navigations && typeof title === 'string') page.title = title;
      },
      () => undefined,
    );
  });
}

/** `page` is updated in place: the locked-down document's title reads the same object (lockdown.ts). */
export function createRmx(bridge: Bridge, events: EventRouter, page: { url: string; title: string }, nextFrame: (fn: () => void) => void, options: RmxOptions = {}) {
  followTitle(bridge, events, page);
  const log = options.log ?? ((level: Level, message: string) => bridge.call('log', { level, message }));
  const timer = options.timer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const quietLog = (level: Level, message: string) => log(level, message).catch(() => undefined);
  const keep = createKeep({
    events,
    watch: (scope) =>
      bridge.dom(scope === 'page' ? { op: 'watch' } : { op: 'watch', ...(scope.sels.length ? { sels: [...scope.sels] } : {}), ...(scope.hs.length ? { hs: [...scope.hs] } : {}) }),
    tap: (fn) => bridge.tap(fn),
    readAhead: (plan) => bridge.readAhead(plan),
    // The boot message's plans are shaped as the host kept them; sent ahead, the host parses them again as a dom batch.
    remembered: new Map((options.keepPlans ?? []).map(({ name, plan }) => [name, plan as readonly DomOp[]])),
    // Refused only if the runtime sent what the host's schema does not take: said in the log, the keep runs on.
    remember: (name, plan) =>
      void bridge.call('keepPlan', { name, plan }).catch((e: unknown) => quietLog('warn', `rmx.keep("${name}") could not remember its reads for the next load: ${formatLogArgs([e])}`)),
    answerFrom: (seen) => bridge.answerFrom(seen),
    dropAhead: (these) => bridge.dropAhead(these),
    changesSettled: () => bridge.changesSettled(),
    batchesFrom: () => bridge.batchesFrom(),
    log: quietLog,
    nextFrame,
    timer,
    now: () => Date.now(),
  });
  const rmx = {
    version: API_VERSION,
    get page() {
      return Object.freeze({ url: events.pageUrl, title: page.title });
    },
    log: (...args: unknown[]) => quietLog('info', formatLogArgs(args)),
    warn: (...args: unknown[]) => quietLog('warn', formatLogArgs(args)),
    error: (...args: unknown[]) => quietLog('error', formatLogArgs(args)),
    keep,
    ...createServices(bridge, events, (e) => void quietLog('error', `Uncaught ${formatLogArgs([e])}`)),
  };
  return Object.freeze(rmx);
}
