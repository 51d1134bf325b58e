// The watch op behind rmx.keep on a real DOM: with the selectors a keep's checks looked at, only changes in,
// to or around those elements are reported (a list growing elsewhere is not), a wholesale redraw is, reports
// stay at most one per frame, and a hidden tab (no animation frames) still gets them, by timer.
import { describe, expect, test } from 'vitest';
import { SCOPE, unitBrowser } from '../harness';
import { SEARCH_SOON_MS } from '../../../../page-agent/policy/deep-observer';
import { FRAME_FALLBACK_MS } from '../../../../page-agent/ops/watch';

const { p } = unitBrowser({
  body: '<main id="app"><ul id="feed"><li class="item">one</li><li class="item">two</li></ul><div id="cart">Cart: <b>0</b></div></main><aside id="elsewhere"><ol id="other"></ol></aside><form><input type="password" id="pw"></form>',
});

const mutated = async () => (await p.events()).filter((e) => (e as { kind: string }).kind === 'mutated').length;
/**
 * Runs the change in the page, then waits until a report due for it has been made: the watch schedules it
 * (for the next frame, and by a fallback timer) as its observer hears of the change, before the change's
 * evaluation returns, so a page timer set after that for longer than the fallback fires after the report.
 */
const after = async (change: () => void) => {
  await p.page.evaluate(change);
  await p.page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), FRAME_FALLBACK_MS + 1);
  return mutated();
};

/** 1,500 list items added far from every watched element, in one frame. */
const burstElsewhere = () => {
  const other = document.getElementById('other')!;
  for (let i = 0; i < 1_500; i++) other.append(document.createElement('li'));
};

