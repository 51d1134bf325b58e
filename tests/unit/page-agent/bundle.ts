// Unit tests (Node). The page agent's exec path (entry.ts) bundled with vite into one script a plain page can
// run. Built once per unit run, in vitest's global setup (tests/unit/global-setup.ts), and handed to every DOM
// test file through vitest's provide/inject: built per file, the same bundle cost each of them a vite build.
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

export const PAGE_AGENT_BUNDLE_KEY = 'pageAgentUnitBundle';

declare module 'vitest' {
  export interface ProvidedContext {
    [PAGE_AGENT_BUNDLE_KEY]: string;
  }
}

export async function buildPageAgentBundle(): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      target: 'chrome116',
      lib: { entry: fileURLToPath(new URL('./entry.ts', import.meta.url)), formats: ['iife'], name: 'PageAgentUnit', fileName: () => 'entry.js' },
    },
  });
  const outputs = Array.isArray(out) ? out : [out];
  const chunk = outputs.flatMap((o) => ('output' in o ? o.output : [])).find((c) => c.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('the page agent unit bundle has no chunk');
  return chunk.code;
}
