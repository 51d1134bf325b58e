// The Chrome Web Store zip: versioned from package.json, and nothing in it through which anyone could put
// a remixlet into the browser: no externally_connectable, no test hook, no seeding path, no benchmark echo.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BENCH_MARK_NAMES } from '../../contracts/bench-marks';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const zip = unzipSync(readFileSync(join('release', `remixlet-${version}.zip`)));
const text = Object.fromEntries(Object.entries(zip).map(([name, bytes]) => [name, strFromU8(bytes)]));
const code = Object.entries(text).filter(([name]) => /\.(js|html)$/.test(name));

describe('packaged zip', () => {
  it('carries the version from package.json and a loadable MV3 manifest', () => {
    const manifest = JSON.parse(text['manifest.json']!) as Record<string, unknown>;
    expect(manifest.version).toBe(version);
    expect(manifest.manifest_version).toBe(3);
    for (const file of ['page-agent.js', 'page-agent-idle.js', 'page-agent-gate.js', 'page-agent-scripted.js', 'sandbox/sandbox.js', 'sandbox/sandbox.html', 'offscreen/offscreen.html', 'panel/panel.html']) {
      expect(Object.keys(zip)).toContain(file);
    }
  });

  it('has no way in from outside: no externally_connectable, no web-accessible pages, no install link', () => {
    const manifest = JSON.parse(text['manifest.json']!) as Record<string, unknown>;
    expect(manifest).not.toHaveProperty('externally_connectable');
    expect(manifest).not.toHaveProperty('web_accessible_resources');
    for (const [name, source] of code) {
      expect(source, name).not.toMatch(/onMessageExternal|onConnectExternal/);
    }
  });

  it('has no test hook, seeding path, benchmark echo or benchmark mark', () => {
    for (const [name, source] of code) {
      expect(source, name).not.toMatch(/remixletLiveSandboxes|remixletBenchFloor|remixletBenchLastBatch|remixlet\.bench\.|benchPing|serveBench|seedRemixlet|__remixletTest|remixletFault|remixletServices/);
      // A benchmark mark's call is dropped with its branch; its (empty) helper may stay, as timeHop's does.
      for (const mark of BENCH_MARK_NAMES) expect(source, name).not.toContain(mark);
    }
  });
});
