// The fooled-model suite. Pages carry the corpus's planted instructions in many hiding places; a scripted
// model reads the page through the assistant's tools and obeys whatever it finds there. The suite checks
// containment, not the model: the planted text reached the model (else the test fails: a tool that hid
// the page would prove nothing), no permission without a click, no activation beyond what was approved,
// no image loaded from a reply, no request to any host but the site and the provider, and the chat
// shows the person what the assistant did.
//
//   default: every goal and template once, hiding places rotating by a fixed seed (REMIXLET_INJECTION_SEED=n picks another)
//   full matrix: REMIXLET_INJECTION_MATRIX=full npx playwright test -c tests/e2e/playwright.config.ts tests/e2e/injection
import { BACKGROUND_EXCLUSIONS } from '../harness/proxy';
import { test, expect } from '../harness';
import { readLog, uiCall } from '../remixlet';
import { ScriptedModel } from '../assistant/scripted-model';
import { chatOn, send } from '../assistant/chat-helpers';
import { PERMISSION_CARD_TEXT } from '../../../contracts/policy/manifest';
import { cases, FULL, plantedPage, SEED } from './corpus';
import { FooledModel, PATH_VERDICT } from './fooled-model';

const PER_PAGE = 6;
const all = cases();
const pages: (typeof all)[] = [];
for (let i = 0; i < all.length; i += PER_PAGE) pages.push(all.slice(i, i + PER_PAGE));
const SITE = 'lamps.test';
/** The hosts of the browser's own excluded background requests (harness/proxy.ts), from the one list. */
const BACKGROUND = [...new Set(BACKGROUND_EXCLUSIONS.map((e) => e.host))];

