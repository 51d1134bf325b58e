// h.click() is checked against everything it would activate; a refused click changes nothing and sends
// nothing, an allowed one does what a person's click would.
import { describe, expect, test } from 'vitest';
import { unitBrowser } from '../harness';
import { SHOP } from '../fixture';
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

describe('every address a click contacts passes the address rule; a click sends a form only as the form sends itself', () => {
  const PINGS = `
    <a id="ping-third" href="/app/next" ping="https://pings.example/p">third-party ping</a>
    <a id="ping-many" href="/app/next" ping=" /app/own-ping
\t https://pings.example/second ">several, with whitespace</a>
    <a id="ping-frag" href="#reviews" ping="https://pings.example/frag">the page's own in-page link</a>
    <a id="ping-loaded" href="/app/next" ping="https://page.test/app/own-ping https://cdn.partner.example/offer.png"><span id="ping-inner">inner</span></a>
    <img src="https://cdn.partner.example/offer.png" alt="">
    <a href="/app/next" ping="https://pings.example/label"><label id="ping-label">a label inside</label></a>
    <a id="attr-src" href="/app/next" attributionsrc="https://pings.example/attr">attributionsrc</a>
    <img usemap="#m" src="/static/logo.png" alt="" width="10" height="10"><map name="m"><area id="area-ping" href="/app/next" ping="https://pings.example/area" shape="default" alt="area"></map>
    <a id="ping-own" href="#reviews" ping=" /app/own-ping\thttps://x.mysite.test/p ">own-site pings</a>`;
  const FORMS = `
    <form id="post-login" action="/app/login" method="post"><input name="user" value="u">
      <button id="fm-get" formmethod="get">get</button><button id="fe-plain" formenctype="text/plain">plain</button>
      <button id="fm-space" formmethod=" dialog">an invalid keyword, so GET</button><button id="fm-dialog" type="submit" formmethod="dialog">close</button>
      <input type="submit" id="ft" formtarget="_self" value="ft"><span formmethod="get"><button id="fm-up">inside</button></span></form>
    <button id="fm-outside" form="post-login" formmethod="get">outside, tied by form=</button>`;

  test('a link whose ping or attributionsrc names an address the rule refuses, however the click reaches it', async () => {
    await p.page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), PINGS);
    expect(await clickRefused('#ping-third')).toMatch(/ping to "https:\/\/pings\.example\/p"/);
    expect(await clickRefused('#ping-many')).toContain('https://pings.example/second');
    expect(await clickRefused('#ping-frag')).toContain('pings.example/frag');
    expect(await clickRefused('#ping-label')).toContain('pings.example/label');
    expect(await clickRefused('#attr-src')).toMatch(/attributionsrc to "https:\/\/pings\.example\/attr"/);
    expect(await clickRefused('#area-ping')).toContain('pings.example/area');
    // An address the page loads is no exception for a ping, which carries the link's destination.
    expect(await clickRefused('#ping-inner')).toContain('cdn.partner.example/offer.png');
    await p.page.waitForTimeout(100);
    // The page's own image load is the only request that left the page's origin.
    expect(p.offsite()).toEqual(['https://cdn.partner.example/offer.png']);
    expect(p.page.url()).toBe('https://page.test/app/index.html');
  });

  test('pings to the page\'s own origin and the remixlet\'s sites pass, split on whitespace and resolved as the browser does', async () => {
    await p.page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), PINGS);
    await p.ok({ op: 'click', h: await q('#ping-own') });
    await expect.poll(() => p.requests).toEqual(expect.arrayContaining(['https://page.test/app/own-ping', 'https://x.mysite.test/p']));
  });

  test('formmethod, formenctype, formtarget on the button or above it, and a button tied to the form from outside', async () => {
    await p.page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), FORMS);
    expect(await clickRefused('#fm-get')).toContain('formmethod');
    expect(await clickRefused('#fe-plain')).toContain('formenctype');
    expect(await clickRefused('#fm-space')).toContain('formmethod');
    expect(await clickRefused('#ft')).toContain('formtarget');
    expect(await clickRefused('#fm-up')).toContain('formmethod');
    expect(await clickRefused('#fm-outside')).toContain('formmethod');
    // formmethod="dialog" sends nothing: it only closes a dialog.
    await p.ok({ op: 'click', h: await q('#fm-dialog') });
    await p.page.waitForTimeout(100);
    expect(p.requests).toEqual([]);
    expect(p.page.url()).toBe('https://page.test/app/index.html');
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
