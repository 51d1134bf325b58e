// Issue 29 #2, #3 and #4: what a dom batch costs to cross once, what each change adds, and what the first
// call after a rest costs, each against its own floor measured in the same run, round by round.
// - A batch's fixed cost and cost per change: the p50 times of batches of 10, 100 and 1,000 hides (or
//   shows) fitted with a line (least squares): its intercept is the fixed cost, its slope the cost per
//   change. The fixed cost stands beside the raw crossing (one empty message over the same hops, no Comlink,
//   tRPC or zod: sandbox/runtime/bench-floor.ts), the cost per change beside a content script's, fitted the
//   same way from the same sizes on a list of its own in the same page (timed inside the page).
// - Warm: the batch follows a read (dom.url()) that has just come back over the same hops, changing nothing
//   (a change just before would make the batch wait for the page to draw it). Rested: the remixlet's own timer
//   waited 1.1 s with nothing crossing (the test does not read the log meanwhile: a read crosses the worker), so
//   the runtime wakes the path ahead of it as it would for any remixlet (sandbox/runtime/wake-ahead.ts).
// - First call after rest: a read (dom.url()) after the remixlet's own 1.1 s timer, against the read made right
//   after it; and a 10-change batch rested against warm, which also carries the page's drawing.
// - Unchanged (warm): the same batches hiding rows that are already hidden inside a hidden block, beside a
//   content script doing the same on its own such rows: every hop and check runs, and the page has nothing to
//   draw. What the changing batches cost beyond these is the page drawing the change, which competes with the
//   answer's way back for this machine's two cores. Each is also timed right after a batch of 100 of the
//   same, with no rest between: what a batch costs when the code on its path has not gone cold.
// Batches of 10,000 (as the issue asks) cannot be made: a batch holds at most 2,000 calls
// (contracts/dom/ops.ts LIMITS.batchOps) and a remixlet makes at most 2,000 a second (sandbox/runtime/bridge.ts).
// - The page agent's own loop over a run's elements, timed in place in benchmark builds (page-agent/bench-run-times.ts),
//   beside the content script's loop: how much of the cost per change is the page agent's loop itself.
// Benchmark builds only (REMIXLET_BENCH=1). Prints figures; asserts nothing.
import { test } from '../tests/e2e/harness';
import { benchOnPage, loggedFigures, ms, pct, ratio, sleep, waitForFigures } from './kit';
import { RUN_TIMES_KEY } from '../page-agent/bench-run-times';
import { hopTimesKey, type HopName, type HopTime } from '../contracts/bench-hop-times';

const ROUNDS = 12;
const WARM = 2;
const SIZES = [10, 100, 1000] as const;
const REST_MS = 1_100;

/** Reads added to a batch so each hop can tell its kind by its count of calls: changing batches carry none. */
const HOP_TAGS = { changing: 0, unchanged: 1, again: 2, warmUp: 3 } as const;

