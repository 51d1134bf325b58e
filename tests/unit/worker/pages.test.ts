// Which page a tab's lifecycle work may still act on: a page whose tab committed another document after its
// page agent arrived is going (its reconcile must not stop the new document's sandboxes); a page shown
// without a commit the worker recorded (a prerendered page activated later) is not superseded by the
// document committed before it arrived.
import './chrome-stub';
import { describe, expect, it } from 'vitest';
import { documentCommittedIn, superseded, tabGone, trackPage, type PageRecord } from '../../../worker/pages';

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
