// `npm run package`: the zip for the Chrome Web Store, built without test hooks or benchmark paths
// (REMIXLET_PACKAGE=1), versioned from package.json, written to release/remixlet-<version>.zip.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';

const root = process.cwd();
const dist = join(root, process.env.REMIXLET_OUT ?? 'dist');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8')) as { version: string };
if (manifest.version !== version) throw new Error(`dist/manifest.json says ${manifest.version}, package.json ${version}: rebuild first.`);

const files: Record<string, Uint8Array> = {};
const walk = (dir: string): void => {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (!name.endsWith('.map')) files[relative(dist, full).split('\\').join('/')] = readFileSync(full);
  }
};
walk(dist);
mkdirSync(join(root, 'release'), { recursive: true });
const out = join(root, 'release', `remixlet-${version}.zip`);
writeFileSync(out, zipSync(files, { level: 9 }));
console.log(`${out} (${Object.keys(files).length} files)`);
