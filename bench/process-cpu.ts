// Shared by the benchmarks that say what a page load costs the whole browser, not only the page's thread: the
// CPU time of every Chromium process, read from /proc (Linux), by kind. On two cores, what the extension's
// other processes spend (the sandboxes, its service worker and offscreen document, the browser process routing
// their messages) is a core the page's thread waits for. Reads the one browser the bench launched: the
// processes whose command line names Chromium. Asserts nothing.
import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

/** Each Chromium process's CPU time so far (user + system), in ms, with its kind from its command line. */
export type ProcessCpu = Map<number, { kind: string; ms: number }>;

export function processCpu(): ProcessCpu {
  const out: ProcessCpu = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Chromium rewrites its process title: the arguments may come as one line joined by spaces.
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split(/\0| /);
      if (!args[0]?.includes('chromium')) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = ((Number(fields[11]) + Number(fields[12])) / USER_HZ) * 1000;
      const type = args.find((a) => a.startsWith('--type='))?.slice('--type='.length) ?? 'browser';
      out.set(Number(entry), { kind: type === 'renderer' && args.includes('--extension-process') ? 'extension renderer' : type, ms });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return out;
}

/**
 * The CPU ms each kind of process spent between two readings; `pagePid`'s renderer (the page's), when given,
 * apart from the other renderers (the sandbox frames and other pages); a process that started meanwhile counted whole.
 */
export function cpuSpent(before: ProcessCpu, after: ProcessCpu, pagePid?: number): Map<string, number> {
  if (pagePid !== undefined && !after.has(pagePid)) throw new Error(`no Chromium process ${pagePid} (the page's renderer, by the trace) in /proc`);
  const out = new Map<string, number>();
  for (const [pid, { kind, ms }] of after) {
    const row = pid === pagePid ? "the page's renderer" : kind === 'renderer' ? 'other renderers (the sandboxes among them)' : kind === 'extension renderer' ? 'the extension renderer (service worker, offscreen document)' : kind;
    out.set(row, (out.get(row) ?? 0) + ms - (before.get(pid)?.ms ?? 0));
  }
  return out;
}
