// Helpers for driving the popup and the manager as a person would, and for seeing their effect on an open
// page: what a remixlet changed, whether the page reloaded, and how many sandboxes are still alive.
import type { Dialog, Page } from '@playwright/test';
import { expect } from '../harness';
import { install, manifest, openPanel, type RemixletFiles } from '../remixlet';

/** A remixlet that keeps the shop's title reading `text` while it runs, repairing it if the page resets it. */
export function keepTitle(text: string): string {
  return `rmx.keep('title', {
  check: async () => (await (await dom.query('#shop-title')).text()) === ${JSON.stringify(text)},
  repair: async () => { await (await dom.query('#shop-title')).setText(${JSON.stringify(text)}); },
});`;
}

export function retitle(name: string, text: string, extra: { permissions?: Array<{ name: string; reason: string }>; matches?: string[] } = {}): RemixletFiles {
  return {
    'manifest.json': manifest({ name, matches: extra.matches ?? ['*://shop.test/*'], ...(extra.permissions ? { permissions: extra.permissions } : {}) }),
    'script.js': keepTitle(text),
  };
}

export const OUTLINE_CART: RemixletFiles = {
  'manifest.json': manifest({ name: 'Cart outline', matches: ['*://shop.test/*'] }),
  'style.css': '#cart { outline: 3px solid rgb(255, 0, 0); }',
};

export const cartOutline = (page: Page) => page.locator('#cart').evaluate((el) => getComputedStyle(el).outlineColor);

type Evaluate = <T>(expression: string) => Promise<T>;

/** Ids of the sandboxes alive in the offscreen host (the document may still be starting: ask again). */
export function liveSandboxes(evaluateInOffscreen: Evaluate): () => Promise<string[] | string> {
  return () => evaluateInOffscreen<string[]>('remixletLiveSandboxes()').catch(() => 'not ready');
}

/** Leaves a mark in the page's own window; a reload is the only thing that removes it. */
export async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { uiTestMark?: number }).uiTestMark = 1;
  });
}

export async function wasReloaded(page: Page): Promise<boolean> {
  return page
    .evaluate(() => (window as unknown as { uiTestMark?: number }).uiTestMark === undefined)
    .catch(() => false); // mid-navigation: not yet
}

const stay = (d: Dialog) => void (d.type() === 'beforeunload' ? d.dismiss() : d.accept());

/**
 * Makes the page hold up any reload with "Leave site?", and answers it "Stay", as a person could. The
 * page needs a user gesture first, as browsers require for that dialog.
 */
export async function refuseReloads(page: Page): Promise<void> {
  page.on('dialog', stay);
  await page.locator('#cart').click();
  await page.evaluate(() => {
    const hold = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    (window as unknown as { uiTestHold?: typeof hold }).uiTestHold = hold;
    window.addEventListener('beforeunload', hold);
  });
}

export async function allowReloads(page: Page): Promise<void> {
  await page.evaluate(() => {
    const hold = (window as unknown as { uiTestHold?: (e: BeforeUnloadEvent) => void }).uiTestHold;
    if (hold) window.removeEventListener('beforeunload', hold);
  });
  page.off('dialog', stay);
}

/**
 * Keeps the events a page reads again on (window focus, visibilitychange) from reaching its own listeners,
 * so whatever it shows afterwards came some other way. Capture listeners on window run before the page's.
 */
export async function muteShownEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const mute = (e: Event) => {
      if (e.type === 'focus' && e.target !== window) return;
      e.stopImmediatePropagation();
    };
    window.addEventListener('focus', mute, true);
    window.addEventListener('visibilitychange', mute, true);
  });
}

export async function setUp(
  openPage: (host: string, path?: string) => Promise<Page>,
  openExtensionPage: (path: string) => Promise<Page>,
  tabIdOf: (page: Page) => Promise<number>,
) {
  const page = await openPage('shop.test', '/index.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  return { page, tabId, panel, install: (files: RemixletFiles, id?: string) => install(panel, tabId, files, id) };
}

export async function seed(serviceWorker: { evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) => Promise<R> }, records: Array<{ head: unknown; version: unknown }>): Promise<void> {
  await serviceWorker.evaluate(async (rs: Array<{ head: unknown; version: unknown }>) => {
    const seedRemixlet = (globalThis as unknown as { seedRemixlet: (r: unknown) => Promise<void> }).seedRemixlet;
    for (const r of rs) await seedRemixlet(r);
  }, records);
}

export { expect };
