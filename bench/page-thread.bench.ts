// Issue 29 #7 and issue 26 #5, broken down: where the page's own main thread goes while a real page loads with
// no remixlet, with style.css alone, with the three keep-based remixlets (real-page-remixlets.ts), and with
// one userscript making the same three effects (the floor: what the effects cost a page at all), in
// alternating rounds of the same run. Each load is traced (CDP Tracing on the page's session) from the
// navigation to 1.5 s after its load event, and every task of the renderer main thread that drew the page is
// put in one class by what ran inside it: a script (the page agent's evaluation, the page's own), the
// messages the extension's ports bring (the page agent's handlers run inside those IPC tasks, with no trace
// event of their own), garbage collection, parsing, style and layout, painting. Each class is given twice: in
// wall time (how long the thread was in its tasks) and in the thread's own CPU time (the trace's thread clock):
// on two cores the extension's other processes (sandboxes, offscreen document, service worker) take a core
// the page's thread then waits for inside its task, which the wall time counts and the CPU time does not; a
// third table gives every Chromium process's CPU over the same loads (process-cpu.ts), which says who held it. Real-page-keeps.bench.ts
// gives the totals; this says what they are made of. Also counts the exec calls sent to the page agent in
// the same window (a benchmark build's worker counts those it sends: worker/ports/bench-exec-count.ts). Prints figures;
// asserts nothing. Needs a benchmark build (REMIXLET_BENCH=1).
import type { CDPSession } from '@playwright/test';
import { test } from '../tests/e2e/harness';
import { sleep } from './kit';
import { cpuSpent, processCpu, type ProcessCpu } from './process-cpu';
import { MODES_WITH_USERSCRIPT as MODES, alternateModes, applied, effects, keepsOnRealPage, rowsByKeeps, type Mode, type ModeRows } from './real-page-remixlets';

const PAGES = (process.env.BENCH_PAGES ?? 'nytimes-5,wikipedia-2').split(',');
const ROUNDS = 4;
// Each mode is measured over a block of consecutive loads (BENCH_BLOCK, 1 for one load a round), and the
// figures are per load. Collecting the earlier loads' garbage (each a whole DOM) falls in whichever load
// crosses the heap's limit; one load a round, with the modes in a fixed order, that was the keeps' load in
// nearly every round (+149 ms of collection per load on wikipedia-2), while over blocks each mode pays for
// its own garbage as a person loading page after page would (+16 ms). Collecting before each load instead
// (HeapProfiler.collectGarbage) purges the renderer's caches and slows the next load in every mode (bench/HISTORY.md,
// thirty-second session).
const BLOCK = Number(process.env.BENCH_BLOCK ?? 4);
const AFTER_LOAD_MS = 1_500;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time over the event, where the trace has it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string }; beginData?: { url?: string }; src_func?: string };
}

