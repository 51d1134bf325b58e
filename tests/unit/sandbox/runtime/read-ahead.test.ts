// Reading ahead for rmx.keep, through the runtime's real Bridge, keep and dom over a stand-in page agent whose
// page the tests change: a check that only read sends those reads together as its next run starts, and its
// calls are answered from them, one round trip instead of one per await. The rule it must keep: an answer read
// ahead never tells remixlet code of a page older than something it could already know of (its own change
// sent since, an event it heard, another check woken since), and never answers a different read, a read of
// another element, or one call twice.
import { describe, expect, it } from 'vitest';
import { createKeep } from '../../../../sandbox/runtime/keep';
import type { EventRouter } from '../../../../sandbox/runtime/events';
import type { DomOp } from '../../../../contracts/dom/ops';
import { answer, bridgeOver, fakePageAgent, hostWith } from './fake-page-agent';
import { handleIdOf } from '../../../../sandbox/runtime/handle-id';

/** A page of a few elements by selector, each with attributes, that the test changes between calls. */
function page() {
  const elements = new Map<string, { h: string; attrs: Record<string, string> }>([
    ['#main', { h: 'h1', attrs: {} }],
    ['#side', { h: 'h2', attrs: { role: 'complementary' } }],
  ]);
  const agent = fakePageAgent((op, element) => {
    const byHandle = (h: unknown) => [...elements.values()].find((e) => e.h === element(h));
    switch (op.op) {
      case 'query': {
        const el = elements.get(op.sel);
        return answer(el ? { h: el.h, tag: 'div' } : null);
      }
      case 'attr':
        return answer(byHandle(op.h)?.attrs[op.name] ?? null);
      case 'setAttr': {
        const el = byHandle(op.h);
        if (el) el.attrs[op.name] = op.value;
        return answer(null);
      }
      default:
        return answer(null);
    }
  });
  const ops = () => agent.batches.map((b) => b.map((op) => op.op).join('+'));
  return { elements, ...agent, ops };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the bridge answers a call from reads sent ahead only when it is the same read of the same element', () => {
  const plan: DomOp[] = [
    { op: 'query', sel: '#main' },
    { op: 'attr', h: { ref: 0 }, name: 'seen' },
  ];

  it('the reads go in one batch; the same calls after it cost no round trip, and read what the page had', async () => {
    const p = page();
    p.elements.get('#main')!.attrs.seen = '1';
    p.bridge.readAhead(plan);
    const h = await p.api.query('#main');
    expect(await h!.attr('seen')).toBe('1');
    expect(p.ops()).toEqual(['query+attr']);
  });

  it('another read, another element, or the same read twice goes to the page', async () => {
    const p = page();
    p.bridge.readAhead(plan);
    const main = await p.api.query('#main');
    expect(await main!.attr('role')).toBe(null);
    const side = await p.api.query('#side');
    expect(await side!.attr('seen')).toBe(null);
    expect(await main!.attr('seen')).toBe(null);
    expect(await main!.attr('seen')).toBe(null);
    expect(p.ops()).toEqual(['query+attr', 'attr', 'query', 'attr', 'attr']);
  });

  it('an element the page put in place of the one read ahead is read from the page', async () => {
    const p = page();
    const old = p.elements.get('#main')!;
    p.bridge.readAhead(plan);
    await settle();
    // Redrawn: the new element, found by another selector, is another handle than the one the plan's attr read.
    const redrawn = { h: 'h9', attrs: { seen: '1' } };
    p.elements.set('#main', redrawn);
    p.elements.set('main', redrawn);
    expect(old.h).toBe('h1');
    expect(await (await p.api.query('main'))!.attr('seen')).toBe('1');
    expect(p.ops()).toEqual(['query+attr', 'query', 'attr']);
  });

  it('after a change it sent, the remixlet reads the page, not what was read before the change', async () => {
    const p = page();
    p.bridge.readAhead(plan);
    const main = await p.api.query('#main');
    await main!.setAttr('seen', '1');
    expect(await main!.attr('seen')).toBe('1');
    expect(p.ops()).toEqual(['query+attr', 'setAttr', 'attr']);
  });

  it('dropped (the check ended, or news reached remixlet code), they answer nothing more', async () => {
    const p = page();
    p.bridge.readAhead(plan);
    const main = await p.api.query('#main');
    p.elements.get('#main')!.attrs.seen = '1';
    p.bridge.dropAhead();
    expect(await main!.attr('seen')).toBe('1');
    expect(p.ops()).toEqual(['query+attr', 'attr']);
  });
});