describe('watch with selectors', () => {
  test('changes elsewhere are not reported; inside the watched elements they are, once per frame', async () => {
    await p.ok({ op: 'watch', sels: ['#feed li'] });
    expect(
      await after(() => {
        const other = document.getElementById('other')!;
        for (let i = 0; i < 20; i++) other.append(Object.assign(document.createElement('li'), { textContent: `x${i}` }));
        other.setAttribute('data-n', '20');
        document.getElementById('cart')!.querySelector('b')!.textContent = '3';
        document.getElementById('feed')!.setAttribute('data-feed', 'not a watched element, but holds them');
      }),
    ).toBe(1);
    // The last change above is the feed's own attribute: an ancestor of watched elements. Now only far ones.
    const before = await mutated();
    expect(await after(() => document.getElementById('other')!.replaceChildren())).toBe(before);
    expect(
      await after(() => {
        for (let i = 0; i < 50; i++) document.querySelector('#feed li')!.textContent = `changed ${i}`;
      }),
    ).toBe(before + 1);
  });

  test('a watched element replaced wholesale (a redraw), removed, or added is reported', async () => {
    await p.ok({ op: 'watch', sels: ['#feed li'] });
    const redraw = () => {
      const list = document.createElement('ul');
      list.id = 'feed';
      list.innerHTML = '<li class="item">new</li>';
      document.getElementById('feed')!.replaceWith(list);
    };
    expect(await after(redraw)).toBe(1);
    expect(await after(redraw)).toBe(2);
    expect(await after(() => document.querySelector('#feed li')!.remove())).toBe(3);
    expect(await after(() => document.getElementById('feed')!.append(document.createElement('li')))).toBe(4);
    // An li added anywhere but the feed is not one of them.
    expect(await after(() => document.getElementById('other')!.append(document.createElement('li')))).toBe(4);
  });

  test('an attribute of a watched element or its ancestors counts, also when it stops matching; a sibling\'s does not', async () => {
    await p.ok({ op: 'watch', sels: ['.item'] });
    expect(await after(() => document.getElementById('elsewhere')!.classList.add('dark'))).toBe(0);
    expect(await after(() => document.body.classList.add('dark'))).toBe(1);
    expect(await after(() => document.querySelector('.item')!.classList.remove('item'))).toBe(2);
    expect(await after(() => document.getElementById('cart')!.classList.add('item'))).toBe(3);
  });

  test('a burst too big to judge in a frame counts as a change, as for a watch of the whole page', async () => {
    // A selector with no id to anchor it: the whole page is observed, and each record judged.
    await p.ok({ op: 'watch', sels: ['li.item'] });
    expect(await after(() => document.getElementById('other')!.append(...Array.from({ length: 200 }, () => document.createElement('li'))))).toBe(0);
    expect(
      await after(burstElsewhere),
    ).toBe(1);
  });

  test('sent again, it replaces what is watched; without selectors every change counts', async () => {
    await p.ok({ op: 'watch', sels: ['#feed li'] });
    expect(await after(() => document.querySelector('#cart b')!.append('1'))).toBe(0);
    await p.ok({ op: 'watch', sels: ['#cart'] });
    expect(await after(() => document.querySelector('#cart b')!.append('2'))).toBe(1);
    await p.ok({ op: 'watch' });
    expect(await after(() => document.getElementById('other')!.append(document.createElement('li')))).toBe(2);
  });

  test('handles are watched as their elements: changes in, to or around them count, elsewhere not; only this remixlet\'s own', async () => {
    const cart = await p.ok<{ h: string }>({ op: 'query', sel: '#cart' });
    await p.ok({ op: 'watch', hs: [cart.h] });
    expect(await after(() => document.getElementById('other')!.append(document.createElement('li')))).toBe(0);
    expect(await after(() => (document.querySelector('#cart b')!.textContent = '5'))).toBe(1);
    // The page takes it out and puts it back: reported each time.
    expect(
      await after(() => {
        const el = document.getElementById('cart')!;
        (window as unknown as { takenCart: Element }).takenCart = el;
        el.remove();
      }),
    ).toBe(2);
    expect(await after(() => document.getElementById('app')!.append((window as unknown as { takenCart: Element }).takenCart))).toBe(3);
    // A handle never given to this remixlet is refused, as in any operation.
    const other = { ...SCOPE, id: 'otherremixlet1' };
    const [otherCart] = await p.run([{ op: 'query', sel: '#feed' }], other);
    const refused = await p.refused({ op: 'watch', hs: [(otherCart as { value: { h: string } }).value.h] });
    expect(refused.code).toBe('HANDLE_UNKNOWN');
  });

  test('a watched handle\'s element moved elsewhere by the page is reported, with selectors alongside', async () => {
    const b = await p.ok<{ h: string }>({ op: 'query', sel: '#cart b' });
    await p.ok({ op: 'watch', sels: ['#feed li'], hs: [b.h] });
    expect(await after(() => document.getElementById('other')!.append(document.createElement('li')))).toBe(0);
    expect(await after(() => document.getElementById('other')!.append(document.querySelector('#cart b')!))).toBe(1);
    expect(await after(() => document.querySelector('#feed li')!.append('!'))).toBe(2);
  });

  test('several remixlets\' watches on one page: a change near one reports that one only; far from all, none', async () => {
    const other = { ...SCOPE, id: 'otherremixlet1' };
    await p.ok({ op: 'watch', sels: ['#feed li'] });
    const [watched] = await p.run([{ op: 'watch', sels: ['#cart'] }], other);
    expect(watched?.ok).toBe(true);
    const reportsFor = async () => {
      const events = (await p.events()) as Array<{ kind: string; remixletId?: string }>;
      const ids = events.filter((e) => e.kind === 'mutated').map((e) => e.remixletId);
      return { mine: ids.filter((id) => id === SCOPE.id).length, other: ids.filter((id) => id === other.id).length };
    };
    await after(() => document.getElementById('other')!.append(document.createElement('li')));
    expect(await reportsFor()).toEqual({ mine: 0, other: 0 });
    await after(() => (document.querySelector('#cart b')!.textContent = '7'));
    expect(await reportsFor()).toEqual({ mine: 0, other: 1 });
    await after(() => document.querySelector('#feed li')!.append('!'));
    expect(await reportsFor()).toEqual({ mine: 1, other: 1 });
  });

  test('a selector with a comment left open, which would swallow the others once joined, makes it watch everything', async () => {
    await p.ok({ op: 'watch', sels: ['#cart /* open', '#feed li'] });
    expect(await after(() => document.getElementById('other')!.append(document.createElement('li')))).toBe(1);
  });

  test('selectors pass the page policy: invalid ones and value tests while a password field is present are refused', async () => {
    expect((await p.refused({ op: 'watch', sels: ['#feed', 'li[[['] })).code).toBe('SELECTOR_INVALID');
    expect((await p.refused({ op: 'watch', sels: ['input[value^="a"]'] })).code).toBe('SELECTOR_TESTS_PASSWORD');
  });

  test('a hidden tab draws no frames: reports still arrive, by timer', async () => {
    await p.page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      window.requestAnimationFrame = () => 0;
    });
    await p.ok({ op: 'watch', sels: ['#feed li'] });
    expect(await after(() => document.querySelector('#feed li')!.append('!'))).toBe(1);
    expect(await after(() => document.getElementById('other')!.append('far'))).toBe(1);
    await p.ok({ op: 'watch' });
    expect(await after(() => document.getElementById('other')!.append('far'))).toBe(2);
  });
});