async function traced(cdp: CDPSession, run: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = (d: { value: object[] }) => void events.push(...(d.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,toplevel,blink,loading', transferMode: 'ReportEvents' });
  await run();
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  return events;
}

const DRAWING = new Set(['Paint', 'PrePaint', 'Layerize', 'Commit']);
const STYLE_AND_LAYOUT = new Set(['UpdateLayoutTree', 'Layout', 'ParseAuthorStyleSheet']);
const SCRIPT = new Set(['EvaluateScript', 'FunctionCall', 'v8.compile', 'v8.compileModule', 'TimerFire', 'EventDispatch', 'FireAnimationFrame']);

/** The class of one event, inside the class of the event it runs in (undefined: a task, by where it was posted from). */
function classOf(e: TraceEvent, outer: string | undefined): string {
  const url = e.args?.data?.url ?? e.args?.beginData?.url;
  if (e.name === 'ParseHTML') return 'HTML parsing';
  if (STYLE_AND_LAYOUT.has(e.name)) return outer?.startsWith('extension') ? `${outer} (style and layout)` : 'style and layout';
  if (DRAWING.has(e.name)) return 'drawing';
  if (SCRIPT.has(e.name) && url?.startsWith('chrome-extension://')) return /\/page-agent\.js$/.test(url) ? "extension: the page agent's script" : 'extension: its other scripts';
  if (SCRIPT.has(e.name) && url) return outer?.startsWith('extension') ? outer : "the page's own scripts";
  if (outer) return outer;
  const from = e.args?.src_func ?? '';
  if (from === 'Accept' || from === 'PostDispatchNextMessageFromPipe') return 'IPC messages (port messages to the page agent among them)';
  if (/GC|Sweep|Marking|cppgc/i.test(from)) return 'garbage collection';
  if (from === 'ScheduledActionSendBeginMainFrame') return 'frames';
  if (from === 'BlinkScheduler_PerformMicrotaskCheckpoint' || e.name === 'RunMicrotasks') return 'microtasks';
  return 'other';
}

/** What a class cost the thread: wall time (the thread busy with it, descheduled or not) and the thread's own CPU time. */
interface Cost {
  wall: number;
  cpu: number;
}

/** Milliseconds of the main thread of the renderer that parsed `url`, per class (self time, nested events inside their own class). */
function mainThreadByClass(events: TraceEvent[], url: string): Map<string, Cost> {
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(url));
  if (!parse) throw new Error(`the trace has no parse of ${url}`);
  const spans = events
    .filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const out = new Map<string, Cost>();
  const open: Array<{ e: TraceEvent; cls: string; inner: number; innerCpu: number }> = [];
  const close = (until: number) => {
    while (open.length && open.at(-1)!.e.ts + open.at(-1)!.e.dur! <= until) {
      const top = open.pop()!;
      const cost = out.get(top.cls) ?? { wall: 0, cpu: 0 };
      cost.wall += (top.e.dur! - top.inner) / 1000;
      cost.cpu += ((top.e.tdur ?? 0) - top.innerCpu) / 1000;
      out.set(top.cls, cost);
      if (open.length) {
        open.at(-1)!.inner += top.e.dur!;
        open.at(-1)!.innerCpu += top.e.tdur ?? 0;
      }
    }
  };
  for (const e of spans) {
    close(e.ts);
    if (!open.length) {
      // A task: classed by where it was posted from; what runs inside it is classed on its own.
      if (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') open.push({ e, cls: classOf(e, undefined), inner: 0, innerCpu: 0 });
      continue;
    }
    const enclosing = open.at(-1)!.cls;
    const classed = SCRIPT.has(e.name) || e.name === 'ParseHTML' || STYLE_AND_LAYOUT.has(e.name) || DRAWING.has(e.name);
    open.push({ e, cls: classed ? classOf(e, enclosing) : enclosing, inner: 0, innerCpu: 0 });
  }
  close(Infinity);
  return out;
}

/** The prefix of a class's CPU-time row. */
const CPU = 'cpu: ';
/** The prefix of a process kind's row. */
const PROCESS = 'process: ';

/** One table of the rows `pick` takes: each class per mode, and what the keeps and the userscript add to off. */
function printTable(title: string, sums: ModeRows, pick: (row: string) => boolean): void {
  const rows = rowsByKeeps(sums).filter(pick);
  const total = (mode: Mode) => rows.reduce((a, row) => a + (sums[mode].get(row) ?? 0), 0);
  const cell = (x: number) => x.toFixed(1).padStart(7);
  const added = (x: number) => x.toFixed(1).padStart(8);
  console.log(`  ${title}`);
  console.log(`  ${'class'.padEnd(62)}     off   style   keeps  userscr   keeps − off  userscript − off`);
  for (const row of rows) {
    const at = (mode: Mode) => sums[mode].get(row) ?? 0;
    console.log(`  ${row.replace(CPU, '').replace(PROCESS, '').padEnd(62)} ${cell(at('off'))} ${cell(at('style'))} ${cell(at('keeps'))} ${cell(at('userscript'))}      ${added(at('keeps') - at('off'))}          ${added(at('userscript') - at('off'))}`);
  }
  console.log(`  ${'total'.padEnd(62)} ${cell(total('off'))} ${cell(total('style'))} ${cell(total('keeps'))} ${cell(total('userscript'))}      ${added(total('keeps') - total('off'))}          ${added(total('userscript') - total('off'))}`);
  const pct = (mode: Mode) => `${(((total(mode) - total('off')) / total('off')) * 100).toFixed(1)} %`;
  console.log(`  against off: keeps ${pct('keeps')}, the userscript doing the same ${pct('userscript')}, style.css alone ${pct('style')}`);
}

for (const name of PAGES) {
  test(`the page's main thread on the real page ${name}, by what ran`, async ({ openPage, openExtensionPage, tabIdOf, serviceWorker }) => {
    test.setTimeout(600_000);
    const { page, url, tabId, look, enabledIn, targets, userscript } = await keepsOnRealPage({ openPage, openExtensionPage, tabIdOf }, name);
    const execCalls: Record<Mode, number[]> = { off: [], style: [], keeps: [], userscript: [] };
    const execSent = () => serviceWorker.evaluate((tabId) => (globalThis as { remixletBenchExecSent?: (tabId: number) => number }).remixletBenchExecSent!(tabId), tabId);
    const sums = await alternateModes(page, look.panel, enabledIn, url, ROUNDS, async (mode, cdp) => {
      let cpuBefore: ProcessCpu | undefined;
      let cpuAfter: ProcessCpu | undefined;
      const events = await traced(cdp, async () => {
        const before = await execSent();
        cpuBefore = processCpu();
        for (let i = 0; i < BLOCK; i++) {
          await page.goto(url, { waitUntil: 'load' });
          await sleep(AFTER_LOAD_MS);
        }
        cpuAfter = processCpu();
        execCalls[mode].push(((await execSent()) - before) / BLOCK);
      });
      // The last load of the block shows what its mode does, and nothing more: a userscript that never ran, or
      // keeps that never held, would make the figures beside them meaningless.
      if (!(await applied(page, targets, mode))) throw new Error(`${mode}: the page shows ${JSON.stringify(await effects(page, targets))} on ${url}`);
      // Every load of the block drew in the one renderer measured (same site, same process).
      const parses = events.filter((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(url));
      if (new Set(parses.map((e) => `${e.pid}:${e.tid}`)).size !== 1) throw new Error(`a block's loads of ${url} were drawn by more than one renderer`);
      // Each class twice: its wall time, and (prefixed CPU) the thread's own CPU time in it; and each kind of process's CPU.
      return [
        ...[...mainThreadByClass(events, url)].flatMap(([cls, cost]): Array<[string, number]> => [
          [cls, cost.wall / BLOCK],
          [`${CPU}${cls}`, cost.cpu / BLOCK],
        ]),
        ...[...cpuSpent(cpuBefore!, cpuAfter!, parses[0]!.pid)].map(([kind, msec]): [string, number] => [`${PROCESS}${kind}`, msec / BLOCK]),
      ];
    }, { modes: MODES, userscript });
    console.log(`${name}: the page's main thread, navigation to ${AFTER_LOAD_MS / 1000} s after load, ms per load (mean of ${ROUNDS} blocks of ${BLOCK} loads; ${MODES.join(', ')} in turn)`);
    printTable('wall time (the thread busy in the task, running or waiting for a core)', sums, (row) => !row.startsWith(CPU) && !row.startsWith(PROCESS));
    printTable("the thread's own CPU time in the same tasks", sums, (row) => row.startsWith(CPU));
    printTable("every Chromium process's CPU time (all its threads; /proc), the same loads", sums, (row) => row.startsWith(PROCESS));
    console.log(`  exec calls sent to the page agent, per load: ${MODES.map((m) => `${m} ${execCalls[m].join(', ')}`).join('; ')}`);
  });
}
