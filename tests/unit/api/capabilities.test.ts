// Every capability has every piece, in the spirit of Refined GitHub's features test: a dom op or an rmx
// member added without one of its pieces fails here, naming what is missing.
// - A dom op (contracts/dom/ops.ts): its handler in page-agent/ops/<op>.ts, exported under its name and in
//   the page agent's table; a way for remixlet code to reach it (a DOM_METHODS entry, or the sandbox runtime
//   sending it itself, as rmx.keep sends watch); its row in the generated docs/api/dom.md; a test that calls it.
// - An rmx member (contracts/api/surface.ts, RMX_API): its row in docs/api/rmx.md and a test that calls it.
// - An rmx service (contracts/capabilities/rmx-services.ts): a way in from remixlet code (an RMX_API member
//   naming it, in sandbox/runtime/services/<service>.ts, or the runtime calling it itself, as a network
//   observer's stop does), its rows at both hops
//   in the generated docs/api/boundaries.md, and a test that calls the worker's side of it. Its host forwarder,
//   worker procedure and grant rule are derived from the declaration, and its worker handler is required by
//   the offscreen router's type.
// - An assistant tool (contracts/assistant/tools.ts, ASSISTANT_TOOLS): the panel's tool built from its declaration, the
//   worker procedure it names (in the UI router's spec, and called by the tool), its row in the generated
//   docs/api/assistant-tools.md, and a test in which a model calls it.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { opSchemas } from '../../../scripts/docs/api-snapshot';
import { DOM_METHODS, RMX_API } from '../../../contracts/api/surface';
import { ASSISTANT_TOOLS, TOOL_NAMES } from '../../../contracts/assistant/tools';
import { uiSpec } from '../../../contracts/boundaries/panel-worker';
import { SERVICE_NAMES } from '../../../contracts/capabilities/rmx-services';

const ROOT = path.resolve(__dirname, '../../..');
const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');

function sourcesUnder(rel: string, except: string[] = []): string {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(?:ts|tsx)$/.test(name) && !except.includes(full)) out.push(readFileSync(full, 'utf8'));
    }
  };
  walk(path.join(ROOT, rel));
  return out.join('\n');
}

// This file names capabilities that do not exist, to show what the check says of them: it is no test of any.
const TESTS = sourcesUnder('tests', [__filename]);
const RUNTIME = sourcesUnder('sandbox/runtime');
const OPS_TABLE = read('page-agent/ops/index.ts');
const DOM_DOCS = read('docs/api/dom.md');
const RMX_DOCS = read('docs/api/rmx.md');
const BOUNDARY_DOCS = read('docs/api/boundaries.md');
const PANEL_TOOLS = read('panel/assistant/tools.ts');
const TOOL_DOCS = read('docs/api/assistant-tools.md');

