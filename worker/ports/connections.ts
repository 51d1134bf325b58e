// Context: background service worker. Every port is checked before tRPC sees it: the sender (filled in
// by the browser) decides the role, which is bound to the connection; a port from an unexpected sender
// is closed, and a message that is not a well-formed request gets a typed refusal.
import { z } from 'zod';
import { servePort, type ServedRouter } from '../../contracts/trpc-port-server';
import { classifySender } from './senders';
import { rootRouter } from './router';
import { pageAgentArrived } from '../pages/pages';
import { BENCH_BUILD, BENCH_MARKS } from '../../contracts/build-flags';
import { serveBench } from './bench-relay';
import { isCallOf, timeHopMessage } from '../../contracts/bench-hop-times';
import { benchMark } from '../../contracts/bench-marks';
import { offscreenSpec } from '../../contracts/boundaries/offscreen-worker';
import { uiSpec } from '../../contracts/boundaries/panel-worker';

const MAX_MALFORMED = 20;

const Envelope = z.object({
  trpc: z.object({
    id: z.union([z.string().max(100), z.number()]),
    jsonrpc: z.literal('2.0').optional(),
    method: z.enum(['query', 'mutation', 'subscription', 'subscription.stop']),
    params: z.object({ path: z.string().max(200), input: z.unknown() }).optional(),
  }),
});

const KINDS: Record<string, string> = Object.fromEntries([
  ...Object.entries(offscreenSpec).map(([name, proc]) => [`offscreen.${name}`, proc.kind]),
  ...Object.entries(uiSpec).map(([name, proc]) => [`ui.${name}`, proc.kind]),
]);

function wellFormed(message: unknown): boolean {
  const parsed = Envelope.safeParse(message);
  if (!parsed.success) return false;
  const { method, params } = parsed.data.trpc;
  if (method === 'subscription.stop') return true;
  return params !== undefined && KINDS[params.path] === method;
}

export interface RejectedPort {
  name: string;
  url: string | undefined;
  reason: string;
}
/** Kept for the harness and the log: which ports were refused and why (no payloads). */
export const rejectedPorts: RejectedPort[] = [];

export function listen(): void {
  chrome.runtime.onConnect.addListener((port) => {
    if (BENCH_BUILD && port.name === 'bench') {
      const asOffscreen = classifySender('offscreen', port.sender ?? {}, chrome.runtime.id);
      if (asOffscreen.ok) serveBench(port);
      else port.disconnect();
      return;
    }
    const verdict = classifySender(port.name, port.sender ?? {}, chrome.runtime.id);
    if (!verdict.ok) {
      rejectedPorts.push({ name: port.name.slice(0, 50), url: port.sender?.url?.slice(0, 200), reason: verdict.reason });
      if (rejectedPorts.length > 100) rejectedPorts.shift();
      port.disconnect();
      return;
    }
    if (verdict.role === 'page-agent') {
      pageAgentArrived(port);
      return;
    }
    let malformed = 0;
    // Served here, port by port: only envelopes that parse, name a known procedure and use that procedure's
    // own method reach the router (contracts/trpc-port-server.ts); the rest are answered with a refusal.
    const serve = servePort(port, { routerFor: () => rootRouter as unknown as ServedRouter, context: { role: verdict.role, sender: port.sender } });
    port.onMessage.addListener((message: unknown) => {
      if (wellFormed(message)) {
        if (BENCH_MARKS && isCallOf('offscreen.dom', message)) benchMark('w:dom-in');
        const served = serve(message);
        if (BENCH_BUILD) timeHopMessage('worker', 'offscreen.dom', message, served);
        return;
      }
      malformed += 1;
      const id = (message as { trpc?: { id?: unknown } } | null)?.trpc?.id;
      port.postMessage({
        trpc: {
          id: typeof id === 'string' || typeof id === 'number' ? id : null,
          error: { message: 'MALFORMED_MESSAGE', code: -32600, data: { refusal: { code: 'MALFORMED_MESSAGE', reason: 'Not a well-formed request.' } } },
        },
      });
      if (malformed > MAX_MALFORMED) port.disconnect();
    });
  });
}
