import type { BrowserContext, CDPSession } from '@playwright/test';

/** Chrome DevTools Protocol `Target.TargetInfo` (the fields we use). */
export interface TargetInfo {
  targetId: string;
  /** `page`, `background_page` (Chromium 156 reports offscreen documents as this), `service_worker`, `other`, ... */
  type: string;
  url: string;
  title: string;
  attached: boolean;
}

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
}

/**
 * A CDP session to any target, including ones Playwright does not expose as a Page (the
 * extension's offscreen document). It rides on a browser-level CDP session.
 *
 * Why not `flatten: true`: with flattened sessions the child's messages must carry a top-level
 * `sessionId`, and Playwright's public CDPSession.send() has no way to set it. So this attaches
 * with `flatten: false` and tunnels commands through `Target.sendMessageToTarget` /
 * `Target.receivedMessageFromTarget` (deprecated in the protocol, still served by Chromium 156).
 */
export class TargetSession {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly onMessage = (e: { sessionId: string; message: string }): void => {
    if (e.sessionId !== this.sessionId) return;
    const msg = JSON.parse(e.message) as { id?: number; result?: unknown; error?: { message: string } };
    if (msg.id === undefined) return;
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (msg.error) p.reject(new Error(`CDP error: ${msg.error.message}`));
    else p.resolve(msg.result);
  };

  private constructor(
    private readonly browserSession: CDPSession,
    readonly target: TargetInfo,
    private readonly sessionId: string,
  ) {
    browserSession.on('Target.receivedMessageFromTarget', this.onMessage);
  }

  static async attach(context: BrowserContext, target: TargetInfo): Promise<TargetSession> {
    const browser = context.browser();
    if (!browser) throw new Error('context has no browser (not Chromium?)');
    const browserSession = await browser.newBrowserCDPSession();
    const { sessionId } = await browserSession.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    return new TargetSession(browserSession, target, sessionId);
  }

  send<T = unknown>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.browserSession
        .send('Target.sendMessageToTarget', { sessionId: this.sessionId, message: JSON.stringify({ id, method, params }) })
        .catch((err: unknown) => {
          this.pending.delete(id);
          reject(err instanceof Error ? err : new Error(String(err)));
        });
    });
  }

  /** `Runtime.evaluate` with `awaitPromise` and `returnByValue`; throws on a JS exception. */
  async evaluate<T = unknown>(expression: string): Promise<T> {
    const r = await this.send<{
      result: { value?: unknown; type: string; description?: string };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true, userGesture: false });
    if (r.exceptionDetails) {
      throw new Error(`evaluate in ${this.target.url} threw: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
    }
    return r.result.value as T;
  }

  async detach(): Promise<void> {
    this.browserSession.off('Target.receivedMessageFromTarget', this.onMessage);
    for (const p of this.pending.values()) p.reject(new Error('target session detached'));
    this.pending.clear();
    await this.browserSession.send('Target.detachFromTarget', { sessionId: this.sessionId }).catch(() => undefined);
    await this.browserSession.detach().catch(() => undefined);
  }
}

/** All CDP targets of the browser (pages, workers, offscreen documents, iframes' OOPIFs...). */
export async function listTargets(context: BrowserContext): Promise<TargetInfo[]> {
  const browser = context.browser();
  if (!browser) throw new Error('context has no browser (not Chromium?)');
  const session = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await session.send('Target.getTargets');
    return targetInfos as TargetInfo[];
  } finally {
    await session.detach().catch(() => undefined);
  }
}

export interface FindTargetOptions {
  /** Only targets under chrome-extension://<id>/. */
  extensionId?: string;
  /** How the URL (without query/hash) must end; default `offscreen.html`. */
  urlSuffix?: string;
  /** Wait up to this long for the target to appear; default 10 s. */
  timeout?: number;
}

/** Waits for the extension's offscreen document target (type `background_page`, `page` or `other`). */
export async function findOffscreenTarget(context: BrowserContext, opts: FindTargetOptions = {}): Promise<TargetInfo> {
  const suffix = opts.urlSuffix ?? 'offscreen.html';
  const deadline = Date.now() + (opts.timeout ?? 10_000);
  for (;;) {
    const targets = await listTargets(context);
    const hit = targets.find((t) => {
      if (!['background_page', 'page', 'other'].includes(t.type)) return false;
      if (!t.url.startsWith(opts.extensionId ? `chrome-extension://${opts.extensionId}/` : 'chrome-extension://')) return false;
      return t.url.split(/[?#]/)[0]?.endsWith(suffix) ?? false;
    });
    if (hit) return hit;
    if (Date.now() > deadline) {
      throw new Error(
        `no offscreen document (*${suffix}) among CDP targets:\n` + targets.map((t) => `  ${t.type} ${t.url}`).join('\n'),
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Evaluates `expression` (a JS expression string; promises are awaited, the value is returned
 * by JSON value) inside the extension's offscreen document.
 */
export async function evaluateInOffscreen<T = unknown>(
  context: BrowserContext,
  expression: string,
  opts: FindTargetOptions = {},
): Promise<T> {
  const target = await findOffscreenTarget(context, opts);
  const session = await TargetSession.attach(context, target);
  try {
    return await session.evaluate<T>(expression);
  } finally {
    await session.detach();
  }
}