/** A keep that marks an element (#main unless told) and holds while it is marked. */
const marked = (p: ReturnType<typeof page>, sel = '#main') => ({
  check: async () => (await (await p.api.query(sel))?.attr('seen')) === '1',
  repair: async () => {
    await (await p.api.query(sel))?.setAttr('seen', '1');
  },
});

/** rmx.keep over the real bridge; `change()` is a change report, `news()` an event remixlet code hears. */
function keepOver(p: ReturnType<typeof page>, remembered: ReadonlyMap<string, readonly DomOp[]> = new Map()) {
  const remember: Array<[string, readonly DomOp[]]> = [];
  const changes = new Set<(kind: 'mutated' | 'navigated', own?: boolean, before?: number) => void>();
  const news = new Set<() => void>();
  const events = {
    onChange: (fn: (kind: 'mutated' | 'navigated', own?: boolean, before?: number) => void) => (changes.add(fn), () => changes.delete(fn)),
    onNews: (fn: () => void) => (news.add(fn), () => news.delete(fn)),
  } as unknown as EventRouter;
  const keep = createKeep({
    events,
    watch: (scope) => p.bridge.dom(scope === 'page' ? { op: 'watch' } : { op: 'watch', sels: [...scope.sels] }),
    tap: (fn) => p.bridge.tap(fn),
    readAhead: (plan) => p.bridge.readAhead(plan),
    remembered,
    remember: (name, plan) => void remember.push([name, plan]),
    answerFrom: (seen) => p.bridge.answerFrom(seen),
    dropAhead: (these) => p.bridge.dropAhead(these),
    changesSettled: () => p.bridge.changesSettled(),
    batchesFrom: () => p.bridge.batchesFrom(),
    log: () => undefined,
    nextFrame: (fn) => void setTimeout(fn, 0),
    timer: (fn, ms) => setTimeout(fn, ms),
    now: () => Date.now(),
  });
  const quiet = async () => {
    for (let i = 0; i < 20; i++) await settle();
  };
  return {
    keep,
    /** The plans the host was asked to remember for the next load, in order. */
    remember,
    change: (own = false, before?: number) => changes.forEach((fn) => fn('mutated', own, before)),
    news: () => news.forEach((fn) => fn()),
    quiet,
  };
}

