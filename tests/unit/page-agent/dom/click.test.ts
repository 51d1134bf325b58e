// h.click() is checked against everything it would activate; a refused click changes nothing and sends
// nothing, an allowed one does what a person's click would.
import { describe, expect, test } from 'vitest';
import { unitBrowser } from './harness';
import { SHOP } from './fixture';
import type { Handle } from '../../../../contracts/dom/ops';

const { p, q } = unitBrowser({
  body: `${SHOP}<label id="label-evil" for="evil-submit">Proceed</label><a id="wrap" href="javascript:window.__canary++"><span id="inside">inside</span></a><button id="plain" type="button" onclick="window.__clicked = (window.__clicked||0) + 1">plain</button><a id="dl" href="/app/file" download>dl</a><details><summary id="sum">More</summary>hidden</details>`,
});

const clickRefused = async (sel: string) => {
  const r = await p.refused({ op: 'click', h: await q(sel) });
  expect(r.code, sel).toBe('CLICK_REFUSED');
  return r.reason;
};

describe('refused clicks', () => {
  test('a link or a form whose destination the address rule refuses, however it is reached', async () => {
    expect(await clickRefused('#evil-submit')).toContain('attacker.example');
    expect(await clickRefused('#label-evil')).toContain('attacker.example');
    expect(await clickRefused('#evil-label')).toContain('attacker.example');
    expect(await clickRefused('#evil-inner')).toContain('attacker.example');
    expect(await clickRefused('#inside')).toContain('javascript:');
    expect(await clickRefused('#jslink')).toContain('javascript:');
    // A link is not a load: the page's own link to another site is a destination the address rule refuses.
    expect(await clickRefused('#partner')).toContain('partner.example');
    await p.page.waitForTimeout(100);
    expect(p.offsite()).toEqual([]);
    expect(p.page.url()).toBe('https://page.test/app/index.html');
    expect(await p.page.evaluate(() => (window as unknown as { __canary: number }).__canary)).toBe(0);
  });

  test('formaction, a new window and a download', async () => {
    expect(await clickRefused('#fa')).toContain('formaction');
    expect(await clickRefused('#blank')).toContain('another window');
    expect(await clickRefused('#dl')).toContain('download');
    expect(p.requests).toEqual([]);
  });

  test('a form whose attributes its own fields clobber (name="action", "method", "target", "getAttribute") is judged by its real attributes', async () => {
    await p.page.evaluate(() =>
      document.body.insertAdjacentHTML(
        'beforeend',
        `<form id="clob-action" action="https://attacker.example/clobbered" method="post"><input type="hidden" name="action" value="x"><button id="clob-action-go">Go</button></form>
         <form id="clob-target" target="_blank"><input type="hidden" name="target"><button id="clob-target-go">Go</button></form>
         <form id="clob-method" action="https://attacker.example/m" method="dialog"><input name="method"><input name="getAttribute"><input name="id"><button id="clob-method-go">Go</button></form>
         <form id="clob-image" action="https://attacker.example/i"><input name="action"><input type="image" id="clob-image-go" alt="go"></form>`,
      ),
    );
    expect(await clickRefused('#clob-action-go')).toContain('attacker.example');
    expect(await clickRefused('#clob-target-go')).toContain('another window');
    expect(await clickRefused('#clob-image-go')).toContain('attacker.example');
    // method="dialog" really is a dialog form: it closes a dialog and sends nothing, so it is allowed
    // however its fields are named.
    await p.ok({ op: 'click', h: await q('#clob-method-go') });
    await p.page.waitForTimeout(100);
    expect(p.offsite()).toEqual([]);
    expect(p.page.url()).toBe('https://page.test/app/index.html');
  });

  test('a form whose fields clobber parentElement, localName and hasAttribute is still walked once, to the top', async () => {
    await p.page.evaluate(() =>
      document.body.insertAdjacentHTML(
        'beforeend',
        '<a href="javascript:window.__canary++"><form id="clob-walk"><input name="parentElement"><input name="localName"><input name="hasAttribute"><input name="namespaceURI"><span id="clob-walk-span">x</span></form></a>',
      ),
    );
    expect(await clickRefused('#clob-walk-span')).toContain('javascript:');
    expect(await p.page.evaluate(() => (window as unknown as { __canary: number }).__canary)).toBe(0);
  });

  test('a target the browser reads as a window name (" _self", whitespace) or a <base target> opens another window', async () => {
    await p.page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<a id="sp-self" href="/app/x" target=" _self">x</a><a id="ws" href="/app/x" target=" ">y</a><form id="sp-form" action="/app/f" target="_self "><button id="sp-go">go</button></form>'));
    expect(await clickRefused('#sp-self')).toContain('another window');
    expect(await clickRefused('#ws')).toContain('another window');
    expect(await clickRefused('#sp-go')).toContain('another window');
    await p.page.evaluate(() => document.head.insertAdjacentHTML('beforeend', '<base target="_blank">'));
    expect(await clickRefused('#home')).toContain('another window');
    expect(p.requests).toEqual([]);
  });

  test('an element that is not on the page', async () => {
    const btn = await p.ok<Handle>({ op: 'create', tag: 'button', text: 'x' });
    expect((await p.refused({ op: 'click', h: btn.h })).code).toBe('CLICK_REFUSED');
  });
});

describe('allowed clicks', () => {
  test('a plain button runs the page\'s own handler; a summary opens its details', async () => {
    await p.ok({ op: 'click', h: await q('#plain') });
    expect(await p.page.evaluate(() => (window as unknown as { __clicked: number }).__clicked)).toBe(1);
    await p.ok({ op: 'click', h: await q('#sum') });
    expect(await p.page.evaluate(() => document.querySelector('details')!.open)).toBe(true);
  });

  test('the page\'s own in-page link, and a link to an address the page already loads', async () => {
    await p.ok({ op: 'click', h: await q('#frag') });
    expect(p.page.url()).toBe('https://page.test/app/index.html#reviews');
    await p.page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<img src="https://cdn.partner.example/offer.png" alt=""><a id="offer" href="https://cdn.partner.example/offer.png">offer</a>'));
    const offers = () => p.requests.filter((u) => u === 'https://cdn.partner.example/offer.png').length;
    await expect.poll(offers).toBe(1);
    await p.ok({ op: 'click', h: await q('#offer') });
    await expect.poll(offers).toBe(2);
  });

  test('a submit button whose form posts to the page\'s own origin submits it', async () => {
    await p.ok({ op: 'click', h: await q('#submit') });
    await expect.poll(() => p.requests).toContain('https://page.test/app/login');
  });
});