// One round per click: the raw floor and each size, rested then warm, each after REST_MS of quiet.
const SCRIPT = `
const rows = await dom.queryAll('#a .row', { limit: 1000 });
const still = await dom.queryAll('#c .row', { limit: 1000 });
await Promise.all(await dom.batch(() => still.map((h) => h.hide())));
const go = await dom.query('#go');
const floor = globalThis.remixletBenchFloor;
const SIZES = ${JSON.stringify(SIZES)};
const rest = () => new Promise((r) => setTimeout(r, ${REST_MS}));
let hide = true;
let round = 0;
const batchOf = async (n) => {
  const some = rows.slice(0, n);
  const t0 = performance.now();
  const sent = dom.batch(() => some.map((h) => (hide ? h.hide() : h.show())));
  const t1 = performance.now();
  await Promise.all(await sent);
  const t = performance.now();
  hide = !hide;
  return legsOf(t0, t1, t);
};
// Where the time went, by the runtime's clock: the calls queued and sent (sync), the way there and back
// (away), the answers given out (settle), the remixlet's Promise.all seeing them (all).
const legsOf = (t0, t1, t) => {
  const last = remixletBenchLastBatch();
  return { ms: t - t0, legs: { sync: t1 - t0, away: last.arrived - t1, settle: last.settled - last.arrived, all: t - last.settled } };
};
// \`tags\` reads ride in the batch so each hop can tell its kind by its count of calls (HOP_TAGS).
const unchangedOf = async (n, tags) => {
  const some = still.slice(0, n);
  const t0 = performance.now();
  const sent = dom.batch(() => [...some.map((h) => h.hide()), ...Array.from({ length: tags }, () => dom.url())]);
  const t1 = performance.now();
  await Promise.all(await sent);
  return legsOf(t0, t1, performance.now());
};
await go.on('click', async () => {
  const r = round++;
  const figures = [];
  await rest();
  figures.push({ r, what: 'floor', n: 0, rested: true, ms: (await floor(1))[0] });
  await rest();
  await floor(1);
  figures.push({ r, what: 'floor', n: 0, rested: false, ms: (await floor(1))[0] });
  // A read, the plainest call: the first after a rest, then one right after it.
  await rest();
  for (const rested of [true, false]) {
    const t0 = performance.now();
    await dom.url();
    figures.push({ r, what: 'read', n: 0, rested, ms: performance.now() - t0 });
  }
  for (const n of SIZES) {
    await rest();
    figures.push({ r, what: 'batch', n, rested: true, ...(await batchOf(n)) });
    await rest();
    await dom.url();
    figures.push({ r, what: 'batch', n, rested: false, ...(await batchOf(n)) });
    await rest();
    await dom.url();
    figures.push({ r, what: 'unchanged', n, rested: false, ...(await unchangedOf(n, ${HOP_TAGS.unchanged})) });
    // The same right after 100 of them: what it costs when the code on its path has not rested (within the
    // runtime's 2,000 calls a second).
    await rest();
    await dom.url();
    await unchangedOf(100, ${HOP_TAGS.warmUp});
    figures.push({ r, what: 'again', n, rested: false, ...(await unchangedOf(n, ${HOP_TAGS.again})) });
  }
  rmx.log('FIT ' + JSON.stringify(figures));
});
rmx.log('READY ' + JSON.stringify({ rows: rows.length, still: still.length, floor: typeof floor }));
`;

interface Figure {
  r: number;
  what: 'floor' | 'read' | 'batch' | 'unchanged' | 'again';
  n: number;
  rested: boolean;
  ms: number;
  /** A batch's time by leg, by the runtime's clock (the SCRIPT's legsOf). */
  legs?: Record<Leg, number>;
}

const LEGS = ['sync', 'away', 'settle', 'all'] as const;
type Leg = (typeof LEGS)[number];
const LEG_MEANING: Record<Leg, string> = {
  sync: 'calls queued and sent',
  away: 'there and back',
  settle: 'answers given out',
  all: "the remixlet's Promise.all",
};

/** The least-squares line through (n, t): its intercept and slope. */
function fit(points: ReadonlyArray<readonly [number, number]>): { fixed: number; perChange: number } {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const xs = points.map(([n]) => n);
  const ys = points.map(([, t]) => t);
  const mx = mean(xs);
  const my = mean(ys);
  const slope = points.reduce((s, [n, t]) => s + (n - mx) * (t - my), 0) / points.reduce((s, [n]) => s + (n - mx) ** 2, 0);
  return { fixed: my - slope * mx, perChange: slope };
}

const us = (x: number) => `${(x * 1000).toFixed(2)} µs`;

