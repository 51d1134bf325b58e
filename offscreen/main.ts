// Context: offscreen document (extension origin). Passes messages between sandboxes and the worker.
// Trusts the worker's port (the only one it opens); trusts nothing a sandbox sends.
import { lockFrameSource } from './frame-policy';
import { TEST_HOOKS } from '../contracts/build-flags';
import { connectToWorker, heldTokens, type WorkerConnection } from './worker-client';
import { createSandbox, deliverEvent, destroySandbox, liveSandboxIds, startHeldSandbox } from './sandboxes';
import { dropSpares, pageLoading, prewarm, spareCount } from './spares';
import { warmAnswerSchemas } from '../contracts/zod-answer';

// Answers are parsed here: their schemas are built now, at start, not on the first answer (contracts/zod-answer.ts).
warmAnswerSchemas();

lockFrameSource();

let current: WorkerConnection | undefined;
const worker = (): WorkerConnection => current!;

function connect(): void {
  current = connectToWorker();
  const connection = current;
  // After a worker restart, keep only the sandboxes whose tokens the worker still stands behind.
  const held = heldTokens();
  if (held.length) {
    void connection.reconcile(held.map(([, token]) => token)).then((keep) => {
      const kept = new Set(keep);
      for (const [sandboxId, token] of held) if (!kept.has(token)) destroySandbox(sandboxId);
    });
  }
  connection.commands(
    (cmd) => {
      if (cmd.type === 'create') createSandbox(cmd, worker);
      else if (cmd.type === 'destroy') destroySandbox(cmd.sandboxId);
      else if (cmd.type === 'prewarm') prewarm(cmd.count);
      else if (cmd.type === 'pageLoading') pageLoading(cmd.tabId, cmd.loading);
      else if (cmd.type === 'start') startHeldSandbox(cmd.sandboxId, cmd.page);
      else deliverEvent(cmd.sandboxId, cmd.event);
    },
    () => undefined,
  );
  connection.port.onDisconnect.addListener(() => setTimeout(connect, 50));
}
connect();

// For the harness and the scale benchmark: how many sandboxes are alive (ids only, no tokens). Test builds only.
if (TEST_HOOKS) Object.defineProperty(globalThis, 'remixletLiveSandboxes', { value: () => liveSandboxIds(), enumerable: false });
if (TEST_HOOKS) Object.defineProperty(globalThis, 'remixletSpareSandboxes', { value: () => spareCount(), enumerable: false });
if (TEST_HOOKS) Object.defineProperty(globalThis, 'remixletDropSpares', { value: () => dropSpares(), enumerable: false });
