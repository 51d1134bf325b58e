// Which page a tab's lifecycle work may still act on: a page whose tab committed another document after its
// page agent arrived is going (its reconcile must not stop the new document's sandboxes); a page shown
// without a commit the worker recorded (a prerendered page activated later) is not superseded by the
// document committed before it arrived. And every hello is answered, once the page's styles are in, with the word
// that lets the style gate go (contracts/boundaries/style-gate.ts), whatever those styles did.
import '../chrome-stub';
import { describe, expect, it } from 'vitest';
import { documentCommittedIn, pageAgentArrived, pageFor, setPageHooks, superseded, tabGone, trackPage, type PageRecord } from '../../../../worker/pages/pages';
import { STYLES_LANDED } from '../../../../contracts/boundaries/style-gate';

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
    const posted: unknown[] = [];
    let disconnected = false;
    const port = {
      name,
      sender,
      // As Chrome's: a disconnected port throws rather than send.
      postMessage: (m: unknown) => {
        if (disconnected) throw new Error('Attempting to use a disconnected port object');
        posted.push(m);
      },
      disconnect() {
        disconnected = true;
      },
      onMessage: { addListener: (fn: Listener) => onMessage.push(fn), removeListener() {} },
      onDisconnect: { addListener() {}, removeListener() {} },
    };
    return { port: port as unknown as chrome.runtime.Port, say: (m: unknown) => onMessage.forEach((fn) => fn(m)), disconnected: () => disconnected, posted };
  }
  const chromeTabs = (globalThis as unknown as { chrome: { tabs: { connect?: unknown } } }).chrome.tabs;
  const opened: Array<{ tabId: number; documentId?: string; frameId?: number; port: ReturnType<typeof fakePort> }> = [];
  chromeTabs.connect = (tabId: number, info: { documentId?: string; frameId?: number }) => {
    const port = fakePort('worker');
    opened.push({ tabId, documentId: info.documentId, frameId: info.frameId, port });
    return port.port;
  };

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

  it("says whether the page agent announced itself before: only a reconnect's hello has changes no one heard of", () => {
    const arrivals: boolean[] = [];
    setPageHooks({ onArrived: (_page, again) => void arrivals.push(again), onGone() {}, onEvent() {}, stylesIn: async () => undefined });
    const first = arrive(nextTab++, 'https://shop.test/');
    first.say(hello('https://shop.test/'));
    const again = arrive(nextTab++, 'https://shop.test/');
    again.say({ ...hello('https://shop.test/'), again: true });
    expect(arrivals).toEqual([false, true]);
  });

  describe('the port back to the page agent', () => {
    const opensTo = (tab: number) => opened.filter((o) => o.tabId === tab);

    it('is not opened for a hello: a page nothing calls (style.css alone) never builds the page agent\'s router', () => {
      const tab = nextTab++;
      arrive(tab, 'https://shop.test/').say(hello('https://shop.test/'));
      expect(pageFor(tab)).toBeDefined();
      expect(opensTo(tab)).toEqual([]);
    });

    it('is opened to that exact document on the first call, once, and carries the events subscription', () => {
      const tab = nextTab++;
      arrive(tab, 'https://shop.test/').say(hello('https://shop.test/'));
      const page = pageFor(tab)!;
      void page.agent.status({}).catch(() => undefined);
      void page.agent.status({}).catch(() => undefined);
      expect(opensTo(tab).map((o) => [o.documentId, o.frameId])).toEqual([[`doc-${tab}`, 0]]);
      // The events subscription and the two calls went over that one port.
      expect(opensTo(tab)[0]!.port.posted.length).toBe(3);
    });

    it('is opened at a hello that says a script will run here (the page agent is building its router for it)', () => {
      const tab = nextTab++;
      arrive(tab, 'https://shop.test/').say({ ...hello('https://shop.test/'), scripted: true });
      expect(opensTo(tab).map((o) => o.documentId)).toEqual([`doc-${tab}`]);
      void pageFor(tab)!.agent.status({}).catch(() => undefined);
      expect(opensTo(tab)).toHaveLength(1);
    });

    it('is opened ahead of the first call by connect(), and not again by the call', () => {
      const tab = nextTab++;
      arrive(tab, 'https://shop.test/').say(hello('https://shop.test/'));
      const page = pageFor(tab)!;
      page.connect();
      expect(opensTo(tab)).toHaveLength(1);
      void page.agent.status({}).catch(() => undefined);
      expect(opensTo(tab)).toHaveLength(1);
    });

    it('is closed at once when first asked for after the page went, so the call fails instead of waiting', async () => {
      const tab = nextTab++;
      arrive(tab, 'https://shop.test/').say(hello('https://shop.test/'));
      const page = pageFor(tab)!;
      page.close();
      const answer = page.agent.status({}).then(
        () => 'answered',
        () => 'failed',
      );
      expect(opensTo(tab)[0]!.port.disconnected()).toBe(true);
      expect(await answer).toBe('failed');
    });
  });

  describe('the answer that lets the style gate go', () => {
    const settle = () => new Promise((r) => setTimeout(r, 0));
    function withStyles(stylesIn: (page: PageRecord) => Promise<void>) {
      setPageHooks({ onArrived() {}, onGone() {}, onEvent() {}, stylesIn });
    }

    it('comes once the styles of that page are in, and again for a hello on a new port', async () => {
      let done!: () => void;
      const asked: string[] = [];
      withStyles((page) => {
        asked.push(page.url);
        return new Promise<void>((resolve) => (done = resolve));
      });
      const tab = nextTab++;
      const presence = arrive(tab, 'https://shop.test/cart');
      presence.say(hello('https://shop.test/cart'));
      await settle();
      expect(asked).toEqual(['https://shop.test/cart']);
      expect(presence.posted).toEqual([]);
      done();
      await settle();
      expect(presence.posted).toEqual([STYLES_LANDED]);
      // A ready-state change on the same port is not a new hello: no second answer.
      presence.say({ hello: { url: 'https://shop.test/cart', title: 't', readyState: 'complete' } });
      await settle();
      expect(presence.posted).toEqual([STYLES_LANDED]);
    });

    it('comes even when inserting the styles failed: the gate only ever lets a page be seen', async () => {
      withStyles(() => Promise.reject(new Error('the tab went')));
      const presence = arrive(nextTab++, 'https://shop.test/');
      presence.say(hello('https://shop.test/'));
      await settle();
      expect(presence.posted).toEqual([STYLES_LANDED]);
    });

    it('does not come for a refused hello (its page is dropped; the gate goes by its own bound)', async () => {
      const asked: string[] = [];
      withStyles(async (page) => void asked.push(page.url));
      const presence = arrive(nextTab++, 'https://evil.test/');
      presence.say(hello('https://bank.test/account'));
      await settle();
      expect(asked).toEqual([]);
      expect(presence.posted).toEqual([]);
    });
  });
});
