// Helpers for the services' real-browser tests: install a remixlet whose script reports each result as a
// log line `RESULT <name> <json>`, and read those results back from its log.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, launchContext } from '../harness';
import { extensionIdOf, extensionServiceWorker } from '../harness/browser';
import { allowPermissions, install, manifest, openPanel, readLog, type RemixletFiles } from '../remixlet';

export type Permission = { name: string; reason: string };
export const perm = (name: string): Permission => ({ name, reason: `the test needs ${name}` });

/** Script text that runs `body` (an async expression) and logs its value or its refusal code under `name`. */
export function report(name: string, body: string): string {
  return `try { rmx.log('RESULT ${name} ' + JSON.stringify({ ok: true, value: await (async () => ${body})() })); } catch (e) { rmx.log('RESULT ${name} ' + JSON.stringify({ ok: false, code: e.code ?? String(e), reason: e.reason ?? String(e) })); }\n`;
}

export interface Setup {
  panel: Page;
  tabId: number;
  remixletId: string;
}

/** Allows the permissions with a card (as a person would), then installs through activation. */
export async function installWith(
  openExtensionPage: (p: string) => Promise<Page>,
  tabId: number,
  fields: { matches: string[]; permissions?: Permission[]; script?: string; rules?: string; name?: string },
): Promise<Setup> {
  const panel = await openPanel(openExtensionPage, tabId);
  if (fields.permissions?.length) await allowPermissions(panel, tabId, fields.permissions);
  const files: RemixletFiles = { 'manifest.json': manifest({ name: fields.name ?? 'Service test', matches: fields.matches, permissions: fields.permissions ?? [] }) };
  if (fields.script !== undefined) files['script.js'] = fields.script;
  if (fields.rules !== undefined) files['rules.json'] = fields.rules;
  const { remixletId } = await install(panel, tabId, files);
  return { panel, tabId, remixletId };
}

export type Result = { ok: true; value: unknown } | { ok: false; code: string; reason: string };

/** Waits until every named result is in the log, and returns them. */
export async function results(panel: Page, remixletId: string, names: string[], timeout = 20_000): Promise<Record<string, Result>> {
  let found: Record<string, Result> = {};
  await expect
    .poll(
      async () => {
        found = {};
        for (const entry of await readLog(panel, remixletId)) {
          const m = /^RESULT (\S+) (.*)$/s.exec(entry.message);
          if (m && !(m[1]! in found)) found[m[1]!] = JSON.parse(m[2]!) as Result;
        }
        return names.filter((n) => !(n in found));
      },
      { timeout },
    )
    .toEqual([]);
  return found;
}

export async function logMessages(panel: Page, remixletId: string): Promise<string[]> {
  return (await readLog(panel, remixletId)).map((e) => e.message);
}

/**
 * A browser that can be closed and launched again on the same profile (for what must outlive a browser
 * restart). `launch()` starts one with the extension and the harness's proxy and tag; `dispose()` removes the
 * profile once the test is done with it.
 */
export function relaunchable(opts: { proxyPort: number; extensionPath: string; tag: string }) {
  const profile = mkdtempSync(path.join(tmpdir(), 'remixlet-e2e-relaunch-'));
  const launch = async () => {
    const launched = await launchContext({ proxyPort: opts.proxyPort, extensionPath: opts.extensionPath, tag: opts.tag, userDataDir: profile });
    const worker = await extensionServiceWorker(launched.context);
    const extensionId = extensionIdOf(worker);
    const openExtensionPage = async (p: string) => {
      const page = await launched.context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${p}`);
      return page;
    };
    return { ...launched, extensionId, openExtensionPage };
  };
  return { launch, dispose: () => rmSync(profile, { recursive: true, force: true, maxRetries: 3 }) };
}
