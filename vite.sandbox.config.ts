// Builds the sandbox page's script as one classic IIFE (dist/sandbox/sandbox.js): a sandboxed page has an
// opaque origin and cannot load module scripts from the extension. The remixlet runtime inside it is
// inlined as a classic blob: worker.
import { defineConfig } from 'vite';
import { keepOut } from './scripts/keep-out-plugin';
import { LEAN_OUTPUT } from './scripts/lean-output';

/**
 * The sandbox page's own script runs on the main thread of the sandbox process, which every sandbox frame
 * shares, and it starts the runtime worker only after it has evaluated: what it evaluates delays its own
 * runtime and holds up the other frames loading or booting. It only hands the boot message's ports to the
 * runtime worker, which parses the message (the worker's bundle is built apart, with worker.plugins, so zod
 * stays there).
 */
const NOT_IN_THE_SANDBOX_PAGE: Record<string, string> = {
  zod: 'the runtime worker parses the boot message (sandbox/runtime/main.ts); the page forwards it unread',
};

/**
 * Every sandbox's runtime evaluates its schemas as it starts; zod's classic build gives each schema instance
 * its methods one by one, which was most of that start (bench/HISTORY.md, eighth pass).
 */
const NOT_IN_THE_RUNTIME: Record<string, string> = {
  zod: "the runtime's schemas are built with zod/mini (contracts/zod-mini.ts); a contracts/ module it imports must use that too",
};

export default defineConfig({
  plugins: [keepOut('sandbox page', NOT_IN_THE_SANDBOX_PAGE)],
  define: {
    __REMIXLET_BENCH__: JSON.stringify(process.env.REMIXLET_BENCH === '1'),
    __REMIXLET_BENCH_MARKS__: JSON.stringify(process.env.REMIXLET_BENCH_MARKS === '1'),
    __REMIXLET_TEST_HOOKS__: JSON.stringify(process.env.REMIXLET_PACKAGE !== '1'),
  },
  // Classic: a module worker cannot load from blob:null in an opaque origin.
  worker: { format: 'iife', plugins: () => [keepOut('remixlet runtime', NOT_IN_THE_RUNTIME)], rollupOptions: { output: LEAN_OUTPUT } },
  build: {
    outDir: `${process.env.REMIXLET_OUT ?? 'dist'}/sandbox`,
    emptyOutDir: false,
    target: 'chrome116',
    // Not minified: mangled names change what remixlet code can observe of the runtime's wrappers (a Worker
    // wrapper's source text, tests/e2e/hostile-sandbox/leak-channels.spec.ts), and names kept saved 1.2 ms of a
    // 33 ms start (bench/HISTORY.md).
    minify: false,
    lib: {
      entry: 'sandbox/main.ts',
      formats: ['iife'],
      name: 'RemixletSandbox',
      fileName: () => 'sandbox.js',
    },
    rollupOptions: { output: LEAN_OUTPUT },
  },
});
