// Context: page agent. Event listeners, observers and change watches a remixlet set up on this page, and
// the stream that carries what they see to the worker. All of a remixlet's are removed with its sandbox
// (the release procedure), and so are its pending waits and the stylesheets it added.
// Trusts nothing from the sandbox: every id it names is looked up under its own remixlet.
import type { PageEvent } from '../contracts/dom/ops';

type Emit = (event: PageEvent) => void;

export class Subscriptions {
  private readonly cleanups = new Map<string, Map<string, () => void>>();
  private readonly sinks = new Set<Emit>();
  private counter = 0;

  nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter.toString(36)}`;
  }

  add(remixletId: string, id: string, cleanup: () => void): void {
    let m = this.cleanups.get(remixletId);
    if (!m) {
      m = new Map();
      this.cleanups.set(remixletId, m);
    }
    m.set(id, cleanup);
  }

  remove(remixletId: string, id: string): boolean {
    const cleanup = this.cleanups.get(remixletId)?.get(id);
    if (!cleanup) return false;
    this.cleanups.get(remixletId)!.delete(id);
    cleanup();
    return true;
  }

  has(remixletId: string, id: string): boolean {
    return this.cleanups.get(remixletId)?.has(id) ?? false;
  }

  removeAll(remixletId: string): void {
    const mine = this.cleanups.get(remixletId);
    this.cleanups.delete(remixletId);
    for (const cleanup of mine?.values() ?? []) {
      try {
        cleanup();
      } catch {
        // One failing cleanup must not keep the others (listeners, observers) alive.
      }
    }
  }

  countFor(remixletId: string, prefix: string): number {
    let n = 0;
    for (const id of this.cleanups.get(remixletId)?.keys() ?? []) if (id.startsWith(prefix)) n += 1;
    return n;
  }

  /** How many remixlets hold a subscription with this id (each keep's change watch is 'watch'). */
  holders(id: string): number {
    let n = 0;
    for (const m of this.cleanups.values()) if (m.has(id)) n += 1;
    return n;
  }

  count(): number {
    let n = 0;
    for (const m of this.cleanups.values()) n += m.size;
    return n;
  }

  emit(event: PageEvent): void {
    for (const sink of this.sinks) sink(event);
  }

  sink(fn: Emit): () => void {
    this.sinks.add(fn);
    return () => this.sinks.delete(fn);
  }
}

export const subscriptions = new Subscriptions();
