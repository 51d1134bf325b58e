// An observer whose selector tests the value attribute stops when a password field appears (a value test
// could read what is typed), and that ending is not silent: the refusal is in the remixlet's log, with
// its code and a reason that says what to observe instead. The observer reports nothing after it.
import { test, expect } from '../harness';
import { readLog } from '../remixlet';
import { installOn, waitForLog } from '../hostile-sandbox/kit';

test('an observer that tests value ends with a logged refusal when a password field appears', async ({ openPage, openExtensionPage, tabIdOf }) => {
  const page = await openPage('news.test', '/index.html');
  const { panel, ids } = await installOn(page, tabIdOf, openExtensionPage, [
    {
      name: 'Watches values',
      matches: ['*://news.test/*'],
      script: `
        await dom.observe('input[value]', (els) => rmx.log('observed ' + els.length));
        rmx.log('observing');
      `,
    },
  ]);
  const id = ids[0]!;
  await waitForLog(panel, id, /^observing$/);
  await page.evaluate(() => {
    const plain = document.createElement('input');
    plain.setAttribute('value', 'first');
    document.body.append(plain);
  });
  await waitForLog(panel, id, /^observed 1$/);
  await page.evaluate(() => {
    const field = document.createElement('input');
    field.type = 'password';
    field.setAttribute('value', 'secret');
    document.body.append(field);
  });
  await expect
    .poll(async () => (await readLog(panel, id)).filter((e) => e.level === 'refusal').map((e) => `${e.refusal?.code} ${e.message}`), { timeout: 10_000 })
    .toContainEqual(expect.stringMatching(/^SELECTOR_TESTS_PASSWORD dom\.observe\('input\[value\]'\) stopped: a password field appeared, and while the page has one a selector may not depend on a field.s value.*Observe a selector without them\.$/));
  expect((await readLog(panel, id)).filter((e) => /^observed /.test(e.message)).map((e) => e.message)).toEqual(['observed 1']);
});