describe("a report says when every change behind it was the remixlet's own", () => {
  const OTHER = { ...SCOPE, id: 'remixlet2xyz' };
  /** The last 'mutated' event for SCOPE's remixlet, once as many as `n` have come. */
  const report = async (n: number) => {
    await expect.poll(mutated).toBe(n);
    return (await p.events()).filter((e) => (e as { kind: string }).kind === 'mutated').at(-1) as { own?: true };
  };
  /** Runs ops for a remixlet, the page changing in the same task just before and/or after (before any report can be made). */
  const run = (ops: unknown[], scope: unknown, page: { before?: boolean; after?: boolean } = {}) =>
    p.page.evaluate(
      async ([ops, scope, page]) => {
        if (page.before) document.getElementById('other')!.append('page');
        const done = (window as unknown as { __pa: { exec: (s: unknown, o: unknown) => Promise<unknown> } }).__pa.exec(scope, ops);
        if (page.after) document.getElementById('other')!.append('page');
        await done;
      },
      [ops, scope, page] as const,
    );
  const mark = (n: string) => [{ op: 'query', sel: '#cart' }, { op: 'setAttr', h: { ref: 0 }, name: 'n', value: n }];

  test("its own call: own; with the page's change just before or after it, or another remixlet's call, in the same frame: not", async () => {
    await p.ok({ op: 'watch' });
    await run(mark('1'), SCOPE);
    expect((await report(1)).own).toBe(true);
    await run(mark('2'), SCOPE, { before: true });
    expect((await report(2)).own).toBeUndefined();
    await run(mark('3'), SCOPE, { after: true });
    expect((await report(3)).own).toBeUndefined();
    await run(mark('4'), OTHER);
    expect((await report(4)).own).toBeUndefined();
    await run(mark('5'), SCOPE);
    expect((await report(5)).own).toBe(true);
  });
});

describe("a report's before: every change behind it was made before the remixlet's batch of that number arrived", () => {
  const OTHER = { ...SCOPE, id: 'remixlet2xyz' };
  const lastReport = async () => (await p.events()).filter((e) => (e as { kind: string }).kind === 'mutated').at(-1) as { before?: number };

  test('a change made after a batch arrived, in the same report as one made before it: before is later than that batch', async () => {
    await p.ok({ op: 'watch' });
    const read = await p.page.evaluate(async ([scope, other]) => {
      const pa = (window as unknown as { __pa: { execNumbered: (s: unknown, o: unknown) => Promise<{ batch: number }> } }).__pa;
      // Before any frame: a change, a batch of this remixlet's (and another's), then another change.
      document.getElementById('other')!.append('before');
      const answer = await pa.execNumbered(scope, [{ op: 'url' }]);
      await pa.execNumbered(other, [{ op: 'url' }]);
      document.getElementById('other')!.append('after');
      return answer.batch;
    }, [SCOPE, OTHER] as const);
    await expect.poll(mutated).toBe(1);
    expect((await lastReport()).before).toBe(read + 1);
    // The next batch takes that number; a report of a change after it names a later one.
    const next = await p.page.evaluate(
      async (scope) => (await (window as unknown as { __pa: { execNumbered: (s: unknown, o: unknown) => Promise<{ batch: number }> } }).__pa.execNumbered(scope, [{ op: 'url' }])).batch,
      SCOPE,
    );
    expect(next).toBe(read + 1);
    expect(await after(() => document.getElementById('other')!.append('later'))).toBe(2);
    expect((await lastReport()).before).toBe(next + 1);
  });
});

