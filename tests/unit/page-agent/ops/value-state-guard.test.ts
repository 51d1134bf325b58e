// A remixlet's sheet may use value states (:invalid, :placeholder-shown, :in-range, …): dom.addStyle puts
// the guard in front of each (contracts/policy/sheet-for-page.ts), so what is typed into a password field
// never changes which rules match, while the same rule keeps working on a plain field. Each case has a
// control: the same sheet put in by the page itself (no guard) does change the probe's box as the password
// field is typed into, so the channel is real and the guard is what closes it.
import { describe, expect, test } from 'vitest';
import { unitBrowser, type UnitPage } from '../harness';

const { open } = unitBrowser();

/** One probe a variant: each variant sizes its own. */
const PROBES = Array.from({ length: 20 }, (_, i) => `<div class="probe" id="probe-${i}"></div>`).join('');

/** No field is required: an empty field is then valid, one too short invalid, so the form's own state follows the field typed into. */
const FORM = `<form id="f">
  <input id="user" placeholder="User" minlength="4">
  <input id="pw" type="password" placeholder="Password" minlength="4">
  <input id="pw-upper" type="PASSWORD" placeholder="Password" minlength="4">
  <input id="ac" autocomplete="username current-password" placeholder="Password" minlength="4">
  <textarea id="ta" autocomplete="new-password" placeholder="Password" minlength="4"></textarea>
  <input id="masked" style="-webkit-text-security: disc" placeholder="Password" minlength="4">
  <input id="num" type="number" min="1000" max="9999">
  <input id="pin" type="number" autocomplete="one-time-code current-password" min="1000" max="9999">
</form>
${PROBES}`;
/** The probe's own size, in the page's sheet (an inline style would outrank every rule under test). */
const HEAD = '<style>.probe { width: 10px; height: 10px }</style>';

/** Ways of turning a field's value state into the probe's width: one per template, FIELD the field's selector. */
const VARIANTS = [
  'body:has(FIELD:invalid) #probe { width: 101px }',
  'body:has(FIELD:valid) #probe { width: 102px }',
  'body:has(FIELD:placeholder-shown) #probe { width: 103px }',
  'body:has(FIELD:not(:placeholder-shown)) #probe { width: 104px }',
  'body:not(:has(FIELD:PLACEHOLDER-SHOWN)) #probe { width: 105px }',
  'body:has(FIELD:v\\61lid) #probe { width: 106px }',
  'body:has(:is(FIELD):user-invalid) #probe { width: 107px }',
  'body:has(FIELD:IN\\56 ALID) #probe { width: 108px }',
  'html { body:has(FIELD:invalid) #probe { width: 109px } }',
  'body { &:has(FIELD:valid) #probe { width: 110px } }',
  '@media all { body:has(:where(FIELD:invalid)) #probe { width: 111px } }',
  'body:has(FIELD:not(:valid)) #probe { width: 112px }',
  'body:has(#f:invalid) #probe { width: 113px }',
  'form:has(FIELD:user-valid) ~ #probe { width: 114px }',
];
const NUMBER_VARIANTS = [
  'body:has(FIELD:in-range) #probe { width: 121px }',
  'body:has(FIELD:out-of-range) #probe { width: 122px }',
  'body:has(FIELD:not(:in-range)) #probe { width: 123px }',
];

/** Each probe's width. */
const probeWidths = (p: UnitPage) => p.page.evaluate(() => [...document.querySelectorAll('.probe')].map((el) => el.getBoundingClientRect().width));

/** The probes' widths with `field` empty and after each text is typed (and the field left, for :user-*). */
async function widthsWhileTyping(p: UnitPage, field: string, texts: readonly string[]): Promise<number[][]> {
  const out: number[][] = [];
  const el = p.page.locator(field);
  await el.fill('');
  out.push(await probeWidths(p));
  for (const text of texts) {
    await el.fill('');
    await el.pressSequentially(text);
    await el.blur();
    out.push(await probeWidths(p));
  }
  return out;
}

const TEXT_STATES = ['ab', 'abcdefgh'];
const NUMBER_STATES = ['5', '5000'];
const PASSWORD_FIELDS = ['#pw', '#pw-upper', '#ac', '#ta', '#masked'];

/**
 * Every variant at once, each on its own probe, on a fresh page: for each variant, whether typing into
 * `field` changed its probe. `how`: the page adds the sheet itself (the control), or dom.addStyle does.
 */
async function changes(field: string, variants: readonly string[], states: readonly string[], how: 'page' | 'remixlet'): Promise<Record<string, boolean>> {
  const p = await open(FORM, { head: HEAD });
  // The masked field counts from focus on (the page agent's mark), before anything is typed.
  await p.page.locator('#masked').focus();
  await p.page.locator('#masked').blur();
  const css = variants.map((v, i) => v.replaceAll('FIELD', field).replaceAll('#probe', `#probe-${i}`)).join('\n');
  if (how === 'page') await p.page.addStyleTag({ content: css });
  else await p.ok({ op: 'addStyle', css });
  const widths = await widthsWhileTyping(p, field, states);
  return Object.fromEntries(variants.map((v, i) => [v, new Set(widths.map((w) => w[i])).size > 1]));
}

const all = (variants: readonly string[], value: boolean) => Object.fromEntries(variants.map((v) => [v, value]));

describe('value states in a remixlet sheet never follow a password field', () => {
  test('control: the same sheets, put in by the page, change the probe as each password field is typed into', async () => {
    for (const field of PASSWORD_FIELDS) expect(await changes(field, VARIANTS, TEXT_STATES, 'page'), field).toEqual(all(VARIANTS, true));
    expect(await changes('#pin', NUMBER_VARIANTS, NUMBER_STATES, 'page')).toEqual(all(NUMBER_VARIANTS, true));
  });

  test('through dom.addStyle, typing into a password field changes nothing', async () => {
    for (const field of PASSWORD_FIELDS) expect(await changes(field, VARIANTS, TEXT_STATES, 'remixlet'), field).toEqual(all(VARIANTS, false));
    expect(await changes('#pin', NUMBER_VARIANTS, NUMBER_STATES, 'remixlet')).toEqual(all(NUMBER_VARIANTS, false));
  });

  test('through dom.addStyle, the same rules still follow a plain field (a form-level state excepted)', async () => {
    const perField = VARIANTS.filter((v) => !v.includes('#f:invalid'));
    expect(await changes('#user', perField, TEXT_STATES, 'remixlet')).toEqual(all(perField, true));
    expect(await changes('#num', NUMBER_VARIANTS, NUMBER_STATES, 'remixlet')).toEqual(all(NUMBER_VARIANTS, true));
  });

  test('a field that becomes a password field after the sheet went in is covered from then on', async () => {
    const p = await open(FORM, { head: HEAD });
    await p.ok({ op: 'addStyle', css: 'body:has(#user:placeholder-shown) #probe-0 { width: 150px }' });
    expect((await probeWidths(p))[0]).toBe(150);
    await p.page.evaluate(() => document.getElementById('user')!.setAttribute('type', 'password'));
    expect((await widthsWhileTyping(p, '#user', TEXT_STATES)).map((w) => w[0])).toEqual([10, 10, 10]);
  });
});
