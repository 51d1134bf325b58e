// The worker opens its port to a page agent only when something will call it: reconciling a page where a
// remixlet with a script runs connects at once (the router is built while the sandbox starts); a page with
// style.css alone is never connected to, so its page agent never builds its schemas and router.
import { freshWorker } from '../fresh-worker';
import { beforeEach, describe, expect, it } from 'vitest';
import { trackPage, type PageRecord } from '../../../../worker/pages/pages';
import { reconcilePage } from '../../../../worker/pages/sandboxes';
import { save } from '../../../../worker/activation/activation';
import { pageRecord } from '../page-record';

const TAB = 31;
const URL_ = 'https://shop.test/';

async function install(files: Record<string, string>): Promise<void> {
  const result = await save(TAB, undefined, { 'manifest.json': JSON.stringify({ name: 'R', matches: ['*://shop.test/*'] }), ...files });
  if (result.status !== 'activated') throw new Error(JSON.stringify(result));
}

function countedPage(documentId: string): { page: PageRecord; connects: () => number } {
  let connects = 0;
  const page = { ...pageRecord(TAB, documentId, URL_), connect: () => void connects++ };
  return { page, connects: () => connects };
}

describe('the port to a page agent at reconcile', () => {
  beforeEach(async () => {
    await freshWorker(TAB, URL_);
  });

  it('is not opened for a page where only style.css runs', async () => {
    await install({ 'style.css': 'h1 { color: red; }' });
    const { page, connects } = countedPage('doc-style');
    trackPage(page);
    await reconcilePage(page);
    expect(connects()).toBe(0);
  });

  it('is opened when a remixlet with a script runs there', async () => {
    await install({ 'style.css': 'h1 { color: red; }' });
    await install({ 'script.js': 'rmx.log("hi");' });
    const { page, connects } = countedPage('doc-script');
    trackPage(page);
    await reconcilePage(page);
    expect(connects()).toBe(1);
  });
});