describe('watch observes only where its selectors can match (an id anchors them)', () => {
  test('a burst far from an anchored selector\'s elements is not even judged, so it is not reported', async () => {
    await p.ok({ op: 'watch', sels: ['#feed li'] });
    expect(
      await after(burstElsewhere),
    ).toBe(0);
    expect(await after(() => document.querySelector('#feed li')!.append('!'))).toBe(1);
  });

  test('the anchor moved elsewhere is reported, and changes in it are followed at its new place', async () => {
    await p.ok({ op: 'watch', sels: ['#feed li'] });
    expect(await after(() => document.getElementById('elsewhere')!.append(document.getElementById('feed')!))).toBe(1);
    expect(await after(() => document.querySelector('#feed li')!.append('!'))).toBe(2);
    expect(await after(() => document.getElementById('cart')!.append('far'))).toBe(2);
  });

  test('the id given to another element is followed there; an ancestor\'s class that makes it match counts', async () => {
    await p.ok({ op: 'watch', sels: ['#feed li'] });
    expect(
      await after(() => {
        document.getElementById('feed')!.removeAttribute('id');
        document.getElementById('other')!.id = 'feed';
      }),
    ).toBe(1);
    expect(await after(() => document.getElementById('feed')!.append(document.createElement('li')))).toBe(2);
    // Nothing matches `.dark #cart b` until <main> gets the class.
    await p.ok({ op: 'watch', sels: ['.dark #cart b'] });
    expect(await after(() => document.getElementById('app')!.classList.add('dark'))).toBe(3);
  });

  test('an anchor not on the page yet: the whole page is watched until it comes, then only there', async () => {
    await p.ok({ op: 'watch', sels: ['#late .item'] });
    expect(await after(() => document.getElementById('other')!.append(document.createElement('li')))).toBe(0);
    expect(
      await after(() => {
        const late = Object.assign(document.createElement('section'), { id: 'late', innerHTML: '<p class="item">late</p>' });
        document.getElementById('elsewhere')!.append(late);
      }),
    ).toBe(1);
    expect(await after(() => document.querySelector('#late .item')!.append('!'))).toBe(2);
    expect(
      await after(burstElsewhere),
    ).toBe(2);
  });

  test('an id the page repeats, or an anchor of a list not on the page yet, watches the whole page', async () => {
    await p.page.evaluate(() => document.getElementById('other')!.insertAdjacentHTML('beforeend', '<li><ul id="feed"></ul></li>'));
    await p.ok({ op: 'watch', sels: ['#feed li'] });
    expect(await after(() => document.querySelectorAll('#feed')[1]!.append(document.createElement('li')))).toBe(1);
    await p.ok({ op: 'watch', sels: ['#cart b', '#late li'] });
    expect(await after(() => document.getElementById('elsewhere')!.insertAdjacentHTML('beforeend', '<ol id="late"><li>x</li></ol>'))).toBe(2);
  });

  test('attributes of the anchor\'s ancestors count only when they make something match', async () => {
    await p.ok({ op: 'watch', sels: ['#feed .ad'] });
    expect(await after(() => document.documentElement.style.setProperty('--y', '1'))).toBe(0);
    expect(await after(() => document.body.classList.add('scrolled'))).toBe(0);
    // A class between the anchor and the element that makes it match.
    await p.ok({ op: 'watch', sels: ['#app .on li'] });
    expect(await after(() => document.getElementById('feed')!.classList.add('on'))).toBe(1);
  });

  test('a handle watch sees its element taken out, and put back anywhere', async () => {
    const b = await p.ok<{ h: string }>({ op: 'query', sel: '#cart b' });
    await p.ok({ op: 'watch', hs: [b.h] });
    expect(await after(() => (window as unknown as { taken: Element }).taken = document.querySelector('#cart b')!.parentElement!.removeChild(document.querySelector('#cart b')!))).toBe(1);
    expect(await after(() => document.getElementById('other')!.append((window as unknown as { taken: Element }).taken))).toBe(2);
    expect(await after(() => ((window as unknown as { taken: Element }).taken.textContent = '9'))).toBe(3);
    expect(await after(() => document.getElementById('cart')!.append('far'))).toBe(3);
  });
});

