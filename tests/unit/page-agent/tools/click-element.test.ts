// The assistant's click_element: refused when the click would follow a link or submit a form to another site,
// however the click reaches the link or the form (an image button, a span inside a label, a form whose
// fields clobber its attributes); an allowed click does what a person's click would.
import { describe, expect, test } from 'vitest';
import { unitBrowser } from '../harness';
import { SHOP } from '../fixture';

const { p } = unitBrowser({
  body: `${SHOP}
    <form id="img-form" action="https://attacker.example/image"><input type="image" id="img-go" alt="go"></form>
    <form id="lab-form" action="https://attacker.example/label"><button id="lab-go">go</button></form>
    <label for="lab-go"><span id="lab-span">Proceed</span></label>
    <form id="clob" action="https://attacker.example/clob"><input name="action"><input name="getAttribute"><button id="clob-go">go</button></form>
    <button id="outside" form="evil">outside</button>
    <a href="https://attacker.example/wrapped"><span id="wrapped">wrapped</span></a>
    <a id="pinging" href="/app/next" ping="/app/own-ping https://pings.example/p">pinging</a>
    <a id="attributing" href="/app/next" attributionsrc="https://pings.example/a">attributing</a>
    <form id="get-login" action="/app/login" method="post"><button id="fm-get" formmethod="get">get</button><button id="fe-plain" formenctype="text/plain">plain</button></form>`,
});

type Answer = { ok: true; value: { clicked: boolean } } | { ok: false; code: string; reason: string };
const click = (selector: string) =>
  p.page.evaluate((s) => (window as unknown as { __pa: { assistantClick: (i: unknown) => Answer } }).__pa.assistantClick({ selector: s, site: 'page.test' }), selector);
const refused = async (selector: string) => {
  const r = await click(selector);
  if (r.ok) throw new Error(`${selector} was clicked`);
  expect(r.code, selector).toBe('CLICK_REFUSED');
  return r.reason;
};

describe('click_element refuses what would leave the site', () => {
  test('an image button, a span inside a label for a submit button, a clobbered form, a button tied to a form elsewhere', async () => {
    expect(await refused('#img-go')).toContain('attacker.example');
    expect(await refused('#lab-span')).toContain('attacker.example');
    expect(await refused('#clob-go')).toContain('attacker.example');
    expect(await refused('#outside')).toContain('attacker.example');
    expect(await refused('#wrapped')).toContain('attacker.example');
    expect(await refused('#jslink')).toContain('javascript:');
    expect(await refused('#fa')).toContain('formaction');
    expect(await refused('#pinging')).toContain('pings.example');
    expect(await refused('#attributing')).toContain('attributionsrc');
    expect(await refused('#fm-get')).toContain('formmethod');
    expect(await refused('#fe-plain')).toContain('formenctype');
    await p.page.waitForTimeout(100);
    expect(p.offsite()).toEqual([]);
    expect(p.page.url()).toBe('https://page.test/app/index.html');
  });
});

describe('click_element does what a click does on the site', () => {
  test('the page\'s own form submits', async () => {
    expect(await click('#submit')).toMatchObject({ ok: true, value: { clicked: true } });
    await expect.poll(() => p.requests).toContain('https://page.test/app/login');
  });

  test('a link on the site is followed', async () => {
    expect(await click('#home')).toMatchObject({ ok: true, value: { clicked: true } });
    await expect.poll(() => p.requests).toContain('https://page.test/app/');
  });
});
