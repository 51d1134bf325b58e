// Spare sandbox frames (offscreen/spares.ts) load only while the sandbox process has nothing about to start:
// a frame loading there holds the main thread that a held sandbox's start message and first calls need,
// at the moment its page commits. Run against a stand-in document (frames are counted, not loaded).
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

class FakeFrame {
  dataset: Record<string, string> = {};
  contentWindow = {};
  src = '';
  private listeners: Array<() => void> = [];
  setAttribute(): void {}
  addEventListener(_type: string, fn: () => void): void {
    this.listeners.push(fn);
  }
  remove(): void {
    frames.delete(this);
  }
}
const frames = new Set<FakeFrame>();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  frames.clear();
  vi.stubGlobal('document', { createElement: () => new FakeFrame(), body: { append: (f: FakeFrame) => frames.add(f) } });
  vi.stubGlobal('chrome', { runtime: { getURL: (p: string) => `chrome-extension://x/${p}` } });
  vi.stubGlobal('addEventListener', () => undefined);
  vi.resetModules();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const spareFrames = () => [...frames].filter((f) => 'spare' in f.dataset).length;

describe('spare frames', () => {
  test('with none at all they load at once', async () => {
    const { prewarm } = await import('../../../offscreen/spares');
    prewarm(3);
    expect(spareFrames()).toBe(3);
  });

  test('while a held sandbox waits for its page to commit, none loads; a moment after it starts, they do', async () => {
    const { prewarm, takeSpare, noteHeld } = await import('../../../offscreen/spares');
    prewarm(3);
    // A navigation starts: two sandboxes take a spare each and wait, held, for the commit.
    for (const id of ['a', 'b']) {
      expect(takeSpare()).toBeDefined();
      noteHeld(id, 'waiting');
    }
    prewarm(3);
    await vi.advanceTimersByTimeAsync(400);
    expect(spareFrames()).toBe(1);
    noteHeld('a', 'started');
    noteHeld('b', 'started');
    await vi.advanceTimersByTimeAsync(30);
    expect(spareFrames()).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(spareFrames()).toBe(3);
  });

  test('a navigation that never commits holds them back only so long', async () => {
    const { prewarm, takeSpare, noteHeld } = await import('../../../offscreen/spares');
    prewarm(2);
    takeSpare();
    noteHeld('a', 'waiting');
    prewarm(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(spareFrames()).toBe(1);
    await vi.advanceTimersByTimeAsync(600);
    expect(spareFrames()).toBe(2);
  });

  test('a held sandbox that goes unstarted (its navigation failed) stops holding them back at once', async () => {
    const { prewarm, takeSpare, noteHeld } = await import('../../../offscreen/spares');
    prewarm(2);
    takeSpare();
    noteHeld('a', 'waiting');
    prewarm(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(spareFrames()).toBe(1);
    noteHeld('a', 'gone');
    await vi.advanceTimersByTimeAsync(20);
    expect(spareFrames()).toBe(2);
  });

  test('with none left, a page whose sandboxes wait to start still comes first', async () => {
    const { prewarm, takeSpare, noteHeld } = await import('../../../offscreen/spares');
    // The pool is empty: the sandbox gets a fresh frame, and the frames asked for wait for its start.
    expect(takeSpare()).toBeUndefined();
    noteHeld('a', 'waiting');
    prewarm(2);
    await vi.advanceTimersByTimeAsync(300);
    expect(spareFrames()).toBe(0);
    noteHeld('a', 'started');
    await vi.advanceTimersByTimeAsync(70);
    expect(spareFrames()).toBe(2);
  });

  test('while a page that started sandboxes loads, they wait for its load event', async () => {
    const { prewarm, noteHeld, pageLoading } = await import('../../../offscreen/spares');
    noteHeld('a', 'waiting');
    noteHeld('a', 'started');
    pageLoading(4, true);
    prewarm(2);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(spareFrames()).toBe(0);
    // Another tab's page being done changes nothing.
    pageLoading(5, false);
    await vi.advanceTimersByTimeAsync(10);
    expect(spareFrames()).toBe(0);
    pageLoading(4, false);
    await vi.advanceTimersByTimeAsync(10);
    expect(spareFrames()).toBe(2);
  });

  test("after a page's sandboxes start, they wait while a call is unanswered and until the calls pause", async () => {
    const { prewarm, noteHeld, sandboxCall } = await import('../../../offscreen/spares');
    noteHeld('a', 'waiting');
    noteHeld('a', 'started');
    // A two-step first change: a waitFor pending in the page, then, its answer back, the change.
    const waitFor = sandboxCall();
    prewarm(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(spareFrames()).toBe(0);
    waitFor();
    await vi.advanceTimersByTimeAsync(10);
    expect(spareFrames()).toBe(0);
    const change = sandboxCall();
    await vi.advanceTimersByTimeAsync(5);
    change();
    await vi.advanceTimersByTimeAsync(20);
    expect(spareFrames()).toBe(0);
    await vi.advanceTimersByTimeAsync(20);
    expect(spareFrames()).toBe(2);
  });

  test('a call left unanswered, or calls that never pause, hold them back no longer than the cap after the start', async () => {
    const { prewarm, noteHeld, sandboxCall, PAGE_LOAD_CAP_MS } = await import('../../../offscreen/spares');
    noteHeld('a', 'waiting');
    noteHeld('a', 'started');
    sandboxCall();
    prewarm(1);
    await vi.advanceTimersByTimeAsync(PAGE_LOAD_CAP_MS - 100);
    expect(spareFrames()).toBe(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(spareFrames()).toBe(1);

    // The next page: that call, still unanswered, holds nothing now; a sandbox calling every 10 ms holds them to the cap.
    noteHeld('b', 'waiting');
    noteHeld('b', 'started');
    prewarm(2);
    for (let t = 0; t < PAGE_LOAD_CAP_MS - 100; t += 10) {
      sandboxCall()();
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(spareFrames()).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(spareFrames()).toBe(2);
  });

  test('dropping the spares (test builds) also drops the frames asked for and not yet added', async () => {
    const { prewarm, takeSpare, noteHeld, dropSpares } = await import('../../../offscreen/spares');
    prewarm(2);
    expect(takeSpare()).toBeDefined();
    noteHeld('a', 'waiting');
    prewarm(3);
    dropSpares();
    expect(spareFrames()).toBe(0);
    noteHeld('a', 'started');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(spareFrames()).toBe(0);
    prewarm(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(spareFrames()).toBe(1);
  });

  test('calls before any start hold nothing', async () => {
    const { prewarm, sandboxCall } = await import('../../../offscreen/spares');
    sandboxCall();
    prewarm(2);
    expect(spareFrames()).toBe(2);
  });

  test('a page that never says it loaded holds them back only so long', async () => {
    const { prewarm, pageLoading, PAGE_LOAD_CAP_MS } = await import('../../../offscreen/spares');
    pageLoading(4, true);
    prewarm(2);
    await vi.advanceTimersByTimeAsync(PAGE_LOAD_CAP_MS - 100);
    expect(spareFrames()).toBe(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(spareFrames()).toBe(2);
    // Forgotten once past the cap: the next ask loads at once.
    prewarm(3);
    expect(spareFrames()).toBe(3);
  });
});
