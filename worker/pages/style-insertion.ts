// Context: background service worker. The check that runs every time a style.css is inserted into a page
// (the save and activation checks run in contracts/save-checks.ts). Trusts the stored version record
// (written only by activation) and nothing in the CSS.
// - Parts that read a form field's value (attr(value), a selector that tests [value]) are left out of
//   every sheet, whichever version saved it, with a log line each: they could show a password through
//   h.computedStyle() or the page's layout (h.rect()). The save check refuses them; a sheet saved before
//   it did keeps the rest.
// - A sheet that then passes today's load check is inserted as contracts/policy/sheet-for-page.ts hands it
//   to a page: the custom properties its loading properties use renamed to the remixlet's own, and every
//   value-state pseudo-class (:invalid, :placeholder-shown) guarded so that no password field matches it.
// - A sheet saved by an older extension that fails today's check keeps running with the loading parts
//   left out; a log line names each one.
// - A sheet saved by this extension version that fails is not inserted at all (the save check should
//   have refused it; something changed since), and the log says why.
import { checkStoredStyleSheet, stripLoads } from '../../contracts/policy/stylesheet-check';
import { sheetForPage } from '../../contracts/policy/sheet-for-page';
import type { LogEntry } from '../../contracts/remixlet';
import { appendLog } from '../store/logs';
import type { ActiveRemixlet } from '../store/remixlets';
import type { VersionRecord } from '../../contracts/remixlet';
import { loadHostsOf } from '../../contracts/remixlet-hosts';

/** Whether version a is older than b (dotted numbers; a missing part counts as 0). */
export function olderVersion(a: string, b: string): boolean {
  const pa = a.split('.').map((n) => parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x < y;
  }
  return false;
}

export async function styleForInsertion(r: ActiveRemixlet, extensionVersion: string = chrome.runtime.getManifest().version): Promise<string | undefined> {
  const css = r.version.files['style.css'];
  if (!css || !css.trim()) return undefined;
  const log = (level: LogEntry['level'], message: string) => appendLog(r.head.id, { at: Date.now(), level, source: 'worker', message });
  const opts = loadHostsOf(r.manifest);
  const { css: withoutValueReads, removed: valueReads, verdict } = checkStoredStyleSheet(css, opts);
  for (const removed of valueReads) await log('warn', `style.css line ${removed.line}: left out because ${removed.reason}`);
  let sheet = withoutValueReads;
  if (!sheet.trim()) return undefined;
  if (!verdict.ok) {
    if (!olderVersion(r.version.extensionVersion, extensionVersion)) {
      const first = verdict.refusals[0];
      await log('error', `style.css was not inserted: it fails the stylesheet check (${first?.reason ?? 'refused'}); save it again without the refused parts.`);
      return undefined;
    }
    const stripped = stripLoads(sheet, opts);
    for (const removed of stripped.removed) await log('warn', `style.css line ${removed.line}: left out because ${removed.reason}`);
    sheet = stripped.css;
  }
  if (!sheet.trim()) return undefined;
  try {
    return sheetForPage(sheet, r.head.id);
  } catch (e) {
    await log('error', `style.css was not inserted: ${e instanceof Error ? e.message : String(e)}; save it again without that selector.`);
    return undefined;
  }
}

const checked = new WeakMap<VersionRecord, Promise<string | undefined>>();
/**
 * styleForInsertion for a stored version, checked (and its log lines written) once while the worker keeps
 * that record loaded: a version never changes, and a page commit should not wait for css-tree each time.
 */
export function styleOf(r: ActiveRemixlet): Promise<string | undefined> {
  let css = checked.get(r.version);
  if (!css) {
    const checking = styleForInsertion(r);
    checked.set(r.version, checking);
    void checking.catch(() => checked.get(r.version) === checking && checked.delete(r.version));
    css = checking;
  }
  return css;
}
