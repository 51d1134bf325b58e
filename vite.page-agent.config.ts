// Builds the page agent as one self-contained IIFE (no imports at run time: content scripts registered
// with chrome.scripting cannot be modules) into dist/page-agent.js; with `--mode idle`, its document_idle
// marker (page-agent/idle-marker.ts) into dist/page-agent-idle.js (an IIFE build takes one entry).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { keepOut } from './scripts/keep-out-plugin';
import { lightStart } from './scripts/light-start-plugin';
import { LEAN_OUTPUT } from './scripts/lean-output';

/**
 * Packages the page agent must not carry: every page it runs on evaluates the whole bundle at document_start,
 * before the page is parsed, and these build large tables as they load (tldts: the public suffix list, about
 * a third of the bundle and 3-4 ms of every page's start).
 */
const NOT_IN_THE_PAGE_AGENT: Record<string, string> = {
  tldts: 'the registrable domain is in contracts/policy/registrable-domain.ts, which the page agent does not need',
};

/**
 * Packages the page agent's start (main.ts and what it imports statically) must not reach: they build their
 * parsers and schemas as they load, and the start runs on every page at document_start, scripted or not.
 */
const NOT_AT_START: Record<string, string> = {
  'css-tree': 'its parser is built as it loads (about 1–2 ms of every page: bench/HISTORY.md, thirty-fourth session)',
  zod: 'its schemas are built as they load; the start parses nothing',
  '@trpc/server': 'the router is built where something will call it (page-agent/port-server.ts)',
};

/** One IIFE per build mode: the page agent, and the three companions registered beside it. */
const ENTRIES: Record<string, { entry: string; formats: ['iife']; name: string; fileName: () => string }> = {
  agent: { entry: 'page-agent/main.ts', formats: ['iife'], name: 'RemixletPageAgent', fileName: () => 'page-agent.js' },
  idle: { entry: 'page-agent/idle-marker.ts', formats: ['iife'], name: 'RemixletIdleMarker', fileName: () => 'page-agent-idle.js' },
  gate: { entry: 'page-agent/style-gate.ts', formats: ['iife'], name: 'RemixletStyleGate', fileName: () => 'page-agent-gate.js' },
  scripted: { entry: 'page-agent/scripted-marker.ts', formats: ['iife'], name: 'RemixletScriptedMarker', fileName: () => 'page-agent-scripted.js' },
};

export default defineConfig(({ mode }) => ({
  plugins: [keepOut('page agent', NOT_IN_THE_PAGE_AGENT), lightStart('page agent', NOT_AT_START)],
  define: {
    __REMIXLET_BENCH__: JSON.stringify(process.env.REMIXLET_BENCH === '1'),
    __REMIXLET_BENCH_MARKS__: JSON.stringify(process.env.REMIXLET_BENCH_MARKS === '1'),
    __REMIXLET_TEST_HOOKS__: JSON.stringify(process.env.REMIXLET_PACKAGE !== '1'),
  },
  resolve: {
    // Nothing in the page agent asks css-tree for a source map (page-agent/no-source-map.ts).
    alias: [{ find: /^source-map-js\/lib\/source-map-generator\.js$/, replacement: fileURLToPath(new URL('./page-agent/no-source-map.ts', import.meta.url)) }],
  },
  build: {
    outDir: process.env.REMIXLET_OUT ?? 'dist',
    emptyOutDir: false,
    target: 'chrome116',
    // Minified: its source is a string on every page's heap (547 -> 294 KB) and is parsed at every page's start
    // (33.8 -> 31.5 ms p50 to evaluate, bench/HISTORY.md). Nothing the page or a remixlet can observe reads
    // its text or its names, unlike the sandbox runtime's (vite.sandbox.config.ts).
    minify: true,
    // Benchmark builds only: a map beside the bundle, named by no comment in it (so the page never asks for it),
    // that bench/page-agent-cpu.bench.ts reads to put the page's CPU samples on the page agent's sources.
    sourcemap: process.env.REMIXLET_BENCH === '1' ? 'hidden' : false,
    lib: ENTRIES[mode] ?? ENTRIES.agent!,
    rollupOptions: { output: LEAN_OUTPUT },
  },
}));