test('a batch: its fixed cost and cost per change, warm and rested, against the raw crossing and a content script', async ({ openPage, openExtensionPage, tabIdOf, serviceWorker, evaluateInOffscreen }) => {
  test.setTimeout(15 * 60_000);
  const { page, tabId, panel, id, ready } = await benchOnPage<{ rows: number; still: number; floor: string }>({ openPage, openExtensionPage, tabIdOf }, 'bench.test', '/rows.html', {
    name: 'bench batch fit',
    matches: ['*://bench.test/*'],
    script: SCRIPT,
  });
  if (ready!.rows !== 1000 || ready!.still !== 1000 || ready!.floor !== 'function') throw new Error(`not a benchmark build, or the rows are missing: ${JSON.stringify(ready)}`);

  const contentScript: Array<{ r: number; n: number; unchanged: boolean; ms: number }> = [];
  let hideB = true;
  const roundMs = REST_MS * (3 + 4 * SIZES.length);
  for (let r = 0; r < ROUNDS + WARM; r++) {
    await page.click('#go');
    // Quiet while the round runs: reading the log would cross the worker during a rest.
    await sleep(roundMs + 300);
    await waitForFigures(panel, id, 'FIT', r + 1, 60_000);
    for (const n of SIZES) {
      for (const unchanged of [false, true]) {
        const t = await serviceWorker.evaluate(
          async ({ tabId, n, hide, list }) => {
            const [result] = await chrome.scripting.executeScript({
              target: { tabId, frameIds: [0] },
              world: 'ISOLATED',
              args: [n, hide, list],
              func: (n: number, hide: boolean, list: string) => {
                const rows = [...document.querySelectorAll<HTMLElement>(`${list} .row`)].slice(0, n);
                const s = performance.now();
                for (const el of rows) {
                  if (hide) el.style.setProperty('display', 'none', 'important');
                  else el.style.removeProperty('display');
                }
                return performance.now() - s;
              },
            });
            return result!.result as number;
          },
          { tabId, n, hide: unchanged || hideB, list: unchanged ? '#d' : '#b' },
        );
        contentScript.push({ r, n, unchanged, ms: t });
      }
    }
    hideB = !hideB;
  }

  const figures = (await loggedFigures<Figure[]>(panel, id, 'FIT')).flat().filter((f) => f.r >= WARM);
  const p50 = (xs: number[]) => pct(xs, 50);
  const csOf = (unchanged: boolean) => contentScript.filter((x) => x.r >= WARM && x.unchanged === unchanged);
  const cs = csOf(false);
  const csFit = fit(SIZES.map((n) => [n, p50(cs.filter((x) => x.n === n).map((x) => x.ms))] as const));
  console.log(`a batch's fixed cost and cost per change (${ROUNDS} rounds, batches of ${SIZES.join(', ')} hides or shows, p50 of each size fitted with a line)`);
  console.log(`  content script, timed in the page: ${SIZES.map((n) => `${n}: ${ms(p50(cs.filter((x) => x.n === n).map((x) => x.ms)))}`).join(', ')}; per change ${us(csFit.perChange)}`);
  for (const rested of [false, true]) {
    const of = (n: number) => figures.filter((f) => f.what === 'batch' && f.rested === rested && f.n === n).map((f) => f.ms);
    const floor = figures.filter((f) => f.what === 'floor' && f.rested === rested).map((f) => f.ms);
    const batchFit = fit(SIZES.map((n) => [n, p50(of(n))] as const));
    console.log(rested ? `  rested (nothing crossed for ${REST_MS} ms before):` : '  warm (right after a read over the same hops came back):');
    console.log(`    batches p50: ${SIZES.map((n) => `${n}: ${ms(p50(of(n)))}`).join(', ')}; p95: ${SIZES.map((n) => `${n}: ${ms(pct(of(n), 95))}`).join(', ')}`);
    console.log(`    raw crossing: p50 ${ms(p50(floor))}, p95 ${ms(pct(floor, 95))}`);
    console.log(`    fixed cost (intercept): ${ms(batchFit.fixed)}; ratio to the raw crossing ${ratio(batchFit.fixed, p50(floor))} (#2 target ≤ 1.3x)`);
    console.log(`    cost per change (slope): ${us(batchFit.perChange)}; ratio to the content script's ${ratio(batchFit.perChange, csFit.perChange)} (#3 target ≤ 2x)`);
  }
  const csStill = csOf(true);
  const csStillFit = fit(SIZES.map((n) => [n, p50(csStill.filter((x) => x.n === n).map((x) => x.ms))] as const));
  const stillOf = (n: number) => figures.filter((f) => f.what === 'unchanged' && f.n === n).map((f) => f.ms);
  const stillFit = fit(SIZES.map((n) => [n, p50(stillOf(n))] as const));
  const warmFloor = p50(figures.filter((f) => f.what === 'floor' && !f.rested).map((f) => f.ms));
  console.log('  unchanged, warm (hiding rows already hidden in a hidden block: every hop and check, nothing for the page to draw):');
  console.log(`    content script, timed in the page: ${SIZES.map((n) => `${n}: ${ms(p50(csStill.filter((x) => x.n === n).map((x) => x.ms)))}`).join(', ')}; per change ${us(csStillFit.perChange)}`);
  console.log(`    batches p50: ${SIZES.map((n) => `${n}: ${ms(p50(stillOf(n)))}`).join(', ')}; p95: ${SIZES.map((n) => `${n}: ${ms(pct(stillOf(n), 95))}`).join(', ')}`);
  console.log(`    fixed cost (intercept): ${ms(stillFit.fixed)}; ratio to the warm raw crossing ${ratio(stillFit.fixed, warmFloor)}`);
  console.log(`    cost per change (slope): ${us(stillFit.perChange)}; ratio to the content script's changing rows ${ratio(stillFit.perChange, csFit.perChange)}, to its unchanged rows ${ratio(stillFit.perChange, csStillFit.perChange)}`);
  const againOf = (n: number) => figures.filter((f) => f.what === 'again' && f.n === n).map((f) => f.ms);
  const againFit = fit(SIZES.map((n) => [n, p50(againOf(n))] as const));
  console.log(`    the same batch right after 100 of them: ${SIZES.map((n) => `${n}: ${ms(p50(againOf(n)))}`).join(', ')}; fixed ${ms(againFit.fixed)}, per change ${us(againFit.perChange)}; ratio to the content script's unchanged rows ${ratio(againFit.perChange, csStillFit.perChange)}`);
  // Each leg fitted as the whole batch is: what each adds per change, by the runtime's clock.
  for (const [label, of] of [
    ['warm changing', (f: Figure) => f.what === 'batch' && !f.rested],
    ['unchanged', (f: Figure) => f.what === 'unchanged'],
    ['unchanged right after 100', (f: Figure) => f.what === 'again'],
  ] as const) {
    const legFit = (leg: Leg) => fit(SIZES.map((n) => [n, p50(figures.filter((f) => of(f) && f.n === n).map((f) => f.legs![leg]))] as const));
    console.log(`  by leg, ${label} (p50 of each size fitted; fixed / per change): ${LEGS.map((leg) => `${LEG_MEANING[leg]} ${ms(legFit(leg).fixed)} / ${us(legFit(leg).perChange)}`).join('; ')}`);
  }
  // The page agent's own loop over a run's elements, timed in place (page-agent/bench-run-times.ts; its clock in that
  // world ticks in 100 µs steps), beside the content script's loops above, run in the same isolated world.
  const [read] = await serviceWorker.evaluate(
    ({ tabId, key }) =>
      chrome.scripting.executeScript({
        target: { tabId, frameIds: [0] },
        world: 'ISOLATED',
        args: [key],
        func: (key: string) => JSON.stringify((globalThis as { [k: symbol]: unknown })[Symbol.for(key)] ?? []),
      }),
    { tabId, key: RUN_TIMES_KEY },
  );
  const runTimes = JSON.parse(read!.result as string) as Array<[number, number, number?]>;
  const loop = (n: number) => p50(runTimes.filter(([size]) => size === n).map(([, t]) => t));
  const message = (n: number) => p50(runTimes.filter(([size, , m]) => size === n && m !== undefined).map(([, , m]) => m!));
  if (!runTimes.some(([size]) => size === 1000)) throw new Error('the page agent timed no run of 1,000: not a benchmark build?');
  console.log(`  the page agent's own loop over every run of a size (after a rest or at once), in place, p50: ${SIZES.map((n) => `${n}: ${ms(loop(n))}`).join(', ')}; content script's loop over 1,000 changing rows ${ms(p50(cs.filter((x) => x.n === 1000).map((x) => x.ms)))}, unchanged rows ${ms(p50(csStill.filter((x) => x.n === 1000).map((x) => x.ms)))}`);
  const loopFit = fit(SIZES.map((n) => [n, loop(n)] as const));
  const messageFit = fit(SIZES.map((n) => [n, message(n)] as const));
  console.log(`    fitted: the loop ${ms(loopFit.fixed)} / ${us(loopFit.perChange)} a change; the page agent's whole message (its arrival on the port to its answer sent) p50 ${SIZES.map((n) => `${n}: ${ms(message(n))}`).join(', ')}, fitted ${ms(messageFit.fixed)} / ${us(messageFit.perChange)} a change`);
  // Each hop's own time and the way between, per size: every batch of that size (changing or not, rested or
  // not) at each place, p50, so the places line up by size rather than batch by batch.
  const hopTimes = async (name: HopName): Promise<HopTime[]> => {
    const read = `JSON.stringify(globalThis[Symbol.for(${JSON.stringify(hopTimesKey(name))})] ?? [])`;
    return JSON.parse(name.startsWith('offscreen') ? await evaluateInOffscreen<string>(read) : ((await serviceWorker.evaluate(read)) as string)) as HopTime[];
  };
  const offscreenHop = await hopTimes('offscreen');
  const offscreenCall = await hopTimes('offscreen-call');
  const workerHop = await hopTimes('worker');
  const workerCall = await hopTimes('worker-call');
  const hop = (times: HopTime[], calls: number) => p50(times.filter((h) => h.calls === calls).map((h) => h.total));
  for (const [kind, tags, whats] of [
    ['changing (rested and warm)', HOP_TAGS.changing, ['batch']],
    ['unchanged, after a rest', HOP_TAGS.unchanged, ['unchanged']],
    ['unchanged, right after 100', HOP_TAGS.again, ['again']],
  ] as const) {
    const awayOf = (n: number) => p50(figures.filter((f) => f.legs && f.n === n && (whats as readonly string[]).includes(f.what)).map((f) => f.legs!.away));
    const places: Array<[string, (n: number) => number]> = [
      ['sandbox ↔ offscreen', (n) => awayOf(n) - hop(offscreenHop, n + tags)],
      ['offscreen host', (n) => hop(offscreenHop, n + tags) - hop(offscreenCall, n + tags)],
      ['offscreen ↔ worker', (n) => hop(offscreenCall, n + tags) - hop(workerHop, n + tags)],
      ['worker', (n) => hop(workerHop, n + tags) - hop(workerCall, n + tags)],
      // The page agent's message time is kept per run, whatever the batch's kind: every run of the size.
      ['worker ↔ page agent', (n) => hop(workerCall, n + tags) - message(n)],
      ['page agent (every run of the size)', (n) => message(n)],
    ];
    console.log(`  there and back by place, ${kind} (p50 at each place; the ways between are what one side waited beyond the other's own time):`);
    for (const [place, of] of places) {
      const placeFit = fit(SIZES.map((n) => [n, of(n)] as const));
      console.log(`    ${place}: ${SIZES.map((n) => `${n}: ${ms(of(n))}`).join(', ')}; fixed ${ms(placeFit.fixed)}, per change ${us(placeFit.perChange)}`);
    }
  }
  const warm10 = p50(figures.filter((f) => f.what === 'batch' && !f.rested && f.n === 10).map((f) => f.ms));
  const rested10 = p50(figures.filter((f) => f.what === 'batch' && f.rested && f.n === 10).map((f) => f.ms));
  const reads = (rested: boolean) => p50(figures.filter((f) => f.what === 'read' && f.rested === rested).map((f) => f.ms));
  console.log(`  first call after rest (#4 target ≤ 1.5x): a read (dom.url()) after the remixlet's ${REST_MS} ms timer p50 ${ms(reads(true))} against the read right after it ${ms(reads(false))}: ${ratio(reads(true), reads(false))}`);
  console.log(`    a 10-change batch (the page's drawing in it): rested p50 ${ms(rested10)} against warm ${ms(warm10)}: ${ratio(rested10, warm10)}`);
});
