// Issue 29 #6 and #7: what starting one sandbox costs each process, and which part of it is the frame, the
// runtime's worker, and the runtime. A page with three remixlets starts three sandboxes a load (the security
// architecture gives each remixlet its own sandbox for each page), and page-thread.bench.ts shows that their
// start, more than what the remixlets do, is what a load costs the browser beyond the page itself.
// The offscreen document loads sandbox frames one after another as createSandbox does (sandbox.html in an
// iframe with the sandbox attribute), waits for each runtime's first word (RUNTIME_READY), removes the frame,
// and pauses; every Chromium process's CPU (process-cpu.ts) is read around the lot and divided per frame (the
// page opened first is idle by then, so the other renderers' row is the sandbox frames' process).
// Three builds, each a copy of the build under test whose sandbox.js differs: the build as it is (frame,
// worker, runtime); a worker that only says it is ready (frame and worker); no worker, the frame saying it is
// ready itself (the frame alone). They run in turn, two rounds, so load on the machine falls on each alike.
// Prints figures; asserts nothing.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultDistDir, test } from '../tests/e2e/harness';
import { cpuSpent, processCpu } from './process-cpu';
import { keepsOnRealPage } from './real-page-remixlets';
import { sleep } from './kit';

const FRAMES = 24;
const PAUSE_MS = 150;
const ROUNDS = 2;

type Variant = 'frame, worker and runtime (the build)' | 'frame and an empty worker' | 'frame alone';

/** The build's sandbox.js with its runtime worker's source replaced (or, for the frame alone, the whole script). */
function sandboxScriptFor(variant: Variant, built: string): string {
  if (variant === 'frame, worker and runtime (the build)') return built;
  if (variant === 'frame alone') return 'window.parent.postMessage({ remixletRuntimeReady: true }, "*");\n';
  const inlined = /^\tvar jsContent = ".*";$/m;
  if (!inlined.test(built)) throw new Error("sandbox.js no longer inlines its worker as `var jsContent = \"…\";`: this bench's worker-only copy needs the new shape");
  return built.replace(inlined, '\tvar jsContent = "postMessage({ remixletRuntimeReady: true });";');
}

function buildFor(variant: Variant): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'remixlet-bench-sandbox-'));
  cpSync(defaultDistDir, dir, { recursive: true });
  const script = path.join(dir, 'sandbox', 'sandbox.js');
  writeFileSync(script, sandboxScriptFor(variant, readFileSync(script, 'utf8')));
  return dir;
}

const VARIANTS: Variant[] = ['frame, worker and runtime (the build)', 'frame and an empty worker', 'frame alone'];
const figures = new Map<Variant, Array<{ wallMs: number; cpu: Map<string, number> }>>();

/** Loads `n` sandbox frames in the offscreen document one after another; the mean wall time from adding one to its runtime's first word. */
const loadFrames = (n: number) => `(async () => {
  const url = chrome.runtime.getURL('sandbox/sandbox.html');
  let total = 0;
  for (let i = 0; i < ${n}; i++) {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    const ready = new Promise((resolve) => {
      const onMessage = (e) => {
        if (e.source !== frame.contentWindow || !e.data || e.data.remixletRuntimeReady !== true) return;
        removeEventListener('message', onMessage);
        resolve();
      };
      addEventListener('message', onMessage);
    });
    const t0 = performance.now();
    frame.src = url;
    document.body.append(frame);
    await ready;
    total += performance.now() - t0;
    frame.remove();
    await new Promise((resolve) => setTimeout(resolve, ${PAUSE_MS}));
  }
  return total / ${n};
})()`;

for (let round = 0; round < ROUNDS; round++) {
  for (const variant of VARIANTS) {
    test.describe(() => {
      // The copy is made for the test and removed after it.
      // eslint-disable-next-line no-empty-pattern
      test.use({ extensionPath: async ({}, use) => {
        const dir = buildFor(variant);
        await use(dir);
        rmSync(dir, { recursive: true, force: true });
      } });
      test(`sandbox frames started and removed: ${variant}, round ${round + 1}`, async ({ openPage, openExtensionPage, tabIdOf, evaluateInOffscreen }) => {
        test.setTimeout(300_000);
        // Remixlets installed and a page open, so the offscreen document is there, as it is when a page loads.
        await keepsOnRealPage({ openPage, openExtensionPage, tabIdOf }, 'nytimes-5');
        await sleep(3_000);
        await evaluateInOffscreen(loadFrames(4));
        const before = processCpu();
        const wallMs = await evaluateInOffscreen<number>(loadFrames(FRAMES));
        const after = processCpu();
        const cpu = new Map([...cpuSpent(before, after)].map(([kind, msec]) => [kind, msec / FRAMES]));
        figures.set(variant, [...(figures.get(variant) ?? []), { wallMs, cpu }]);
      });
    });
  }
}

test.afterAll(() => {
  if (figures.size !== VARIANTS.length) return;
  const kinds = [...new Set([...figures.values()].flat().flatMap((f) => [...f.cpu.keys()]))].filter((k) => k !== 'zygote');
  console.log(`One sandbox frame loaded until its runtime's first word, then removed (${FRAMES} in a row, ${PAUSE_MS} ms apart; ${ROUNDS} rounds of each build in turn): ms per frame, each round`);
  console.log(`  ${'build'.padEnd(40)} ${'wall'.padStart(14)}  ${kinds.join(' | ')} | CPU, all`);
  for (const [variant, runs] of figures) {
    const each = (pick: (r: (typeof runs)[number]) => number) => runs.map((r) => pick(r).toFixed(1)).join(' / ');
    const total = (r: (typeof runs)[number]) => [...r.cpu.values()].reduce((a, b) => a + b, 0);
    console.log(`  ${variant.padEnd(40)} ${each((r) => r.wallMs).padStart(14)}  ${kinds.map((k) => each((r) => r.cpu.get(k) ?? 0)).join(' | ')} | ${each(total)}`);
  }
});
