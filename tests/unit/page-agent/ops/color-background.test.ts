// A background whose whole value is one var() (`background: var(--chip-bg, #eef2ff)`) passes in a remixlet
// sheet and goes in as `background: none; background-color: var(…)` (contracts/policy/css-own-variables.ts,
// colorOnlyBackgrounds): a color the page defines still paints, a url() the page defines but never uses
// loads nothing. Control: the same sheet put in by the page itself does load the page's address.
import { describe, expect, test } from 'vitest';
import { unitBrowser, type UnitPage } from '../harness';

const { open } = unitBrowser();

const WITNESS = 'https://witness.test/bg';
/** The page defines each property and never uses it; --tone is a color, the others are addresses. */
const HEAD = `<style>
  :root { --tone: rgb(1, 2, 3); --u1: url(${WITNESS}/1.png); --u2: url(${WITNESS}/2.png); --u3: url(${WITNESS}/3.png); --u4: url(${WITNESS}/4.png); }
  .p { display: block; width: 20px; height: 20px; }
</style>`;
const BODY = ['tone', 'p1', 'p2', 'p3', 'p4', 'fallback'].map((id) => `<div class="p" id="${id}"></div>`).join('');
const SHEET = [
  '#tone { background: var(--tone) }',
  '#p1 { background: var(--u1) }',
  '#p2 { BACKGROUND: VAR(--u2, #eef2ff) }',
  '#p3 { background: var(--u3) !important }',
  '.x, #p4 { & { background:/* */var(--u4)/* */ } }',
  '#fallback { background: var(--none, rgb(4, 5, 6)) }',
].join('\n');

const colors = (p: UnitPage) => p.page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.p')].map((el) => [el.id, getComputedStyle(el).backgroundColor])));
const loads = (p: UnitPage) => p.requests.filter((u) => u.startsWith(WITNESS)).sort();

describe('a background whose whole value is a var()', () => {
  test('control: put in by the page, it loads every address the page defined', async () => {
    const p = await open(BODY, { head: HEAD });
    await p.page.addStyleTag({ content: SHEET });
    await expect.poll(() => loads(p)).toEqual([1, 2, 3, 4].map((n) => `${WITNESS}/${n}.png`));
  });

  test('through dom.addStyle, the colors paint and nothing loads', async () => {
    const p = await open(BODY, { head: HEAD });
    await p.ok({ op: 'addStyle', css: SHEET });
    expect(await colors(p)).toEqual({ tone: 'rgb(1, 2, 3)', p1: 'rgba(0, 0, 0, 0)', p2: 'rgba(0, 0, 0, 0)', p3: 'rgba(0, 0, 0, 0)', p4: 'rgba(0, 0, 0, 0)', fallback: 'rgb(4, 5, 6)' });
    // The control's loads start as the style is computed; reading every element's style above forced that.
    expect(await p.page.evaluate(() => [...document.querySelectorAll('.p')].map((el) => getComputedStyle(el).backgroundImage))).toEqual(Array(6).fill('none'));
    expect(loads(p)).toEqual([]);
  });
});
