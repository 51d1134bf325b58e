// The worker decides who is calling from the browser-filled sender alone: a port's name is only a claim.
import { describe, expect, it } from 'vitest';
import { classifySender } from '../../../../worker/ports/senders';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const EXT = `chrome-extension://${ID}`;
const tab = { id: 4 } as chrome.tabs.Tab;

describe('classifySender', () => {
  it('admits the offscreen document, the UI pages and a top-frame page agent', () => {
    expect(classifySender('offscreen', { id: ID, origin: EXT, url: `${EXT}/offscreen/offscreen.html` }, ID)).toEqual({ ok: true, role: 'offscreen' });
    for (const page of ['panel/panel.html?tab=3', 'panel/popup.html', 'panel/manager.html']) {
      expect(classifySender('ui', { id: ID, origin: EXT, url: `${EXT}/${page}` }, ID)).toEqual({ ok: true, role: 'ui' });
    }
    expect(classifySender('ui', { id: ID, origin: EXT, url: `${EXT}/panel/manager.html`, tab }, ID)).toEqual({ ok: true, role: 'ui' });
    expect(classifySender('page-agent', { id: ID, origin: 'https://shop.test', url: 'https://shop.test/x', tab, frameId: 0, documentId: 'D' }, ID)).toEqual({
      ok: true,
      role: 'page-agent',
    });
  });

  it('refuses a page agent in a page being prerendered (not the page the tab shows), and admits it once shown', () => {
    const page = { id: ID, origin: 'https://shop.test', url: 'https://shop.test/next', tab, frameId: 0, documentId: 'P' };
    expect(classifySender('page-agent', { ...page, documentLifecycle: 'prerender' } as chrome.runtime.MessageSender, ID)).toEqual({
      ok: false,
      reason: 'a page agent port from a page being prerendered',
    });
    expect(classifySender('page-agent', { ...page, documentLifecycle: 'active' } as chrome.runtime.MessageSender, ID).ok).toBe(true);
  });

  it('refuses a content script that claims to be the UI or the offscreen host', () => {
    const page = { id: ID, origin: 'https://shop.test', url: 'https://shop.test/', tab, frameId: 0, documentId: 'D' };
    expect(classifySender('ui', page, ID).ok).toBe(false);
    expect(classifySender('offscreen', page, ID).ok).toBe(false);
  });

  it('refuses an extension page at the wrong path, another extension, a subframe and an unknown name', () => {
    expect(classifySender('ui', { id: ID, origin: EXT, url: `${EXT}/offscreen/offscreen.html` }, ID).ok).toBe(false);
    expect(classifySender('offscreen', { id: ID, origin: EXT, url: `${EXT}/panel/panel.html` }, ID).ok).toBe(false);
    expect(classifySender('ui', { id: 'other', origin: 'chrome-extension://other', url: 'chrome-extension://other/panel/panel.html' }, ID).ok).toBe(false);
    expect(classifySender('page-agent', { id: ID, origin: 'https://shop.test', url: 'https://shop.test/', tab, frameId: 3, documentId: 'D' }, ID).ok).toBe(false);
    expect(classifySender('page-agent', { id: ID, origin: EXT, url: `${EXT}/panel/panel.html`, tab, frameId: 0, documentId: 'D' }, ID).ok).toBe(false);
    expect(classifySender('admin', { id: ID, origin: EXT, url: `${EXT}/panel/panel.html` }, ID).ok).toBe(false);
  });

  it('trusts the browser-filled origin over the URL', () => {
    // A page whose URL was made to look like the extension's still has a web origin.
    expect(classifySender('ui', { id: ID, origin: 'https://evil.test', url: `${EXT}/panel/panel.html` }, ID).ok).toBe(false);
  });
});
