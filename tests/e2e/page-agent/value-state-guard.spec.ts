// Issue 24, selector state in sheets, in a real Chromium with the extension: a remixlet's style.css and its
// dom.addStyle sheets may use value states (:invalid, :placeholder-shown, :user-invalid, …), and each goes
// into the page with a guard in front of it (contracts/policy/sheet-for-page.ts), so nothing the remixlet
// measures follows what is typed into a password field (by type, by autocomplete, or masked by CSS once it
// has had focus), while the same rules keep following a plain field. Control: the same sheets put in by the
// page itself, where no remixlet runs, do change the boxes as the password fields are typed into.
import type { Page } from '@playwright/test';
import { test, expect } from '../harness';
import { runLab } from './lab';

/** Ways of turning a field's value state into a probe's width; FIELD the field, PROBE the probe. */
const VARIANTS = [
  'body:has(FIELD:invalid) PROBE { width: 101px }',
  'body:has(FIELD:valid) PROBE { width: 102px }',
  'body:has(FIELD:placeholder-shown) PROBE { width: 103px }',
  'html { body:has(FIELD:not(:placeholder-shown)) PROBE { width: 104px } }',
  'body:has(:is(FIELD):user-invalid) PROBE { width: 105px }',
  'form:has(FIELD:V\\41 LID) ~ PROBE { width: 106px }',
];
/** Fields each sheet is written for: the password fields it must never follow, and a plain one it must. */
const STYLE_FIELDS = ['#vs-pw', '#vs-ac', '#vs-user'];
const ADDED_FIELDS = ['#vs-masked', '#vs-ta', '#vs-user'];
const PASSWORDS = ['#vs-pw', '#vs-ac', '#vs-masked', '#vs-ta'];

const probeId = (sheet: string, field: string, variant: number) => `vp-${sheet}-${field.slice(4)}-${variant}`;
function sheetFor(sheet: 'style' | 'added', fields: readonly string[]): string {
  return fields.flatMap((field) => VARIANTS.map((v, i) => v.replaceAll('FIELD', field).replaceAll('PROBE', `#${probeId(sheet, field, i)}`))).join('\n');
}
const STYLE_CSS = sheetFor('style', STYLE_FIELDS);
const ADDED_CSS = sheetFor('added', ADDED_FIELDS);
const PROBE_IDS = [...STYLE_FIELDS.flatMap((f) => VARIANTS.map((_, i) => probeId('style', f, i))), ...ADDED_FIELDS.flatMap((f) => VARIANTS.map((_, i) => probeId('added', f, i)))];

/** No field is required: empty is valid, too short invalid, long enough valid again. */
const MARKUP = `<style>.vs-probe { display: block; width: 10px; height: 4px; }</style>
<form id="vs">
  <input id="vs-user" placeholder="User" minlength="4">
  <input id="vs-pw" type="password" placeholder="Password" minlength="4">
  <input id="vs-ac" autocomplete="username current-password" placeholder="Password" minlength="4">
  <input id="vs-masked" style="-webkit-text-security: disc" placeholder="Password" minlength="4">
  <textarea id="vs-ta" autocomplete="new-password" placeholder="Password" minlength="4"></textarea>
</form>
${PROBE_IDS.map((id) => `<i class="vs-probe" id="${id}"></i>`).join('')}`;

const TYPED = ['ab', 'cdefgh'];
const TYPED_INTO = ['#vs-user', ...PASSWORDS];

/** Types the step's text into every field, leaving each (for :user-invalid). */
async function typeStep(page: Page, step: number): Promise<void> {
  for (const field of TYPED_INTO) {
    // Focusing by a click puts the caret where the click lands: typing goes on at the end.
    await page.locator(field).press('End');
    await page.locator(field).pressSequentially(TYPED[step]!);
    await page.locator(field).blur();
  }
}

/** The probes whose widths took more than one value over the measurements. */
function changed(measures: ReadonlyArray<Record<string, number>>): string[] {
  return PROBE_IDS.filter((id) => new Set(measures.map((m) => m[id])).size > 1);
}
const probesOf = (sheet: 'style' | 'added', fields: readonly string[]) => fields.flatMap((f) => VARIANTS.map((_, i) => probeId(sheet, f, i)));
const expectedChanges = [...probesOf('style', ['#vs-user']), ...probesOf('added', ['#vs-user'])].sort();

test('value states in style.css and dom.addStyle never follow a password field, and still follow a plain one', async ({ sites, openPage, openExtensionPage, tabIdOf }) => {
  // Control: the page itself carries both sheets; typing into each password field changes its probes.
  sites.route('plain.test', '/value-states.html', () => ({
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!doctype html><title>plain</title><style>${STYLE_CSS}\n${ADDED_CSS}</style><body>${MARKUP}</body>`,
  }));
  const plain = await openPage('plain.test', '/value-states.html');
  const widths = (p: Page) => p.evaluate((ids) => Object.fromEntries(ids.map((id) => [id, document.getElementById(id)!.getBoundingClientRect().width])), PROBE_IDS);
  const control = [await widths(plain)];
  for (const step of [0, 1]) {
    await typeStep(plain, step);
    control.push(await widths(plain));
  }
  expect(changed(control).sort(), 'control: every probe follows its field').toEqual([...PROBE_IDS].sort());
  await plain.close();

  const lab = await runLab(
    { sites, openPage, openExtensionPage, tabIdOf },
    {
      route: '/value-states.html',
      markup: MARKUP,
      style: STYLE_CSS,
      data: { added: [ADDED_CSS], probes: PROBE_IDS },
      waitStatus: 'ready',
      script: `
        const [added] = await readData('added');
        const probes = await readData('probes');
        await dom.addStyle(added);
        const measure = async () => Object.fromEntries(await Promise.all(probes.map(async (id) => [id, (await (await dom.query('#' + id)).rect()).width])));
        await status('ready');
        const out = [];
        for (const step of [0, 1, 2]) {
          await dom.waitFor('#go-' + step, { timeout: 30000 });
          out.push(await measure());
          await status('measured-' + step);
        }
        await report(out);
        await status('done');
      `,
    },
  );
  // The masked field is a password field from its first focus on (the page agent's mark), before anything is typed.
  await lab.page.locator('#vs-masked').focus();
  await lab.page.locator('#vs-masked').blur();
  const go = (step: number) => lab.page.evaluate((n) => document.body.insertAdjacentHTML('beforeend', `<b id="go-${n}"></b>`), step);
  await go(0);
  for (const step of [0, 1]) {
    // Each measurement is in before the next step is typed.
    await expect(lab.page.locator('#status')).toHaveText(`measured-${step}`, { timeout: 30_000 });
    await typeStep(lab.page, step);
    await go(step + 1);
  }
  await expect(lab.page.locator('#status')).toHaveText('done', { timeout: 60_000 });
  // The page still has what was typed: the guard changes which rules match, not the fields.
  expect(await lab.page.locator('#vs-pw').inputValue()).toBe('abcdefgh');
  const measured = await lab.results<Array<Record<string, number>>>();
  expect(measured).toHaveLength(3);
  expect(changed(measured).sort()).toEqual(expectedChanges);
});
