// The page agent builds its schemas and router only where something will call it (page-agent/main.ts): at once
// on the hosts of remixlets with a script, where a marker run just before it in the same registration says so
// (page-agent/scripted-marker.ts), and elsewhere when the worker first connects (worker/pages/pages.ts). What a
// person sees must not change: a style.css alone, `>>>` rules into closed shadow roots among them (which the
// worker hands to the page agent over that first connection), applies on a host with no script, and a script
// on a host with the marker runs.
import { test, expect } from '../harness';
import { install, manifest, openPanel } from '../remixlet';
import { COMPONENTS_STYLE as STYLE, inRoot } from './components';

const scriptedMarkerOn = (registered: chrome.scripting.RegisteredContentScript[]) => registered.find((s) => s.js?.includes('page-agent-scripted.js'))?.matches ?? [];
const agentRegistrations = (registered: chrome.scripting.RegisteredContentScript[]) => registered.filter((s) => s.js?.includes('page-agent.js'));

test('style.css alone, shadow-root rules among them, applies on a host where no script runs, and a script runs where the marker says one will', async ({ openPage, openExtensionPage, tabIdOf, serviceWorker }) => {
  const page = await openPage('components.test', '/');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  await install(panel, tabId, { 'manifest.json': manifest({ name: 'Components styled', matches: ['*://components.test/*'] }), 'style.css': STYLE });

  // The page agent is there for the style, with no marker: no sandbox will call it.
  let registered = await serviceWorker.evaluate(() => chrome.scripting.getRegisteredContentScripts());
  expect(agentRegistrations(registered)).toEqual([expect.objectContaining({ js: ['page-agent.js'], matches: ['*://components.test/*'] })]);
  expect(scriptedMarkerOn(registered)).toEqual([]);

  await page.reload();
  // The document part through the browser's insertion, the `>>>` parts through the page agent, two roots deep.
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.querySelector('.brand')!).color)).toBe('rgb(1, 2, 3)');
  await expect.poll(() => inRoot(page, '#first', "return getComputedStyle(root.querySelector('.title')).color")).toBe('rgb(1, 2, 3)');
  await expect
    .poll(() => inRoot(page, '#first', "const c = root.querySelector('comment-list'); return getComputedStyle(window.componentRoot(c).querySelector('.comment')).fontStyle"))
    .toBe('italic');

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
      expect.objectContaining({ js: ['page-agent-scripted.js', 'page-agent.js'], matches: ['*://shop.test/*'], runAt: 'document_start' }),
      expect.objectContaining({ js: ['page-agent.js'], matches: ['*://components.test/*'], excludeMatches: ['*://shop.test/*'], runAt: 'document_start' }),
    ]),
  );
  expect(agentRegistrations(registered)).toHaveLength(2);

  await shop.reload();
  await expect.poll(() => shop.evaluate(() => [...document.querySelector('h1')!.attributes].some((a) => a.name.endsWith('-seen') && a.value === '1'))).toBe(true);
});