describe('rmx.keep reads ahead', () => {
  it('a check that only read sends its reads ahead of its next run: the check after a repair is one round trip', async () => {
    const p = page();
    const k = keepOver(p);
    k.keep('marked', marked(p));
    await k.quiet();
    expect(p.elements.get('#main')!.attrs.seen).toBe('1');
    // The watch of the whole page with the first check, which learns its reads; the repair, its query answered
    // from the check's; the narrowed watch with the check after it, read ahead.
    expect(p.ops()).toEqual(['watch+query', 'attr', 'setAttr', 'watch+query+attr']);
    // A change near it later: one round trip, and it holds.
    k.change();
    await k.quiet();
    expect(p.ops().slice(4)).toEqual(['query+attr']);
  });

  it('what was read ahead of a check is not older than a change the page made before the check began', async () => {
    const p = page();
    const k = keepOver(p);
    k.keep('marked', marked(p));
    await k.quiet();
    // The page takes the mark off and reports it: the check reads the page as it is now, and repairs.
    delete p.elements.get('#main')!.attrs.seen;
    k.change();
    await k.quiet();
    expect(p.elements.get('#main')!.attrs.seen).toBe('1');
    expect(p.ops().slice(4)).toEqual(['query+attr', 'setAttr', 'query+attr']);
  });

  it('a check that changed the page, or ran beside another, is not read ahead next time', async () => {
    const p = page();
    const k = keepOver(p);
    k.keep('writes in its check', {
      check: async () => {
        const h = await p.api.query('#side');
        await h!.setAttr('touched', '1');
        return (await h!.attr('touched')) === '1';
      },
      repair: () => undefined,
    });
    await k.quiet();
    k.change();
    await k.quiet();
    expect(p.ops()).toEqual(['watch+query', 'setAttr', 'attr', 'watch', 'query', 'setAttr', 'attr']);

    const q = page();
    const two = keepOver(q);
    const reads = (sel: string) => ({ check: async () => (await (await q.api.query(sel))?.attr('role')) !== 'x', repair: () => undefined });
    two.keep('main', reads('#main'));
    two.keep('side', reads('#side'));
    await two.quiet();
    two.change();
    await two.quiet();
    // Both checks run at once each time: no call can be told to be one's or the other's, so none goes ahead.
    expect(q.ops().filter((o) => o.includes('attr') && o.includes('query'))).toEqual([]);
  });

  it('what a check read ahead and did not use answers nothing after it: its repair reads the page', async () => {
    const p = page();
    const k = keepOver(p);
    let short = false;
    const repairRead: unknown[] = [];
    k.keep('marked', {
      check: async () => {
        const h = await p.api.query('#main');
        if (short) {
          // This run stops before its second read; the page changes meanwhile.
          p.elements.get('#main')!.attrs.seen = 'later';
          return false;
        }
        return (await h?.attr('seen')) === '1';
      },
      repair: async () => {
        // The same read the plan's second one was (#main is h1), before any change of its own.
        repairRead.push(await p.bridge.dom({ op: 'attr', h: 'h1', name: 'seen' }));
        await (await p.api.query('#main'))?.setAttr('seen', '1');
      },
    });
    await k.quiet();
    short = true;
    k.change();
    await k.quiet();
    expect(repairRead).toEqual([null, 'later']);
  });

  it('news that reaches remixlet code while the check waits stops answers from what was read before it', async () => {
    const p = page();
    const k = keepOver(p);
    let heard = false;
    k.keep('marked', {
      check: async () => {
        const h = await p.api.query('#main');
        if (heard) {
          // The page changed and remixlet code heard of it (a dom event): what follows is read from the page.
          p.elements.get('#main')!.attrs.seen = 'changed';
          k.news();
        }
        return (await h?.attr('seen')) !== 'changed';
      },
      repair: () => undefined,
    });
    await k.quiet();
    heard = true;
    k.change();
    await k.quiet();
    expect(p.ops().slice(-2)).toEqual(['query+attr', 'attr']);
  });
});