describe('watches and shadow roots', () => {
  /** A component with a closed shadow root holding an element of the watched class; the test keeps the root. */
  const addComponent = () =>
    p.page.evaluate(() => {
      const host = document.createElement('x-card');
      document.getElementById('elsewhere')!.append(host);
      const root = host.attachShadow({ mode: 'closed' });
      root.innerHTML = '<p class="item">inside</p>';
      (window as unknown as { cardRoot: ShadowRoot }).cardRoot = root;
    });
  const inside = () => (window as unknown as { cardRoot: ShadowRoot }).cardRoot.querySelector('.item')!.setAttribute('data-n', String(Math.random()));

  test('a selector with no anchor (it never enters a shadow root) is not reported for a change inside one; a change near it in the page is', async () => {
    await addComponent();
    await p.ok({ op: 'watch', sels: ['.item'] });
    expect(await after(inside)).toBe(0);
    // Control: the same change to a matching element of the page's own tree.
    expect(await after(() => document.querySelector('#feed .item')!.setAttribute('data-n', '1'))).toBe(1);
  });

  /** Waits in the page for longer than a watch of every change waits to search for roots: timers fire in the order they are due. */
  const pastTheSearch = () => p.page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), SEARCH_SOON_MS + 50);

  test('a watch of every change still hears inside shadow roots, closed ones included', async () => {
    await addComponent();
    await p.ok({ op: 'watch' });
    await pastTheSearch();
    // The search found the root and reported it once (a change in it could have gone unseen until then); now each change there is heard.
    await expect.poll(mutated).toBe(1);
    expect(await after(inside)).toBe(2);
  });

  test('a watch of every change searches for roots soon, not at once: narrowed before then, it searches none; kept, it finds them and reports', async () => {
    await addComponent();
    // Counts the page agent's questions for shadow roots (chrome.dom.openOrClosedShadowRoot, which the harness stands in for).
    const asked = () => p.page.evaluate(() => (window as unknown as { asked?: number }).asked ?? 0);
    await p.page.evaluate(() => {
      const w = window as unknown as { asked: number; chrome: { dom: { openOrClosedShadowRoot: (el: Element) => ShadowRoot | null } } };
      const ask = w.chrome.dom.openOrClosedShadowRoot;
      w.asked = 0;
      w.chrome.dom.openOrClosedShadowRoot = (el) => (w.asked++, ask(el));
    });
    // A keep's first watch, narrowed by its first check at once (one batch, one task).
    await p.run([{ op: 'watch' }, { op: 'watch', sels: ['#feed .item'] }]);
    await pastTheSearch();
    expect(await asked()).toBe(0);
    // Kept: a change inside the root made before the search is unseen, so the roots the search finds make it report.
    await p.run([{ op: 'watch' }]);
    await p.page.evaluate(inside);
    await pastTheSearch();
    expect(await asked()).toBeGreaterThan(0);
    await expect.poll(mutated).toBe(1);
  });

  test('a handle whose element the page took out is followed when the page puts it back inside a shadow root', async () => {
    await addComponent();
    const b = await p.ok<{ h: string }>({ op: 'query', sel: '#cart b' });
    await p.ok({ op: 'watch', sels: ['.item'], hs: [b.h] });
    expect(await after(() => ((window as unknown as { taken: Element }).taken = document.querySelector('#cart b')!.parentElement!.removeChild(document.querySelector('#cart b')!)))).toBe(1);
    expect(await after(() => (window as unknown as { cardRoot: ShadowRoot; taken: Element }).cardRoot.append((window as unknown as { taken: Element }).taken))).toBe(2);
    // Back in a place it can be observed: a change to it there counts, one far away does not.
    expect(await after(() => ((window as unknown as { taken: Element }).taken.textContent = '7'))).toBe(3);
    expect(await after(() => document.getElementById('other')!.append('far'))).toBe(3);
  });

  test('a handle inside a shadow root is watched there, beside a selector with no anchor', async () => {
    await addComponent();
    const h = await p.ok<{ h: string }>({ op: 'query', sel: 'x-card >>> .item' });
    await p.ok({ op: 'watch', sels: ['.item'], hs: [h.h] });
    expect(await after(inside)).toBe(1);
    expect(await after(() => document.getElementById('other')!.append('far'))).toBe(1);
  });
});
