// Builds the sandbox page's script as one classic IIFE (dist/sandbox/sandbox.js): a sandboxed page has an
// opaque origin and cannot load module scripts from the extension. The remixlet runtime inside it is
// inlined as a classic blob: worker.
import { defineConfig } from 'vite';

export default defineConfig({
  define: {
    __REMIXLET_BENCH__: JSON.stringify(process.env.REMIXLET_BENCH === '1'),
    __REMIXLET_TEST_HOOKS__: JSON.stringify(process.env.REMIXLET_PACKAGE !== '1'),
  },
  // Classic: a module worker cannot load from blob:null in an opaque origin.
  worker: { format: 'iife' },
  build: {
    outDir: `${process.env.REMIXLET_OUT ?? 'dist'}/sandbox`,
    emptyOutDir: false,
    target: 'chrome116',
    minify: false,
    lib: {
      entry: 'sandbox/main.ts',
      formats: ['iife'],
      name: 'RemixletSandbox',
      fileName: () => 'sandbox.js',
    },
  },
});
