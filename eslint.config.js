// ESLint flat config for Remixlet. Run: npx eslint .   (or: npm run lint)
//
// Besides style (typescript-eslint recommended, not type-checked so lint stays fast) this file enforces the
// walls between the extension's contexts, which are separate running programs:
//   - each context folder imports only from itself and contracts/ (plus npm packages);
//   - contracts/ imports no context folder and never touches `chrome`, nor document/window while loading;
//   - sandbox/ never touches `chrome` (a sandboxed page has no extension API);
//   - page-agent/ and sandbox/ stay small and keyless: no `ai`, `@ai-sdk/*`, `localforage`;
//   - worker/ never imports `ai` or `@ai-sdk/*`: provider keys stay in the panel;
//   - remixlet/no-secret-leak (scripts/eslint-plugin-remixlet): no provider key in worker/ or page-agent/, and no
//     key or token in a URL, a log line or an error message anywhere.
// tests/, bench/ and scripts/ may import anything.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import remixlet from './scripts/eslint-plugin-remixlet/index.js';

const TS = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
const JS = ['**/*.js', '**/*.mjs', '**/*.cjs'];

/** The extension's running contexts, each a folder at the top of the repository. */
const CONTEXTS = ['contracts', 'worker', 'offscreen', 'sandbox', 'page-agent', 'panel'];
/** Top-level folders that are not shipped; no context may import them. */
const NOT_SHIPPED = ['tests', 'bench', 'scripts', 'docs'];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Import sources that reach one of `folders`: relative (`../worker/x`, `../../worker`, `./../worker`) and the usual
 * alias spellings (`@/worker/x`, `~/worker/x`, `#worker/x`, `/worker/x`) in case an alias is added later.
 */
const reaching = (folders) => `^(?:(?:\\./)?(?:\\.\\./)+|@/|~/|#|/)(?:${folders.map(escape).join('|')})(?:/|$)`;

const NPM = {
  ai: { regex: '^ai(?:/|$)', what: '`ai`' },
  aiSdk: { regex: '^@ai-sdk/', what: '`@ai-sdk/*`' },
  localforage: { regex: '^localforage(?:/|$)', what: '`localforage`' },
};

/** The rules that keep one context folder inside its walls. */
function walls(context, { bannedPackages = [], why = '', noChrome = false } = {}) {
  // Every other context folder (contracts/ is open to all) and the folders that never ship.
  const forbidden = [...CONTEXTS.filter((c) => c !== context && c !== 'contracts'), ...NOT_SHIPPED];
  const wallMessage =
    context === 'contracts'
      ? 'contracts/ is shared by every context and imports none of them. Keep it to types, zod schemas and pure checks.'
      : `${context}/ may import only from ${context}/ and contracts/ (plus npm packages): each context is a separate ` +
        'running program. Move shared types, schemas and pure checks to contracts/, and talk to other contexts by message.';
  const wall = reaching(forbidden);
  const patterns = [{ regex: wall, message: wallMessage }];
  const dynamic = [
    { selector: `ImportExpression[source.value=/${wall.replace(/\//g, '\\/')}/]`, message: wallMessage },
    { selector: `TSImportType[source.value=/${wall.replace(/\//g, '\\/')}/]`, message: wallMessage },
  ];
  for (const key of bannedPackages) {
    const { regex, what } = NPM[key];
    const message = `${context}/ must not import ${what}: ${why}`;
    patterns.push({ regex, message });
    dynamic.push({ selector: `ImportExpression[source.value=/${regex.replace(/\//g, '\\/')}/]`, message });
  }

  const rules = {
    'no-restricted-imports': ['error', { patterns }],
    'no-restricted-syntax': ['error', ...dynamic],
  };
  if (noChrome) {
    const chromeMessage =
      context === 'sandbox'
        ? 'sandbox/ is a sandboxed page and a worker inside it: there is no extension API. Ask the offscreen host by postMessage.'
        : 'contracts/ is loaded by every context, some without an extension API. Take what you need as a parameter.';
    rules['no-restricted-globals'] = ['error', { name: 'chrome', message: chromeMessage }, { name: 'browser', message: chromeMessage }];
    rules['no-restricted-properties'] = [
      'error',
      ...['globalThis', 'self', 'window'].flatMap((object) => [
        { object, property: 'chrome', message: chromeMessage },
        { object, property: 'browser', message: chromeMessage },
      ]),
    ];
  }
  return { name: `remixlet/walls/${context}`, files: [`${context}/**/*`], rules };
}

const keyless = 'the page agent and the sandbox stay small and keyless; model calls and storage belong to the panel/worker.';

export default defineConfig([
  globalIgnores(['dist/', 'dist-package/', 'release/', 'node_modules/', 'docs/', 'test-results/', 'playwright-report/', '.cache/', 'bench/out/', 'coverage/']),

  {
    name: 'remixlet/typescript',
    files: TS,
    extends: [js.configs.recommended, tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },

  {
    // Plain JS (this file, the lint plugin, node scripts). no-undef is off: these files run in node or in a
    // browser page (playwright evaluate callbacks), and listing both sets of globals by hand would be guesswork.
    name: 'remixlet/javascript',
    files: JS,
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    rules: {
      'no-undef': 'off',
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },

  {
    name: 'remixlet/secrets',
    files: [...TS, ...JS],
    plugins: { remixlet },
    rules: { 'remixlet/no-secret-leak': 'error' },
  },

  // Walls. One config object per folder: in a flat config a later object that sets the same rule for a file
  // replaces its options, so add any further no-restricted-imports / no-restricted-syntax / no-restricted-globals
  // entries for a context inside walls() rather than in a new object. The relative patterns do not resolve paths:
  // `../panel/x` is refused from any depth inside page-agent/, even where it would land in page-agent/panel/.
  walls('contracts', { bannedPackages: ['ai', 'aiSdk', 'localforage'], why: 'every context loads contracts/, including the keyless page agent and sandbox; keep it pure.', noChrome: true }),
  walls('worker', { bannedPackages: ['ai', 'aiSdk'], why: 'provider keys stay in the panel, so model calls are made from panel/.' }),
  walls('offscreen'),
  walls('sandbox', { bannedPackages: ['ai', 'aiSdk', 'localforage'], why: keyless, noChrome: true }),
  walls('page-agent', { bannedPackages: ['ai', 'aiSdk', 'localforage'], why: keyless }),
  walls('panel'),

  {
    name: 'remixlet/contracts-load-anywhere',
    files: ['contracts/**/*'],
    plugins: { remixlet },
    rules: {
      'remixlet/no-top-level-globals': ['error', { names: ['document', 'window', 'localStorage', 'sessionStorage', 'location', 'navigator'] }],
    },
  },
]);