describe("a keep's plan, remembered from an earlier load (the offscreen host keeps it: contracts/boundaries/keep-plans.ts)", () => {
  it('the next load\'s first check sends it ahead with the first watch: one round trip where it took two', async () => {
    const first = page();
    const k1 = keepOver(first);
    k1.keep('marked', marked(first));
    await k1.quiet();
    expect(first.ops()).toEqual(['watch+query', 'attr', 'setAttr', 'watch+query+attr']);
    // Learned at the first check, the same again after the repair: the host is asked once.
    expect(k1.remember).toEqual([['marked', [{ op: 'query', sel: '#main' }, { op: 'attr', h: { ref: 0 }, name: 'seen' }]]]);

    const next = page();
    const k2 = keepOver(next, new Map(k1.remember));
    k2.keep('marked', marked(next));
    await k2.quiet();
    expect(next.elements.get('#main')!.attrs.seen).toBe('1');
    expect(next.ops()).toEqual(['watch+query+attr', 'setAttr', 'watch+query+attr']);
    // Nothing new to remember.
    expect(k2.remember).toEqual([]);

    // A page that already holds: the first check alone, one round trip.
    const held = page();
    held.elements.get('#main')!.attrs.seen = '1';
    const k3 = keepOver(held, new Map(k1.remember));
    k3.keep('marked', marked(held));
    await k3.quiet();
    expect(held.ops()).toEqual(['watch+query+attr', 'watch']);
  });

  it("a plan that is not what the check reads answers none of its calls: they go to the page, and the new plan is remembered", async () => {
    const p = page();
    p.elements.get('#side')!.attrs.seen = '1';
    const stale = new Map<string, readonly DomOp[]>([['marked', [{ op: 'query', sel: '#side' }, { op: 'attr', h: { ref: 0 }, name: 'seen' }]]]);
    const k = keepOver(p, stale);
    k.keep('marked', marked(p));
    await k.quiet();
    // #side's mark, read ahead, did not answer the check of #main: its query went to the page (in the same batch,
    // sent in the same turn), then its read, and it repaired #main.
    expect(p.elements.get('#main')!.attrs.seen).toBe('1');
    expect(p.ops()).toEqual(['watch+query+attr+query', 'attr', 'setAttr', 'watch+query+attr']);
    expect(k.remember).toEqual([['marked', [{ op: 'query', sel: '#main' }, { op: 'attr', h: { ref: 0 }, name: 'seen' }]]]);
  });

  it('a plan that reads an element by its handle id, found before the check, is not remembered: that id means nothing on the next page', async () => {
    const p = page();
    const k = keepOver(p);
    const side = await p.api.query('#side');
    k.keep('side and main', {
      check: async () => (await side!.attr('role')) === 'complementary' && (await (await p.api.query('#main'))?.attr('seen')) === undefined,
      repair: () => undefined,
    });
    await k.quiet();
    expect(k.remember).toEqual([]);
  });
});

describe("a report of the remixlet's own changes (the page agent says so) wakes a check only when one may not have seen them", () => {
  it('made before every keep of the remixlet began its latest check: no check runs; any other report runs them', async () => {
    const p = page();
    const k = keepOver(p);
    k.keep('marked', marked(p));
    await k.quiet();
    const sent = p.batches.length;
    k.change(true);
    await k.quiet();
    expect(p.batches.length).toBe(sent);
    k.change(false);
    await k.quiet();
    expect(p.ops().slice(sent)).toEqual(['query+attr']);
  });

  it("a change the remixlet's other code made after the keep's check began wakes it, and it repairs", async () => {
    const p = page();
    const k = keepOver(p);
    k.keep('marked', marked(p));
    await k.quiet();
    const sent = p.batches.length;
    // Not the keep: the remixlet's other code takes the mark off; the page agent reports that change as its own.
    await (await p.api.query('#main'))!.setAttr('seen', '0');
    k.change(true);
    await k.quiet();
    expect(p.elements.get('#main')!.attrs.seen).toBe('1');
    expect(p.ops().slice(sent)).toEqual(['query', 'setAttr', 'query+attr', 'setAttr', 'query+attr']);
  });

  it("the bridge's first batch to come is past the highest number any answer carried, whatever order they came in", async () => {
    const held: Array<() => void> = [];
    let n = 0;
    const numbers = [3, 2, Number.NaN, 1e300];
    const dom = (wire: unknown[]) => {
      const batch = numbers[n++];
      return new Promise((resolve) => held.push(() => resolve({ ok: true, value: { batch, results: wire.map(() => ({ ok: true, value: null })) } })));
    };
    const bridge = bridgeOver(hostWith(dom));
    expect(bridge.batchesFrom()).toBe(1);
    for (let i = 0; i < numbers.length; i++) {
      void bridge.dom({ op: 'url' });
      await settle();
    }
    held[1]!();
    await settle();
    expect(bridge.batchesFrom()).toBe(3);
    held[0]!();
    held[2]!();
    held[3]!();
    await settle();
    // A number that is not a safe integer moves nothing.
    expect(bridge.batchesFrom()).toBe(4);
  });

  it('the bridge counts a change as settled only once it is answered; reads and watches are not changes', async () => {
    const held: Array<() => void> = [];
    const dom = (wire: unknown[]) => new Promise((resolve) => held.push(() => resolve({ ok: true, value: { batch: 1, results: wire.map(() => ({ ok: true, value: null })) } })));
    const bridge = bridgeOver(hostWith(dom));
    expect(bridge.changesSettled()).toBe(0);
    void bridge.dom({ op: 'query', sel: '#main' });
    void bridge.dom({ op: 'watch' });
    await settle();
    expect(bridge.changesSettled()).toBe(0);
    void bridge.dom({ op: 'hide', h: 'h1' });
    // Not yet sent is not yet seen.
    expect(bridge.changesSettled()).toBeUndefined();
    await settle();
    expect(bridge.changesSettled()).toBeUndefined();
    held.forEach((release) => release());
    await settle();
    expect(bridge.changesSettled()).toBe(1);
  });
});

