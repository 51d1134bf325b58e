// Context: page agent. Gives the page's thread back between slices of a long batch, so the page's own
// timers, input and rendering keep running while a remixlet works. In a visible tab through the timer
// queue, behind the page's own timers (scheduler.yield() would resume ahead of them and starve them);
// in a hidden tab, where timers are throttled to once a second, through a message-channel task.
// Trusts nothing; holds no data.

const SLICE_MS = 16;

function nextTask(): Promise<void> {
  if (document.visibilityState === 'visible') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export class Slicer {
  private start = performance.now();

  /** Whether this slice has run long enough that the page should get its thread back. */
  due(): boolean {
    return performance.now() - this.start > SLICE_MS;
  }

  async yield(): Promise<void> {
    await nextTask();
    this.start = performance.now();
  }
}
