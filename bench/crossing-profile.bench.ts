// Issue 29 #2, by context: what each context on a dom batch's way spends per batch, beside the raw crossing
// in the same run. A remixlet sends either raw benchmark pings (sandbox/runtime/bench-floor.ts: the same hops,
// no Comlink, tRPC or zod) or batches of 10 hides of rows already hidden (every hop and check runs, the page
// has nothing to draw), a few milliseconds apart, in alternating phases; V8's CPU profiler samples the
// service worker, the offscreen document and the page (where the page agent runs) through each phase. Per
// context it prints the busy time per crossing, its native port and window postMessage calls, the time with no
// script on the stack ("(program)": the bindings' own work, message dispatch), the garbage collector, and the
// rest (our JavaScript and the libraries'), then the dom phase's heaviest functions by self time. The sampling
// slows what it samples: read the two phases against each other, not as unsampled times.
// Prints figures; asserts nothing. Needs a benchmark build (REMIXLET_BENCH=1).
import { test } from '../tests/e2e/harness';
import { TargetSession, listTargets } from '../tests/e2e/harness/cdp';
import { benchOnPage } from './kit';

const ROUNDS = 3;
const CROSSINGS = 300;
const SAMPLE_US = 50;
const BATCH = 10;
const PHASES = ['floor', 'dom'] as const;
type Phase = (typeof PHASES)[number];

const SCRIPT = `
const still = await dom.queryAll('#c .row', { limit: 1000 });
await Promise.all(await dom.batch(() => still.map((h) => h.hide())));
const some = still.slice(0, ${BATCH});
const floor = globalThis.remixletBenchFloor;
const go = await dom.query('#go');
let phase = 0;
await go.on('click', async () => {
  const what = ${JSON.stringify(PHASES)}[phase++ % 2];
  for (let i = 0; i < ${CROSSINGS}; i++) {
    if (what === 'floor') await floor(1);
    else await Promise.all(await dom.batch(() => some.map((h) => h.hide())));
    // Within the runtime's 2,000 calls a second.
    await new Promise((r) => setTimeout(r, 6));
  }
  // Said on the page, not in the log: reading the log would cross the worker during the next phase.
  await go.setText('done ' + phase);
});
rmx.log('READY ' + JSON.stringify({ still: still.length, floor: typeof floor }));
`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
interface Split {
  busy: number;
  postMessage: number;
  program: number;
  gc: number;
  script: number;
  top: Map<string, number>;
}

/** A profile's samples by kind, in µs; `top` is self time per function (chunk file and name). */
function split(profile: Profile): Split {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    return `${url.split('/').pop()?.replace(/-[\w-]{8}\.js$/, '.js')} ${functionName || '(anonymous)'}:${lineNumber}`;
  };
  /** A native's nearest caller with a script, so that a native's row says whose call it was. */
  const caller = (id: number) => {
    for (let p = parent.get(id); p !== undefined; p = parent.get(p)) if (byId.get(p)!.callFrame.url) return name(p);
    return '(no script)';
  };
  const s: Split = { busy: 0, postMessage: 0, program: 0, gc: 0, script: 0, top: new Map() };
  profile.samples.forEach((id, i) => {
    const { functionName, url } = byId.get(id)!.callFrame;
    const d = profile.timeDeltas[i + 1] ?? 0;
    if (functionName === '(idle)') return;
    s.busy += d;
    if (functionName === 'postMessage' && !url) s.postMessage += d;
    else if (functionName === '(program)') s.program += d;
    else if (functionName === '(garbage collector)') s.gc += d;
    else {
      s.script += d;
      const key = url ? name(id) : `${functionName || '(anonymous)'} (native) called by ${caller(id)}`;
      s.top.set(key, (s.top.get(key) ?? 0) + d);
    }
  });
  return s;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const us = (x: number) => `${(x / CROSSINGS).toFixed(0).padStart(5)} µs`;

test('a dom batch by context against the raw crossing, sampled', async ({ openPage, openExtensionPage, tabIdOf, context }) => {
  test.setTimeout(10 * 60_000);
  const { page, ready } = await benchOnPage<{ still: number; floor: string }>({ openPage, openExtensionPage, tabIdOf }, 'bench.test', '/rows.html', {
    name: 'bench crossing profile',
    matches: ['*://bench.test/*'],
    script: SCRIPT,
  });
  if (ready!.still !== 1000 || ready!.floor !== 'function') throw new Error(`not a benchmark build, or the rows are missing: ${JSON.stringify(ready)}`);
  const targets = (await listTargets(context)).filter(
    (t) => t.type === 'service_worker' || (t.type === 'background_page' && t.url.includes('offscreen')) || (t.type === 'page' && t.url.includes('bench.test')),
  );
  const places = await Promise.all(
    targets.map(async (t) => ({ name: t.type === 'service_worker' ? 'worker' : t.type === 'page' ? 'page (page agent)' : 'offscreen', session: await TargetSession.attach(context, t) })),
  );
  for (const { session } of places) {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: SAMPLE_US });
  }
  const results = new Map<string, Record<Phase, Split[]>>(places.map((p) => [p.name, { floor: [], dom: [] }]));
  for (let r = 0; r < ROUNDS * 2; r++) {
    const phase = PHASES[r % 2]!;
    for (const { session } of places) await session.send('Profiler.start');
    await page.click('#go');
    await page.waitForFunction((n) => document.querySelector('#go')?.textContent === `done ${n}`, r + 1, { timeout: 120_000 });
    for (const { name, session } of places) {
      const { profile } = await session.send<{ profile: Profile }>('Profiler.stop');
      results.get(name)![phase].push(split(profile));
    }
  }
  console.log(`per crossing, medians of ${ROUNDS} phases of ${CROSSINGS} (raw ping / batch of ${BATCH} unchanged hides), sampled every ${SAMPLE_US} µs:`);
  for (const [name, phases] of results) {
    const row = (k: Exclude<keyof Split, 'top'>) => `${us(median(phases.floor.map((s) => s[k])))} / ${us(median(phases.dom.map((s) => s[k])))}`;
    console.log(`  ${name.padEnd(18)} busy ${row('busy')}  postMessage ${row('postMessage')}  (program) ${row('program')}  gc ${row('gc')}  script ${row('script')}`);
  }
  for (const [name, phases] of results) {
    const mean = (list: Split[]) => {
      const top = new Map<string, number>();
      for (const s of list) for (const [k, v] of s.top) top.set(k, (top.get(k) ?? 0) + v / list.length);
      return top;
    };
    const [floor, dom] = [mean(phases.floor), mean(phases.dom)];
    console.log(`  ${name}, the heaviest script functions in the batch (self time per crossing, raw ping / batch):`);
    for (const [k, v] of [...dom].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`    ${us(floor.get(k) ?? 0)} / ${us(v)}  ${k}`);
  }
});
