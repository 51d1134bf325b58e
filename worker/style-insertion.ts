// Context: background service worker. The check that runs every time a style.css is inserted: today's
// rule for stylesheets saved under it; for one saved before the rule (extension < 1.0.2 here: any version
// record whose stylesheet fails today's check but was saved by an older extension), the loading parts
// are left out and the log says which.
import { checkStyleSheet, stripLoads } from '../contracts/policy/stylesheet-check';
import { appendLog } from './store/logs';
import type { ActiveRemixlet } from './store/remixlets';
import { loadHostsOf } from '../contracts/remixlet-hosts';

export async function styleForInsertion(r: ActiveRemixlet): Promise<string | undefined> {
  const css = r.version.files['style.css'];
  if (!css || !css.trim()) return undefined;
  const opts = loadHostsOf(r.manifest);
  const verdict = checkStyleSheet(css, opts);
  if (verdict.ok) return css;
  const stripped = stripLoads(css, opts);
  for (const removed of stripped.removed) {
    await appendLog(r.head.id, {
      at: Date.now(),
      level: 'warn',
      source: 'worker',
      message: `style.css line ${removed.line}: left out because ${removed.reason}`,
    });
  }
  return stripped.css;
}
