// Builds the network:observe recorder (page main world) and its relay (isolated world) as two
// self-contained IIFEs: registered content scripts cannot be modules, and an IIFE build takes one entry,
// so this config is run once per part: `vite build -c vite.recorder.config.ts --mode recorder|relay`.
import { defineConfig } from 'vite';
import { LEAN_OUTPUT } from './scripts/lean-output';

const PARTS = {
  recorder: { entry: 'page-agent/recorder/recorder.ts', file: 'recorder.js', name: 'RemixletRecorder' },
  relay: { entry: 'page-agent/recorder/relay.ts', file: 'recorder-relay.js', name: 'RemixletRecorderRelay' },
} as const;

export default defineConfig(({ mode }) => {
  const part = PARTS[mode as keyof typeof PARTS];
  if (!part) throw new Error(`vite.recorder.config.ts: --mode must be one of ${Object.keys(PARTS).join(', ')}`);
  return {
    define: {
      __REMIXLET_BENCH__: JSON.stringify(process.env.REMIXLET_BENCH === '1'),
      __REMIXLET_TEST_HOOKS__: JSON.stringify(process.env.REMIXLET_PACKAGE !== '1'),
    },
    publicDir: false,
    build: {
      outDir: process.env.REMIXLET_OUT ?? 'dist',
      emptyOutDir: false,
      target: 'chrome116',
      minify: false,
      lib: { entry: part.entry, formats: ['iife'], name: part.name, fileName: () => part.file },
      rollupOptions: { output: LEAN_OUTPUT },
    },
  };
});