/** The method name a signature calls: `h.setText(t)` → setText, `dom.query(sel)` → query. */
const methodOf = (signature: string) => /\.([A-Za-z]+)\(/.exec(signature)?.[1];

/** What a dom op lacks, by name; empty when it has every piece. */
function missingForOp(op: string): string[] {
  const missing: string[] = [];
  const file = `page-agent/ops/${op}.ts`;
  if (!existsSync(path.join(ROOT, file))) missing.push(`its handler ${file}`);
  else if (!new RegExp(`export const ${op}: OpHandler<'${op}'>`).test(read(file))) missing.push(`an OpHandler<'${op}'> exported as ${op} from ${file}`);
  if (!new RegExp(`\\b${op}\\b`).test(OPS_TABLE)) missing.push('an entry in page-agent/ops/index.ts');
  const methods = DOM_METHODS.filter((m) => m.op === op);
  if (methods.length === 0 && !RUNTIME.includes(`op: '${op}'`)) missing.push('a DOM_METHODS entry (or a use by the sandbox runtime)');
  for (const m of methods) if (!DOM_DOCS.includes(`\`${m.signature}\``)) missing.push(`a row for ${m.signature} in docs/api/dom.md`);
  const called = TESTS.includes(`op: '${op}'`) || methods.some((m) => TESTS.includes(`.${methodOf(m.signature)}(`));
  if (!called) missing.push('a test that calls it');
  return missing;
}

/** What an rmx member lacks. */
function missingForMember(signature: string): string[] {
  const missing: string[] = [];
  if (!RMX_DOCS.includes(`\`${signature}\``)) missing.push(`a row in docs/api/rmx.md`);
  const call = signature.replace(/\(.*$/, '');
  if (!TESTS.includes(signature.includes('(') ? `${call}(` : call)) missing.push('a test that calls it');
  return missing;
}

/** What an rmx service lacks. */
function missingForService(name: string): string[] {
  const missing: string[] = [];
  if (!RMX_API.some((m) => m.service === name) && !RUNTIME.includes(`call('${name}'`)) missing.push('an RMX_API member naming it (or a call by the sandbox runtime)');
  // Its members in the runtime, in a file named after it (a service with no member of its own is called from its sibling's).
  if (RMX_API.some((m) => m.service === name) && !existsSync(path.join(ROOT, `sandbox/runtime/services/${name}.ts`))) missing.push(`its members in sandbox/runtime/services/${name}.ts`);
  if (!BOUNDARY_DOCS.includes(`| \`${name}\` | call |`)) missing.push('its sandbox → offscreen row in docs/api/boundaries.md');
  if (!BOUNDARY_DOCS.includes(`| \`${name}\` | mutation |`)) missing.push('its offscreen → worker row in docs/api/boundaries.md');
  if (!TESTS.includes(`offscreen.${name}!(`) && !TESTS.includes(`offscreen['${name}']!(`)) missing.push(`a test that calls the worker's side (offscreen.${name}!(…))`);
  return missing;
}

/** What an assistant tool lacks; `declared` is its declaration (absent for a name nothing declares). */
function missingForTool(name: string, declared: { answeredBy: string } | undefined): string[] {
  const missing: string[] = [];
  if (!declared) missing.push('its declaration in ASSISTANT_TOOLS (contracts/assistant/tools.ts)');
  if (!PANEL_TOOLS.includes(`${name}: tool({\n      description: ASSISTANT_TOOLS.${name}.description,\n      inputSchema: ASSISTANT_TOOLS.${name}.input,`)) {
    missing.push(`its tool in panel/assistant/tools.ts, built from ASSISTANT_TOOLS.${name}`);
  }
  if (declared && declared.answeredBy !== 'panel') {
    if (!(declared.answeredBy in uiSpec)) missing.push(`the procedure ${declared.answeredBy} in contracts/boundaries/panel-worker.ts`);
    if (!PANEL_TOOLS.includes(`.${declared.answeredBy}(`)) missing.push(`a call of ${declared.answeredBy} from its tool`);
  }
  if (!TOOL_DOCS.includes(`| \`${name}\` |`)) missing.push('a row in docs/api/assistant-tools.md');
  if (!TESTS.includes(`name: '${name}'`)) missing.push('a test in which a model calls it');
  return missing;
}

describe('capabilities', () => {
  it.each([...opSchemas().keys()])('dom op %s has every piece', (op) => {
    expect(missingForOp(op)).toEqual([]);
  });

  it.each(RMX_API.map((m) => m.signature))('%s has every piece', (signature) => {
    expect(missingForMember(signature)).toEqual([]);
  });

  it.each(SERVICE_NAMES)('rmx service %s has every piece', (name) => {
    expect(missingForService(name)).toEqual([]);
  });

  it.each(TOOL_NAMES)('assistant tool %s has every piece', (name) => {
    expect(missingForTool(name, ASSISTANT_TOOLS[name])).toEqual([]);
  });

  it('names what a capability without its pieces lacks', () => {
    expect(missingForTool('no_such_tool', { answeredBy: 'assistantNoSuchThing' })).toEqual([
      'its tool in panel/assistant/tools.ts, built from ASSISTANT_TOOLS.no_such_tool',
      'the procedure assistantNoSuchThing in contracts/boundaries/panel-worker.ts',
      'a call of assistantNoSuchThing from its tool',
      'a row in docs/api/assistant-tools.md',
      'a test in which a model calls it',
    ]);
    expect(missingForTool('no_such_tool', undefined)[0]).toBe('its declaration in ASSISTANT_TOOLS (contracts/assistant/tools.ts)');
    expect(missingForOp('noSuchOp')).toEqual(['its handler page-agent/ops/noSuchOp.ts', 'an entry in page-agent/ops/index.ts', 'a DOM_METHODS entry (or a use by the sandbox runtime)', 'a test that calls it']);
    expect(missingForMember('rmx.noSuchThing(x)')).toEqual(['a row in docs/api/rmx.md', 'a test that calls it']);
    expect(missingForService('noSuchService')).toEqual([
      'an RMX_API member naming it (or a call by the sandbox runtime)',
      'its sandbox → offscreen row in docs/api/boundaries.md',
      'its offscreen → worker row in docs/api/boundaries.md',
      "a test that calls the worker's side (offscreen.noSuchService!(…))",
    ]);
  });
});
