// Which page a tab's lifecycle work may still act on: a page whose tab committed another document after its
// page agent arrived is going (its reconcile must not stop the new document's sandboxes); a page shown
// without a commit the worker recorded (a prerendered page activated later) is not superseded by the
// document committed before it arrived.
import '../chrome-stub';
import { describe, expect, it } from 'vitest';
import { documentCommittedIn, pageAgentArrived, pageFor, superseded, tabGone, trackPage, type PageRecord } from '../../../../worker/pages/pages';

let nextTab = 100;
const pageOf = (tabId: number, documentId: string): PageRecord =>
  ({ tabId, documentId, url: 'https://shop.test/', readyState: 'loading', agent: {} as PageRecord['agent'], close() {} }) as PageRecord;

describe('superseded pages', () => {
  it('a page whose tab committed another document after it arrived is superseded', () => {
    const tab = nextTab++;
    documentCommittedIn(tab, 'old');
    const old = pageOf(tab, 'old');
    trackPage(old);
    expect(superseded(old)).toBe(false);
    documentCommittedIn(tab, 'new');
    expect(superseded(old)).toBe(true);
    tabGone(tab);
    expect(superseded(old)).toBe(false);
  });

  it("a page whose own commit the worker saw after its page agent arrived is not superseded", () => {
    const tab = nextTab++;
    const early = pageOf(tab, 'doc');
    trackPage(early);
    documentCommittedIn(tab, 'doc');
    expect(superseded(early)).toBe(false);
  });

  it('a page shown without a recorded commit (a prerendered page activated) is not superseded by the earlier one', () => {
    const tab = nextTab++;
    documentCommittedIn(tab, 'shown-before');
    const prerendered = pageOf(tab, 'prerendered');
    trackPage(prerendered);
    expect(superseded(prerendered)).toBe(false);
  });
});

describe("a page agent's word on its address", () => {
  type Listener = (m: unknown) => void;
  function fakePort(name: string, sender?: chrome.runtime.MessageSender) {
    const onMessage: Listener[] = [];
    let disconnected = false;
    const port = {
      name,
      sender,
      postMessage() {},
      disconnect() {
        disconnected = true;
      },
      onMessage: { addListener: (fn: Listener) => onMessage.push(fn), removeListener() {} },
      onDisconnect: { addListener() {}, removeListener() {} },
    };
    return { port: port as unknown as chrome.runtime.Port, say: (m: unknown) => onMessage.forEach((fn) => fn(m)), disconnected: () => disconnected };
  }
  const chromeTabs = (globalThis as unknown as { chrome: { tabs: { connect?: unknown } } }).chrome.tabs;
  chromeTabs.connect = () => fakePort('worker').port;

  const arrive = (tab: number, url: string) => {
    const presence = fakePort('page-agent', { tab: { id: tab } as chrome.tabs.Tab, documentId: `doc-${tab}`, url, frameId: 0 });
    pageAgentArrived(presence.port);
    return presence;
  };
  const hello = (url: string) => ({ hello: { url, title: 't', readyState: 'interactive' } });

  it('a hello on the origin the browser reported is taken', () => {
    const tab = nextTab++;
    const presence = arrive(tab, 'https://shop.test/cart');
    presence.say(hello('https://shop.test/cart#top'));
    expect(pageFor(tab)?.url).toBe('https://shop.test/cart#top');
    expect(presence.disconnected()).toBe(false);
  });

  it("a hello claiming another origin than the browser's is refused and the page dropped", () => {
    const tab = nextTab++;
    const presence = arrive(tab, 'https://evil.test/');
    presence.say(hello('https://bank.test/account'));
    expect(pageFor(tab)).toBeUndefined();
    expect(presence.disconnected()).toBe(true);
  });
});
