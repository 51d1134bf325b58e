// Test helper (Node, Playwright runner). A CDP session to one target that also collects the target's
// console and log entries, e.g. Chromium's "Refused to frame …" CSP reports, which the harness's
// TargetSession does not surface. Trusts nothing it reads: tests assert on it.
import type { BrowserContext, CDPSession } from '@playwright/test';
import type { TargetInfo } from '../harness';

export class WatchedTarget {
  readonly messages: string[] = [];
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  private constructor(private readonly browser: CDPSession, private readonly sessionId: string) {
    browser.on('Target.receivedMessageFromTarget', (e: { sessionId: string; message: string }) => {
      if (e.sessionId !== this.sessionId) return;
      const msg = JSON.parse(e.message) as { id?: number; method?: string; params?: Record<string, unknown>; result?: unknown; error?: { message: string } };
      if (msg.id !== undefined) {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (msg.error) p?.reject(new Error(msg.error.message));
        else p?.resolve(msg.result);
        return;
      }
      if (msg.method === 'Log.entryAdded') this.messages.push(String((msg.params?.entry as { text?: string })?.text ?? ''));
      if (msg.method === 'Runtime.consoleAPICalled') {
        const args = (msg.params?.args as Array<{ value?: unknown; description?: string }>) ?? [];
        this.messages.push(args.map((a) => String(a.value ?? a.description ?? '')).join(' '));
      }
      if (msg.method === 'Runtime.exceptionThrown') {
        const d = msg.params?.exceptionDetails as { exception?: { description?: string }; text?: string };
        this.messages.push(`exception: ${d?.exception?.description ?? d?.text ?? ''}`);
      }
    });
  }

  static async attach(context: BrowserContext, target: TargetInfo): Promise<WatchedTarget> {
    const browser = await context.browser()!.newBrowserCDPSession();
    const { sessionId } = await browser.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    const watched = new WatchedTarget(browser, sessionId);
    await watched.send('Log.enable');
    await watched.send('Runtime.enable');
    return watched;
  }

  send<T = unknown>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.browser.send('Target.sendMessageToTarget', { sessionId: this.sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
    });
  }

  async evaluate<T = unknown>(expression: string, opts: { userGesture?: boolean } = {}): Promise<T> {
    const r = await this.send<{ result: { value?: unknown }; exceptionDetails?: { text: string; exception?: { description?: string } } }>('Runtime.evaluate', {
      expression,
      awaitPromise: true,
      returnByValue: true,
      // DevTools may otherwise evaluate past the page's CSP; these tests are about that CSP.
      allowUnsafeEvalBlockedByCSP: false,
      userGesture: opts.userGesture ?? false,
    });
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
    return r.result.value as T;
  }

  async detach(): Promise<void> {
    await this.browser.send('Target.detachFromTarget', { sessionId: this.sessionId }).catch(() => undefined);
    await this.browser.detach().catch(() => undefined);
  }
}
