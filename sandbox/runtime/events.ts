// Context: remixlet runtime (dedicated worker). Receives page events on the sandbox's own events port
// (parsed: the port is only as trustworthy as the offscreen host) and hands them to the remixlet's handlers.
import { PageEvent, type Handle } from '../../contracts/dom/ops';
import type { SealedPort } from './sealed-port';

const hasOwn = Object.hasOwn;

export interface PageEventCopy {
  type: string;
  key?: string;
  value?: string;
  target?: Handle;
  clientX?: number;
  clientY?: number;
}

export class EventRouter {
  private readonly events = new Map<string, (e: PageEventCopy) => void>();
  private readonly observers = new Map<string, (handles: Handle[]) => void>();
  private readonly changeListeners = new Set<(kind: 'mutated' | 'navigated', own?: boolean, before?: number) => void>();
  private readonly newsListeners = new Set<() => void>();
  pageUrl: string;

  constructor(port: SealedPort, initialUrl: string, private readonly onHandlerError: (e: unknown) => void) {
    this.pageUrl = initialUrl;
    port.listen((data) => {
      // Heartbeats share this port: only a message with a kind is parsed (a failed parse builds an error).
      if (typeof data !== 'object' || data === null || !hasOwn(data, 'kind')) return;
      const parsed = PageEvent.safeParse(data);
      if (parsed.success) this.dispatch(parsed.data);
    });
  }

  private guard(fn: () => void): void {
    try {
      fn();
    } catch (e) {
      this.onHandlerError(e);
    }
  }

  private dispatch(event: PageEvent): void {
    // A change report wakes only rmx.keep; anything else can reach remixlet code, which may act on it.
    if (event.kind !== 'mutated' && event.kind !== 'lifecycle') for (const fn of this.newsListeners) this.guard(fn);
    switch (event.kind) {
      case 'event': {
        const handler = this.events.get(event.listener);
        if (handler) this.guard(() => handler(event.event));
        break;
      }
      case 'observed': {
        const handler = this.observers.get(event.observer);
        if (handler) this.guard(() => handler(event.handles));
        break;
      }
      case 'navigated':
        this.pageUrl = event.url;
        for (const fn of this.changeListeners) this.guard(() => fn('navigated'));
        break;
      case 'observerEnded':
        // The page agent stopped it (the worker logged why): nothing more will come for this handler.
        this.observers.delete(event.observer);
        break;
      case 'mutated':
        for (const fn of this.changeListeners) this.guard(() => fn('mutated', event.own === true, event.before));
        break;
      case 'lifecycle':
        break;
    }
  }

  onEvent(listener: string, fn: (e: PageEventCopy) => void): void {
    this.events.set(listener, fn);
  }
  offEvent(listener: string): void {
    this.events.delete(listener);
  }
  onObserved(observer: string, fn: (handles: Handle[]) => void): void {
    this.observers.set(observer, fn);
  }
  offObserved(observer: string): void {
    this.observers.delete(observer);
  }
  /** Hears every event that remixlet code can hear of (all but change reports), before that code does. */
  onNews(fn: () => void): () => void {
    this.newsListeners.add(fn);
    return () => this.newsListeners.delete(fn);
  }
  /** `own`: a change report of this remixlet's own changes only; `before`: they were all made before its batch of that number (PageEvent 'mutated'). */
  onChange(fn: (kind: 'mutated' | 'navigated', own?: boolean, before?: number) => void): () => void {
    this.changeListeners.add(fn);
    return () => this.changeListeners.delete(fn);
  }
}
