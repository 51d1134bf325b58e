// @vitest-environment node
// The page agent is two bundles in one isolated world (page-agent.js, its start; page-agent-server.js, its
// server: vite.page-agent.config.ts), and a module both evaluate is two copies of it in that world.
// Principle: what the start records, the server sees. So no module both bundles reach keeps state of its own
// at module level (a `let`, or a collection or instance made with `new`): such state lives on the world's
// global through page-agent/world.ts. The modules are found by following each entry's imports in the
// sources, as the bundler does, so a module shared later is checked too.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Module-level values that are state in name only, each with why two copies of it are one: a cache both copies
 * fill with the same thing.
 */
const SAME_IN_EVERY_COPY: Record<string, string> = {
  'page-agent/policy/unclobbered.ts captured': "the isolated world's own DOM accessors, captured on first use: the page cannot change them, so both copies capture the same functions",
};

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts'), base]) if (existsSync(candidate) && candidate.endsWith('.ts')) return candidate;
  return undefined;
}

/** The modules a bundle of `entry` evaluates: value imports, static and dynamic, followed from the entry. */
function reachedFrom(entry: string): Map<string, ts.SourceFile> {
  const seen = new Map<string, ts.SourceFile>();
  const queue = [path.join(root, entry)];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    seen.set(file, source);
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
        const named = node.importClause?.namedBindings;
        const onlyTypes = named && ts.isNamedImports(named) && !node.importClause?.name && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
        if (!onlyTypes) {
          const next = resolveImport(file, node.moduleSpecifier.text);
          if (next) queue.push(next);
        }
      } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const next = resolveImport(file, node.moduleSpecifier.text);
        if (next) queue.push(next);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
        const next = resolveImport(file, node.arguments[0].text);
        if (next) queue.push(next);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return seen;
}

/** `file name` of every module-level `let`/`var`, and of every `const` made with `new`. */
function moduleState(source: ts.SourceFile): string[] {
  const rel = path.relative(root, source.fileName).split(path.sep).join('/');
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const d of list.declarations) {
      const name = d.name.getText(source);
      const init = d.initializer;
      // A read-only table (typed ReadonlySet, ReadonlyMap) is a constant, however it is made.
      const readonlyType = d.type !== undefined && /^Readonly(Set|Map)</.test(d.type.getText(source));
      if (!isConst || (init && ts.isNewExpression(init) && !readonlyType)) found.push(`${rel} ${name}`);
    }
  }
  return found;
}

describe("the page agent's two bundles keep no state the other would not see", () => {
  const start = reachedFrom('page-agent/main.ts');
  const server = reachedFrom('page-agent/server-main.ts');
  const both = [...start.keys()].filter((file) => server.has(file));
  const named = (files: Iterable<string>) => [...files].map((f) => path.relative(root, f).split(path.sep).join('/'));

  it('finds the modules both evaluate: the subscriptions, the password policy and the hand-over among them; not the server in the start', () => {
    expect(named(both)).toEqual(expect.arrayContaining(['page-agent/subscriptions.ts', 'page-agent/policy/password.ts', 'page-agent/server-slot.ts', 'page-agent/world.ts']));
    expect(named(start.keys())).not.toContain('page-agent/port-server.ts');
    expect(named(server.keys())).toContain('page-agent/port-server.ts');
  });

  it('keeps module-level state only on the world (world.ts), or where every copy holds the same', () => {
    const state = both.flatMap((file) => moduleState(start.get(file)!)).filter((s) => !Object.hasOwn(SAME_IN_EVERY_COPY, s));
    expect(state).toEqual([]);
  });

  it('finds such state where it is: a module-level let, and a collection made with new', () => {
    const probe = (code: string) => moduleState(ts.createSourceFile(path.join(root, 'page-agent/probe.ts'), code, ts.ScriptTarget.Latest, true));
    expect(probe('let watching = false;\nconst masked = new WeakSet<Element>();\nexport const subscriptions = new Subscriptions();')).toEqual([
      'page-agent/probe.ts watching',
      'page-agent/probe.ts masked',
      'page-agent/probe.ts subscriptions',
    ]);
    expect(probe("const HOSTS: ReadonlySet<string> = new Set(['a']);\nconst masked = worldShared('m', () => new WeakSet());\nconst LIMIT = 3;")).toEqual([]);
  });
});
