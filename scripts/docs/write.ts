// `npm run docs`: writes docs/api from contracts/ and grows the API snapshot (never shrinks it).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { renderDocs } from './render';
import { currentSnapshot, grow, snapshotPath, type ApiSnapshot } from './api-snapshot';

for (const [path, content] of Object.entries(renderDocs())) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  console.log(`wrote ${path}`);
}
const current = currentSnapshot();
const path = snapshotPath(current.api);
const committed = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as ApiSnapshot) : undefined;
writeFileSync(path, `${JSON.stringify(grow(committed, current), null, 2)}\n`);
console.log(`wrote ${path}`);
