// The page agent's server (its schemas, router and operations: page-agent-server.js) is in a page only where
// something will call it (page-agent/main.ts): on the hosts of remixlets with a script, in the same
// registration as the page agent, after it and a marker that says so (page-agent/scripted-marker.ts); elsewhere
// the worker injects it when it first connects (worker/pages/pages.ts, agent-server.ts). What a person sees
// must not change: a style.css alone applies on a host with no script without the server ever being parsed
// there, its `>>>` rules into closed shadow roots (which the worker hands to the page agent over that first
// connection) apply too, and a script on a host with the marker runs.
import type { Page } from '@playwright/test';
import { test, expect } from '../harness';
import { install, manifest, openPanel } from '../remixlet';
import { COMPONENTS_STYLE as STYLE, inRoot } from './components';

const scriptedMarkerOn = (registered: chrome.scripting.RegisteredContentScript[]) => registered.find((s) => s.js?.includes('page-agent-scripted.js'))?.matches ?? [];
const agentRegistrations = (registered: chrome.scripting.RegisteredContentScript[]) => registered.filter((s) => s.js?.includes('page-agent.js'));

/** Reloads the page and says which of the extension's scripts the page's renderer parsed for it (its isolated world). */
async function extensionScriptsParsedOnReload(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page);
  const parsed: string[] = [];
  session.on('Debugger.scriptParsed', (e) => {
    if (e.url.startsWith('chrome-extension://')) parsed.push(new URL(e.url).pathname.slice(1));
  });
  await session.send('Debugger.enable');
  await page.reload();
  return parsed;
}

test("style.css alone applies where no script runs without the page agent's server, shadow-root rules with it, and a script runs where the marker says one will", async ({ openPage, openExtensionPage, tabIdOf, serviceWorker }) => {
  // A style.css without `>>>` rules: the page agent is there, its server never is, and the style applies.
  const news = await openPage('news.test', '/');
  const newsTab = await tabIdOf(news);
  const newsPanel = await openPanel(openExtensionPage, newsTab);
  await install(newsPanel, newsTab, { 'manifest.json': manifest({ name: 'News styled', matches: ['*://news.test/*'] }), 'style.css': 'h1 { color: rgb(4, 5, 6) !important; }' });
  const onNews = await extensionScriptsParsedOnReload(news);
  await expect.poll(() => news.evaluate(() => getComputedStyle(document.querySelector('h1')!).color)).toBe('rgb(4, 5, 6)');
  expect(onNews).toContain('page-agent.js');
  expect(onNews).not.toContain('page-agent-server.js');

  const page = await openPage('components.test', '/');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  await install(panel, tabId, { 'manifest.json': manifest({ name: 'Components styled', matches: ['*://components.test/*'] }), 'style.css': STYLE });

  // The page agent is there for the style, with no marker: no sandbox will call it.
  let registered = await serviceWorker.evaluate(() => chrome.scripting.getRegisteredContentScripts());
  expect(agentRegistrations(registered)).toEqual([expect.objectContaining({ js: ['page-agent.js'], matches: ['*://components.test/*', '*://news.test/*'] })]);
  expect(scriptedMarkerOn(registered)).toEqual([]);

  // The `>>>` rules go through the page agent's router: the worker injects its server when it connects.
  const onComponents = await extensionScriptsParsedOnReload(page);
  // The document part through the browser's insertion, the `>>>` parts through the page agent, two roots deep.
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.querySelector('.brand')!).color)).toBe('rgb(1, 2, 3)');
  await expect.poll(() => inRoot(page, '#first', "return getComputedStyle(root.querySelector('.title')).color")).toBe('rgb(1, 2, 3)');
  await expect
    .poll(() => inRoot(page, '#first', "const c = root.querySelector('comment-list'); return getComputedStyle(window.componentRoot(c).querySelector('.comment')).fontStyle"))
    .toBe('italic');
  expect(onComponents).toEqual(expect.arrayContaining(['page-agent.js', 'page-agent-server.js']));

  // A remixlet with a script on another host: the marker goes there, and only there, and the script runs.
  const shop = await openPage('shop.test', '/');
  const shopTab = await tabIdOf(shop);
  await install(panel, shopTab, {
    'manifest.json': manifest({ name: 'Shop marked', matches: ['*://shop.test/*'] }),
    'script.js': "await (await dom.query('h1'))?.setAttr('seen', '1');",
  });
  registered = await serviceWorker.evaluate(() => chrome.scripting.getRegisteredContentScripts());
  expect(scriptedMarkerOn(registered)).toEqual(['*://shop.test/*']);
  // The marker runs first because it is the same registration's first file; the page agent's other
  // registration leaves the scripted host out, so no page evaluates it twice.
  expect(agentRegistrations(registered)).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ js: ['page-agent-scripted.js', 'page-agent.js', 'page-agent-server.js'], matches: ['*://shop.test/*'], runAt: 'document_start' }),
      expect.objectContaining({ js: ['page-agent.js'], matches: ['*://components.test/*', '*://news.test/*'], excludeMatches: ['*://shop.test/*'], runAt: 'document_start' }),
    ]),
  );
  expect(agentRegistrations(registered)).toHaveLength(2);

  const onShop = await extensionScriptsParsedOnReload(shop);
  await expect.poll(() => shop.evaluate(() => [...document.querySelector('h1')!.attributes].some((a) => a.name.endsWith('-seen') && a.value === '1'))).toBe(true);
  // In the registration's order, each once: the worker, told so by the hello, injects no second copy.
  expect(onShop.filter((f) => f.startsWith('page-agent') && f !== 'page-agent-idle.js')).toEqual(['page-agent-scripted.js', 'page-agent.js', 'page-agent-server.js']);
});
