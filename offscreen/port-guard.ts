// Context: offscreen document. Every message a sandbox sends reaches this document through one of its two
// ports (rpc, events), and each port is read only through a guard from here. Trusts nothing a port carries.
// A message is counted before its data is read (reading it is what deserializes it), against its port's
// budget and its sandbox's; past either, the sandbox is reported once as flooding and every one of its ports
// is closed at once, which drops what is still queued, so a flood costs its neighbours the moment it took to
// notice and not the backlog. Bytes are counted on what was read, so a few huge messages trip it too.
import { RateWindow } from '../contracts/rate-window';
import { sizeWithin } from '../contracts/message-size';
import { BENCH_BUILD } from '../contracts/build-flags';

/** Well above what the runtime ever sends (it paces itself to 200 calls a second); only a hijacked endpoint gets here. */
export const FLOOD_MESSAGES_PER_SECOND = 2_000;

/** Per port, messages a second. The events port carries one heartbeat answer a second (and benchmark pings in bench builds). */
export const PORT_BUDGETS = {
  rpc: FLOOD_MESSAGES_PER_SECOND,
  events: BENCH_BUILD ? FLOOD_MESSAGES_PER_SECOND : 20,
} as const;
export type PortName = keyof typeof PORT_BUDGETS;

/** Per sandbox, over all its ports: messages and bytes a second. A dom batch the page agent would take stays far below the bytes. */
export const SANDBOX_BUDGET = { messagesPerSecond: FLOOD_MESSAGES_PER_SECOND, bytesPerSecond: 64 * 1024 * 1024 } as const;

export interface GuardedPort {
  /** Each admitted message's data and ports, in order. */
  listen(fn: (data: unknown, ports: readonly MessagePort[]) => void): () => void;
  post(message: unknown, transfer?: Transferable[]): void;
}

/** The budgets of one sandbox's ports. `onFlood` is called once, with why, after every port is closed. */
export class SandboxBudget {
  readonly #messages: RateWindow;
  readonly #bytes: RateWindow;
  readonly #ports: MessagePort[] = [];
  readonly #onFlood: (reason: string) => void;
  readonly #now: () => number;
  #flooded = false;

  constructor(onFlood: (reason: string) => void, now: () => number = Date.now) {
    this.#onFlood = onFlood;
    this.#now = now;
    this.#messages = new RateWindow(SANDBOX_BUDGET.messagesPerSecond, now);
    this.#bytes = new RateWindow(SANDBOX_BUDGET.bytesPerSecond, now);
  }

  get flooded(): boolean {
    return this.#flooded;
  }

  guard(port: MessagePort, name: PortName): GuardedPort {
    this.#ports.push(port);
    const count = new RateWindow(PORT_BUDGETS[name], this.#now);
    const listeners: Array<(data: unknown, ports: readonly MessagePort[]) => void> = [];
    port.addEventListener('message', (ev: MessageEvent) => {
      if (this.#flooded) return;
      if (!count.count()) return this.#flood(`it sent more than ${PORT_BUDGETS[name]} messages in a second on its ${name} port`);
      if (!this.#messages.count()) return this.#flood(`it sent more than ${SANDBOX_BUDGET.messagesPerSecond} messages in a second`);
      const data: unknown = ev.data;
      const left = SANDBOX_BUDGET.bytesPerSecond;
      if (!this.#bytes.count(sizeWithin(data, left))) return this.#flood(`it sent more than ${left / (1024 * 1024)} MiB in a second`);
      const ports = ev.ports;
      for (const fn of [...listeners]) fn(data, ports);
    });
    port.start();
    return {
      listen(fn) {
        listeners.push(fn);
        return () => {
          const i = listeners.indexOf(fn);
          if (i >= 0) listeners.splice(i, 1);
        };
      },
      post: (message, transfer) => {
        if (!this.#flooded) port.postMessage(message, transfer ?? []);
      },
    };
  }

  #flood(reason: string): void {
    this.#flooded = true;
    for (const port of this.#ports) port.close();
    this.#onFlood(reason);
  }
}
