// Issue 26 #2: the assistant's first look on every real-page snapshot (frozen), today's outline_page at its
// default budget through the extension beside the outline as it was before issue 26 (bench/outline/
// before-26.ts) on the same page in the same run. Per page and for the corpus: bytes, lines, whether it
// was cut off, landmarks named with a selector that finds them, and the share of the main content's
// headings and first-paragraph starts it shows (tests/e2e/real-pages/first-look.ts says how each is
// measured). Prints figures; asserts nothing (tests/e2e/real-pages/first-look.spec.ts holds the floor).
import { test } from '../tests/e2e/harness';
import { REAL_PAGES_HOST, realPageNames, realPagePath } from '../tests/e2e/harness/real-pages';
import { assistantLook } from '../tests/e2e/real-pages/assistant-look';
import { measureFirstLook, type FirstLook } from '../tests/e2e/real-pages/first-look';
import { outlineBefore26 } from './outline/before-26';
import { pct } from './kit';

const KB = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const share = (f: FirstLook) => (f.items ? f.shown / f.items : 1);
const pctOf = (x: number) => `${(100 * x).toFixed(1)} %`;

function summary(label: string, figures: FirstLook[]): string {
  const bytes = figures.map((f) => f.bytes);
  const landmarks = figures.reduce((s, f) => s + f.landmarks, 0);
  const named = figures.reduce((s, f) => s + f.named, 0);
  return [
    `${label}:`,
    `  main content shown: ${pctOf(figures.reduce((s, f) => s + share(f), 0) / figures.length)} on average; pages with none: ${figures.filter((f) => f.items && !f.shown).length}; pages under 95 %: ${figures.filter((f) => share(f) < 0.95).length}`,
    `  landmarks named with a selector that finds them: ${named} of ${landmarks} (${pctOf(named / Math.max(1, landmarks))}); pages missing one: ${figures.filter((f) => f.named < f.landmarks).length}`,
    `  size: median ${KB(pct(bytes, 50))}, largest ${KB(Math.max(...bytes))}, over 24 KB: ${bytes.filter((b) => b >= 24 * 1024).length}; cut off: ${figures.filter((f) => f.truncated).length} of ${figures.length}`,
  ].join('\n');
}

test('first look: real pages, today against before issue 26', async ({ page, openPage, openExtensionPage, tabIdOf }) => {
  test.setTimeout(1_200_000);
  const names = realPageNames();
  const tab = await openPage(REAL_PAGES_HOST, realPagePath(names[0]!));
  const look = await assistantLook(openExtensionPage, await tabIdOf(tab));
  void page;
  const now: FirstLook[] = [];
  const before: FirstLook[] = [];
  const rows: string[] = [];
  for (const name of names) {
    await tab.goto(`http://${REAL_PAGES_HOST}${realPagePath(name)}`, { waitUntil: 'load' });
    const started = performance.now();
    const today = await look.outline();
    const took = performance.now() - started;
    const old = await tab.evaluate(outlineBefore26, 400);
    const a = await measureFirstLook(tab, name, today);
    const b = await measureFirstLook(tab, name, old);
    now.push(a);
    before.push(b);
    rows.push(
      `${name.padEnd(22)} now ${KB(a.bytes).padStart(8)} ${String(a.lines).padStart(4)} lines ${a.truncated ? 'cut' : '   '} content ${a.shown}/${a.items} landmarks ${a.named}/${a.landmarks} ${took.toFixed(0).padStart(5)} ms | before ${KB(b.bytes).padStart(8)} ${b.truncated ? 'cut' : '   '} content ${b.shown}/${b.items} landmarks ${b.named}/${b.landmarks}` +
        (a.missingItems.length ? `\n${' '.repeat(24)}not shown now: ${a.missingItems.slice(0, 4).join(' | ')}` : '') +
        (a.missingLandmarks.length ? `\n${' '.repeat(24)}not named now: ${a.missingLandmarks.slice(0, 4).join(' | ')}` : ''),
    );
  }
  console.log(['', ...rows, '', summary(`Today's outline_page, default budget (${names.length} pages)`, now), summary('Before issue 26, same pages, same run', before)].join('\n'));
});