describe("a check that failed answers its repair's same reads from what it read, and only while nothing could know of a later page", () => {
  /**
   * The keep: marked when #main's `seen` is '1'. Its repair reads `seen` again before marking, and says what it
   * read. `meanwhile` runs when armed, right after the check's last read.
   */
  function markedWithRepairRead(p: ReturnType<typeof page>, meanwhile: () => void) {
    let order = 0;
    const read: Array<{ value: unknown; at: number }> = [];
    let armed = false;
    return {
      spec: {
        check: async () => {
          const seen = await (await p.api.query('#main'))?.attr('seen');
          if (armed) {
            armed = false;
            meanwhile();
          }
          return seen === '1';
        },
        repair: async () => {
          const h = await p.api.query('#main');
          const at = order++;
          read.push({ value: await h?.attr('seen'), at });
          await h?.setAttr('seen', '1');
        },
      },
      arm: () => void (armed = true),
      read,
      next: () => order++,
    };
  }

  it('the repair finds its element and reads its attribute in what the check read: no round trip for them', async () => {
    const p = page();
    const k = keepOver(p);
    const m = markedWithRepairRead(p, () => undefined);
    k.keep('marked', m.spec);
    await k.quiet();
    expect(m.read.map((r) => r.value)).toEqual([null]);
    expect(p.ops()).toEqual(['watch+query', 'attr', 'setAttr', 'watch+query+attr']);
    expect(p.elements.get('#main')!.attrs.seen).toBe('1');
  });

  /**
   * For 0 to 11 turns after the check's last read (during the check, between it and its repair, or during the
   * repair): a fresh page and keep whose check then fails, `after` run that many turns later, and the last
   * value the repair read with whether it read after `after` ran.
   */
  async function repairReadAfterTurns(after: (p: ReturnType<typeof page>, k: ReturnType<typeof keepOver>) => void) {
    const seen: Array<{ turns: number; value: unknown; readAfter: boolean }> = [];
    for (let turns = 0; turns < 12; turns++) {
      const p = page();
      const k = keepOver(p);
      let at = Infinity;
      const m = markedWithRepairRead(p, () => {
        void (async () => {
          for (let i = 0; i < turns; i++) await null;
          at = m.next();
          after(p, k);
        })();
      });
      k.keep('marked', m.spec);
      await k.quiet();
      delete p.elements.get('#main')!.attrs.seen;
      m.arm();
      k.change();
      await k.quiet();
      const last = m.read.at(-1)!;
      seen.push({ turns, value: last.value, readAfter: at < last.at });
    }
    // Some of these fell between the check's end and the repair's first read.
    expect(seen.filter((s) => s.readAfter).length).toBeGreaterThan(2);
    return seen;
  }

  it("the remixlet's other code changes the page, however many turns after the check's last read: a repair read made after that change reads the page", async () => {
    const seen = await repairReadAfterTurns((p) => void p.bridge.dom({ op: 'setAttr', h: 'h1', name: 'seen', value: 'other code' }));
    for (const s of seen) expect(s.value, `other code's change ${s.turns} turns after the check's read`).toBe(s.readAfter ? 'other code' : null);
  });

  it("news remixlet code heard, however many turns after the check's last read: a repair read made after it reads the page", async () => {
    const seen = await repairReadAfterTurns((p, k) => {
      // The page changed, and remixlet code heard of it (a dom event).
      p.elements.get('#main')!.attrs.seen = 'changed';
      k.news();
    });
    for (const s of seen.filter((s) => s.readAfter)) expect(s.value, `news ${s.turns} turns after the check's read`).toBe('changed');
  });

  it("after a repair that failed, the check's reads answer nothing: the remixlet's other code reads the page", async () => {
    const p = page();
    const k = keepOver(p);
    let fail = false;
    const m = markedWithRepairRead(p, () => undefined);
    k.keep('marked', {
      check: m.spec.check,
      repair: async () => {
        if (!fail) return m.spec.repair();
        await p.api.query('#main');
        throw new Error('the repair gave up');
      },
    });
    await k.quiet();
    // Woken later, its check fails and its repair throws after finding the element: nothing is sent after it.
    fail = true;
    delete p.elements.get('#main')!.attrs.seen;
    k.change();
    await k.quiet();
    const sent = p.batches.length;
    p.elements.get('#main')!.attrs.seen = 'since';
    expect(await p.bridge.dom({ op: 'attr', h: 'h1', name: 'seen' })).toBe('since');
    expect(p.batches.length).toBe(sent + 1);
  });

  it("another keep's check that begins during the repair reads the page, not what the failed check read", async () => {
    const p = page();
    const k = keepOver(p);
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    k.keep('marked', {
      check: async () => (await (await p.api.query('#main'))?.attr('seen')) === '1',
      repair: async () => {
        await gate;
        await (await p.api.query('#main'))?.setAttr('seen', '1');
      },
    });
    await k.quiet();
    // The repair waits; the page puts another element in #main's place, and a second keep begins.
    p.elements.set('#main', { h: 'h9', attrs: {} });
    const found: unknown[] = [];
    k.keep('present', {
      check: async () => {
        const answer0 = await p.bridge.dom({ op: 'query', sel: '#main' });
        found.push(handleIdOf(answer0));
        return answer0 !== null;
      },
      repair: () => undefined,
    });
    await k.quiet();
    open();
    await k.quiet();
    expect(found[0]).toBe('h9');
  });
});

