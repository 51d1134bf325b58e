// @vitest-environment node
// The walls between contexts, checked with the real eslint.config.js (not a copy of it).
// Files need not exist: lintText lints the code as if it were at filePath.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository root, wherever vitest was started from.
const root = fileURLToPath(new URL('../../../', import.meta.url));

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: 'eslint.config.js' });
});

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  return result.messages.filter((m) => m.severity === 2).map((m) => ({ rule: m.ruleId, message: m.message, line: m.line }));
}

describe('context walls', () => {
  it('refuses an import from worker/ into page-agent/', async () => {
    const errors = await lint('page-agent/probe.ts', "import { handle } from '../worker/router';\nexport const h = handle;\n");
    expect(errors).toEqual([expect.objectContaining({ rule: 'no-restricted-imports', message: expect.stringContaining('page-agent/ may import only from page-agent/ and contracts/') })]);
  });

  it('refuses it from deeper folders, as a type import, a re-export and a dynamic import', async () => {
    const errors = await lint(
      'page-agent/dom/probe.ts',
      [
        "import type { AppRouter } from '../../worker/router';",
        "export { x } from '../../worker/x';",
        "export const load = () => import('../../worker/y');",
        'export type R = AppRouter;',
      ].join('\n'),
    );
    expect(errors.map((e) => [e.line, e.rule])).toEqual([
      [1, 'no-restricted-imports'],
      [2, 'no-restricted-imports'],
      [3, 'no-restricted-syntax'],
    ]);
  });

  it('lets worker/ import contracts/', async () => {
    const errors = await lint('worker/probe.ts', "import { refuse } from '../contracts/refusals';\nexport const r = refuse;\n");
    expect(errors).toEqual([]);
  });

  it('lets a context import itself and npm packages', async () => {
    const errors = await lint('panel/probe.tsx', "import { generateText } from 'ai';\nimport { a } from './a';\nimport { b } from '../panel/b';\nexport const x = [generateText, a, b];\n");
    expect(errors).toEqual([]);
  });

  it('refuses tests/ code in a context, but lets tests/ import anything', async () => {
    expect(await lint('offscreen/probe.ts', "import { f } from '../tests/unit/fixtures';\nexport const x = f;\n")).toHaveLength(1);
    expect(await lint('tests/unit/probe.test.ts', "import { f } from '../../worker/router';\nimport { g } from '../../panel/app';\nexport const x = [f, g];\n")).toEqual([]);
  });

  it('refuses any context folder in contracts/', async () => {
    const errors = await lint('contracts/probe.ts', "import { x } from '../panel/x';\nexport const y = x;\n");
    expect(errors).toEqual([expect.objectContaining({ rule: 'no-restricted-imports', message: expect.stringContaining('contracts/ is shared by every context') })]);
  });
});

describe('chrome and the DOM', () => {
  it('refuses chrome.runtime in contracts/', async () => {
    const errors = await lint('contracts/probe.ts', 'export const id = () => chrome.runtime.id;\n');
    expect(errors).toEqual([expect.objectContaining({ rule: 'no-restricted-globals' })]);
  });

  it('refuses chrome in sandbox/, also through globalThis', async () => {
    const errors = await lint('sandbox/probe.ts', "chrome.runtime.sendMessage({});\nexport const c = globalThis.chrome;\n");
    expect(errors.map((e) => e.rule)).toEqual(['no-restricted-globals', 'no-restricted-properties']);
  });

  it('allows chrome in worker/', async () => {
    expect(await lint('worker/probe.ts', 'export const id = chrome.runtime.id;\n')).toEqual([]);
  });

  it('refuses document/window in contracts/ only while the module loads', async () => {
    const errors = await lint('contracts/probe.ts', 'export const title = document.title;\nexport function href(): string { return window.location.href; }\n');
    expect(errors).toEqual([expect.objectContaining({ rule: 'remixlet/no-top-level-globals', line: 1 })]);
  });
});

describe('npm packages per context', () => {
  it('refuses ai in worker/', async () => {
    const errors = await lint('worker/probe.ts', "import { generateText } from 'ai';\nexport const g = generateText;\n");
    expect(errors).toEqual([expect.objectContaining({ rule: 'no-restricted-imports', message: expect.stringContaining('worker/ must not import `ai`') })]);
  });

  it('refuses @ai-sdk/* in worker/', async () => {
    expect(await lint('worker/probe.ts', "import { createOpenAI } from '@ai-sdk/openai';\nexport const c = createOpenAI;\n")).toHaveLength(1);
  });

  it('refuses ai, @ai-sdk/* and localforage in page-agent/ and sandbox/', async () => {
    const code = "import { generateText } from 'ai';\nimport { createAnthropic } from '@ai-sdk/anthropic';\nimport localforage from 'localforage';\nexport const x = [generateText, createAnthropic, localforage];\n";
    expect(await lint('page-agent/probe.ts', code)).toHaveLength(3);
    expect(await lint('sandbox/probe.ts', code)).toHaveLength(3);
  });

  it('lets worker/ use localforage and the panel use the AI SDK', async () => {
    expect(await lint('worker/probe.ts', "import localforage from 'localforage';\nexport const l = localforage;\n")).toEqual([]);
    expect(await lint('panel/probe.ts', "import { createOpenAI } from '@ai-sdk/openai';\nexport const c = createOpenAI;\n")).toEqual([]);
  });
});

describe('the secret rule is on for the tree', () => {
  it('refuses a provider key in worker/ and a sandbox token in a log line', async () => {
    expect(await lint('worker/probe.ts', 'export const k = (s: { apiKey: string }) => s.apiKey;\n')).toHaveLength(2);
    expect(await lint('offscreen/probe.ts', 'export const f = (sandboxToken: string) => console.log(sandboxToken);\n')).toEqual([
      expect.objectContaining({ rule: 'remixlet/no-secret-leak', message: expect.stringContaining('sandbox capability token and goes into a log line') }),
    ]);
  });
});
