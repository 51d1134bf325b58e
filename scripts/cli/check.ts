// `npx remixlet check <folder> [--url <address>]...`: every save-time check the extension runs, on a folder,
// through the very same function (contracts/save-checks.ts). One JSON object per line; exit 0 when the
// folder would be accepted, 1 when something is refused, 2 on a usage error.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { checkRemixletFiles } from '../../contracts/save-checks';
import { matchesUrl } from '../../contracts/policy/match-pattern';

export interface CliResult {
  code: 0 | 1 | 2;
  lines: string[];
}

const USAGE = 'usage: remixlet check <folder> [--url <address>]...';

export function runCli(argv: readonly string[]): CliResult {
  const [command, ...rest] = argv;
  if (command !== 'check') return { code: 2, lines: [JSON.stringify({ error: USAGE })] };
  let folder: string | undefined;
  const urls: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--url') {
      const url = rest[++i];
      if (!url) return { code: 2, lines: [JSON.stringify({ error: `--url needs an address. ${USAGE}` })] };
      urls.push(url);
    } else if (arg.startsWith('-')) return { code: 2, lines: [JSON.stringify({ error: `unknown option ${arg}. ${USAGE}` })] };
    else if (folder === undefined) folder = arg;
    else return { code: 2, lines: [JSON.stringify({ error: `one folder at a time. ${USAGE}` })] };
  }
  if (!folder) return { code: 2, lines: [JSON.stringify({ error: USAGE })] };
  let names: string[];
  try {
    if (!statSync(folder).isDirectory()) throw new Error('not a folder');
    names = readdirSync(folder).filter((n) => statSync(join(folder, n)).isFile());
  } catch {
    return { code: 2, lines: [JSON.stringify({ error: `${folder} is not a readable folder` })] };
  }
  const files: Record<string, string> = {};
  for (const name of names) files[name] = readFileSync(join(folder, name), 'utf8');

  const verdict = checkRemixletFiles(files);
  const lines: string[] = [];
  if (!verdict.ok) {
    for (const r of verdict.refusals) {
      lines.push(JSON.stringify({ file: r.file ?? 'manifest.json', code: r.code, reason: r.reason, ...(r.line !== undefined ? { line: r.line } : {}) }));
    }
  }
  for (const url of urls) {
    const matches = verdict.ok ? matchesUrl(verdict.manifest.matches, verdict.manifest.excludeMatches ?? [], url) : false;
    lines.push(JSON.stringify({ url, matches }));
  }
  return { code: verdict.ok ? 0 : 1, lines };
}