describe("a change report whose changes were all made before every keep's latest check sent its first read wakes no check", () => {
  /** The number the page gave the batch that began the keep's latest check (its reads, sent ahead). */
  const latestCheckBatch = (p: ReturnType<typeof page>) => p.ops().lastIndexOf('query+attr') + 1;

  it('made before the batch of its latest check: no check; made after it (the page agent names a later batch): the check runs', async () => {
    const p = page();
    const k = keepOver(p);
    k.keep('marked', marked(p));
    await k.quiet();
    const sent = p.batches.length;
    const checked = latestCheckBatch(p);
    // Another remixlet's change, say, made before the page received the check's batch: the check read after it.
    k.change(false, checked);
    await k.quiet();
    expect(p.batches.length).toBe(sent);
    // A change made after that batch arrived: the check has not seen it.
    delete p.elements.get('#main')!.attrs.seen;
    k.change(false, p.nextBatch());
    await k.quiet();
    expect(p.ops().slice(sent)).toEqual(['query+attr', 'setAttr', 'query+attr']);
    expect(p.elements.get('#main')!.attrs.seen).toBe('1');
    // A report that does not say when: the check runs.
    k.change(false);
    await k.quiet();
    expect(p.ops().slice(sent)).toEqual(['query+attr', 'setAttr', 'query+attr', 'query+attr']);
  });
});