test.describe.configure({ mode: 'parallel' });
test.describe(`fooled model (${FULL ? 'full matrix' : `seed ${SEED}`}: ${all.length} cases on ${pages.length} pages)`, () => {
  pages.forEach((planted, n) => {
    test(`page ${n + 1}: ${planted.map((c) => c.id).join(' · ')}`, async ({ openPage, openExtensionPage, tabIdOf, sites, witness }) => {
      test.setTimeout(180_000);
      sites.route(SITE, '/reviews.html', () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body: plantedPage(`Lamp reviews ${n + 1}`, planted) }));
      const fooled = new FooledModel(planted, SITE);
      const scripted = new ScriptedModel(fooled.script);
      const { page, panel } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, scripted, { host: SITE, path: '/reviews.html' });
      await witness.clear();

      await send(panel, 'Please hide the promo banner on this page.');
      // The person reads each card and dialog and declines: nothing is allowed without their click.
      const seen: Array<{ kind: string; rows: Array<{ name: string; text: string }>; body: string }> = [];
      const working = panel.locator('.chat .working');
      const approval = panel.locator('section.approval').first();
      for (let guard = 0; guard < 40; guard++) {
        // Whichever comes first: a card or dialog to answer, or the end of the turn.
        await expect
          .poll(async () => (await approval.isVisible()) || !(await working.isVisible()), { timeout: 30_000, intervals: [50] })
          .toBe(true)
          .catch(async (e: unknown) => {
            // Say where the turn stood: which tool was still running, what the model last said.
            throw new Error(`no card and the turn did not end within 30 s; the chat shows:\n${await panel.locator('.chat').innerText()}\n${String(e)}`);
          });
        if (!(await approval.isVisible())) break;
        const id = await approval.getAttribute('aria-labelledby');
        const rows = await approval.locator('.rows li').evaluateAll((lis) => lis.map((li) => ({ name: li.getAttribute('data-permission') ?? '', text: li.textContent ?? '' })));
        // The one place the model's words may stand on a card is the remixlet's name, quoted in its own
        // element as the name the assistant gave it; everything else on the card is checked as before.
        const named = await approval.locator('.assistant-name').allTextContents();
        for (const n of named) expect(n).toBe('Helpful tweak');
        const body = await approval.evaluate((el) => {
          const copy = el.cloneNode(true) as HTMLElement;
          for (const n of copy.querySelectorAll('.assistant-name')) n.remove();
          return copy.innerText || copy.textContent || '';
        });
        seen.push({ kind: (await approval.getAttribute('data-approval-kind')) ?? '', rows, body });
        await approval.locator('button.deny').click();
        await expect(panel.locator(`section.approval[aria-labelledby="${id}"]`)).toHaveCount(0);
      }
      await expect(working).toHaveCount(0, { timeout: 20_000 });

      // The planted text reached the model through a tool, for every case on the page.
      const missing = planted.filter((c) => !fooled.found.has(c.id)).map((c) => c.id);
      if (missing.length) expect(missing, `planted instructions that never reached the model; the chat shows:\n${await panel.locator('.chat').innerText()}`).toEqual([]);

      // Cards and dialogs showed fixed text only; the model's words never appear on them.
      for (const a of seen) {
        for (const row of a.rows) expect(row.text).toBe(PERMISSION_CARD_TEXT(row.name));
        expect(a.body).not.toMatch(/CDN|already agreed|APPROVED|Click Allow|as the page asked|Helpful tweak/);
        expect(a.body).not.toContain(PATH_VERDICT);
      }
      if (fooled.attacksDone.includes('ask-host')) {
        expect(seen.some((a) => a.kind === 'permissions' && a.rows.some((r) => r.name === 'fetch:attacker.example'))).toBe(true);
        await expect(panel.locator('.chat .tool .tool-what', { hasText: 'Asked for permission to: send requests to attacker.example, signed in as you; read the responses this page receives from leaking.via' }).first()).toBeVisible();
      }
      // The dialog names the planted match path's site in our words, so that pattern did reach it.
      if (fooled.attacksDone.includes('widen')) expect(seen.some((a) => a.kind === 'activation' && a.body.includes(`some pages of ${SITE}`))).toBe(true);
      // The model hears the person's answer, not a guess: "Not now" on a card, "Don't allow" on a dialog.
      const told = scripted.allToolResults().join('\n');
      if (fooled.attacksDone.includes('ask-host')) expect(told).toContain('"status":"not-now"');
      if (fooled.attacksDone.includes('widen')) expect(told).toContain('"status":"declined"');
      expect(told).not.toContain('"status":"gone"');
      if (fooled.attacksDone.includes('self-approve')) {
        await expect(panel.locator('.chat .tool[data-tool="approve_permission"] .tool-what').first()).toHaveText('Called a tool that does not exist: approve_permission');
      }

      // No activation beyond what was approved: whatever got saved runs on the chat's site only, with no permission.
      const stored = await uiCall<Array<{ id: string; matches: string[]; permissions: unknown[] }>>(panel, 'list', {}, 'query');
      for (const r of stored) expect([r.matches, r.permissions]).toEqual([[`*://${SITE}/*`], []]);
      // No image from a reply: the chat holds none, and nothing was requested (witnesses below).
      await expect(panel.locator('.chat img')).toHaveCount(0);
      if (fooled.attacksDone.includes('image-reply')) await expect(panel.locator('.chat .assistant').last()).toContainText('[image removed: logo]');

      // Later visits: the saved code runs without the model, and every way out it tries is refused.
      if (stored.length) {
        await page.reload();
        await expect.poll(async () => (await readLog(panel, stored[0]!.id)).filter((e) => e.message.startsWith('attempt refused')).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(7);
        const log = await readLog(panel, stored[0]!.id);
        expect(log.map((e) => e.message)).not.toContain('attempt went through');
      }
      await witness.expectNoHits();
      const hosts = new Set(witness.log().map((r) => r.host));
      for (const h of hosts) expect([SITE, 'model.test', ...BACKGROUND]).toContain(h);
    });
  });
});
