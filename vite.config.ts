// Builds the extension into dist/: module service worker, offscreen document, sandbox page, side panel,
// popup and manager. The page agent is built separately as one self-contained IIFE (vite.page-agent.config.ts).
import { defineConfig } from 'vite';
import { crx } from '@crxjs/vite-plugin';
import solid from 'vite-plugin-solid';
import manifest from './manifest.config';
import { LEAN_OUTPUT } from './scripts/lean-output';

export default defineConfig({
  define: {
    __REMIXLET_BENCH__: JSON.stringify(process.env.REMIXLET_BENCH === '1'),
    __REMIXLET_BENCH_MARKS__: JSON.stringify(process.env.REMIXLET_BENCH_MARKS === '1'),
    __REMIXLET_TEST_HOOKS__: JSON.stringify(process.env.REMIXLET_PACKAGE !== '1'),
  },
  plugins: [crx({ manifest }), solid()],
  worker: { format: 'es', rollupOptions: { output: LEAN_OUTPUT } },
  build: {
    outDir: process.env.REMIXLET_OUT ?? 'dist',
    emptyOutDir: true,
    target: 'chrome116',
    sourcemap: false,
    minify: false,
    rollupOptions: {
      input: {
        offscreen: 'offscreen/offscreen.html',
        sandbox: 'sandbox/sandbox.html',
        panel: 'panel/panel.html',
        popup: 'panel/popup.html',
        manager: 'panel/manager.html',
      },
      output: LEAN_OUTPUT,
    },
  },
});
