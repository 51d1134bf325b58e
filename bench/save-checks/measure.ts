// Times the save-time checks (contracts/save-checks.ts, exactly as the worker runs them at save and at
// activation) against acorn and css-tree alone parsing the same files with the options the checks pass
// them, interleaved in one process so the ratio survives a noisy machine. Measures; asserts nothing.
import { parse as parseJs } from 'acorn';
import { parse as parseCss } from 'css-tree';
import { checkRemixletFiles } from '../../contracts/save-checks';
import { checkScript } from '../../contracts/policy/script-check';
import { checkStyleSheet } from '../../contracts/policy/stylesheet-check';
import { HOST, SCRIPT, STYLE } from './inputs';

export interface SaveCheckFigures {
  scriptKb: number;
  styleKb: number;
  rounds: number;
  /** Medians in ms. */
  saveCheck: number;
  scriptCheck: number;
  styleCheck: number;
  acorn: number;
  cssTree: number;
}

const manifest = JSON.stringify({ name: 'Bench', description: 'save-time check benchmark', matches: [`*://${HOST}/*`], runAt: 'document_idle', permissions: [] });
const files = { 'manifest.json': manifest, 'script.js': SCRIPT, 'style.css': STYLE };
const hosts = { allowedHosts: [HOST], everySite: false };

// The options the checks pass (script-check.ts, stylesheet-check.ts): the baseline is the same parse.
const acornOnly = () => parseJs(SCRIPT, { ecmaVersion: 'latest', sourceType: 'module', locations: true, allowReturnOutsideFunction: true });
const cssTreeOnly = () => parseCss(STYLE, { context: 'stylesheet', positions: true, parseCustomProperty: true, onParseError: () => undefined });

function time(fn: () => unknown): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function measureSaveChecks(rounds = 25): SaveCheckFigures {
  const verdict = checkRemixletFiles(files);
  if (!verdict.ok) throw new Error(`the benchmark inputs must pass the checks: ${JSON.stringify(verdict.refusals.slice(0, 3))}`);
  // Warm-up: let the JIT settle on every path before anything counts.
  for (let i = 0; i < 5; i++) {
    checkRemixletFiles(files);
    acornOnly();
    cssTreeOnly();
  }
  const t = { saveCheck: [] as number[], scriptCheck: [] as number[], styleCheck: [] as number[], acorn: [] as number[], cssTree: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    t.saveCheck.push(time(() => checkRemixletFiles(files)));
    t.acorn.push(time(acornOnly));
    t.cssTree.push(time(cssTreeOnly));
    t.scriptCheck.push(time(() => checkScript(SCRIPT, hosts)));
    t.styleCheck.push(time(() => checkStyleSheet(STYLE, hosts)));
  }
  return {
    scriptKb: Math.round(SCRIPT.length / 1024),
    styleKb: Math.round(STYLE.length / 1024),
    rounds,
    saveCheck: median(t.saveCheck),
    scriptCheck: median(t.scriptCheck),
    styleCheck: median(t.styleCheck),
    acorn: median(t.acorn),
    cssTree: median(t.cssTree),
  };
}

export function formatSaveChecks(f: SaveCheckFigures): string[] {
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  const parseOnly = f.acorn + f.cssTree;
  return [
    `save-time checks (script.js ${f.scriptKb} KB, style.css ${f.styleKb} KB, median of ${f.rounds}, Node ${process.version})`,
    `  all checks (checkRemixletFiles): ${ms(f.saveCheck)}   acorn + css-tree parse only: ${ms(parseOnly)}   ratio ${(f.saveCheck / parseOnly).toFixed(2)}x`,
    `  script check: ${ms(f.scriptCheck)}   acorn parse: ${ms(f.acorn)}   ratio ${(f.scriptCheck / f.acorn).toFixed(2)}x`,
    `  stylesheet check: ${ms(f.styleCheck)}   css-tree parse: ${ms(f.cssTree)}   ratio ${(f.styleCheck / f.cssTree).toFixed(2)}x`,
  ];
}

// `npx tsx bench/save-checks/measure.ts` runs it on its own (no browser, no lock needed).
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  for (const line of formatSaveChecks(measureSaveChecks())) console.log(line);
}
