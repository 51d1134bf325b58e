// Context: unit tests only. The page agent's real exec path, bundled into a plain page (no extension API)
// so its operations run against a real DOM in Chromium. Exposes exec (the batch parsed with the boundary's
// schema first, as the page agent's router parses it where it arrives), release and the event stream.
// Also exposes the assistant's query_elements, outline, inspect_styles, forms and click_element. Trusts the test that drives it; never shipped.
import { receiveBatch } from '../../../page-agent/exec';
import { subscriptions } from '../../../page-agent/subscriptions';
import { releaseRemixlet } from '../../../page-agent/release';
import { watchMaskedFields } from '../../../page-agent/policy/password';
import type { PageEvent } from '../../../contracts/dom/ops';
import { queryElements } from '../../../page-agent/tools/query-elements';
import { outline } from '../../../page-agent/tools/outline';
import { inspectStyles } from '../../../page-agent/tools/inspect-styles';
import { formFields } from '../../../page-agent/tools/form-fields';
import { clickElement } from '../../../page-agent/tools/click-element';
import { RemixletRefusal } from '../../../contracts/refusals';
import { pageAgentCoreSpec } from '../../../contracts/boundaries/worker-page-agent-core';

watchMaskedFields();
const events: PageEvent[] = [];
subscriptions.sink((e) => events.push(e));
Object.assign(window, { __pa: { exec, execNumbered, release: releaseRemixlet, events, subscriptionCount: () => subscriptions.count(), assistantClick }, __assistant: { queryElements, outline, inspectStyles, formFields } });

/** The assistant's click_element as the panel sees it: its answer, or the refusal it threw. */
function assistantClick(input: Parameters<typeof clickElement>[0]): { ok: true; value: unknown } | { ok: false; code: string; reason: string } {
  try {
    return { ok: true, value: clickElement(input) };
  } catch (e) {
    if (e instanceof RemixletRefusal) return { ok: false, code: e.code, reason: e.reason };
    throw e;
  }
}

/** The router's exec: the batch parsed where it arrives, then run. A batch the schema refuses is refused whole, as the router refuses it: nothing of it runs. */
function execNumbered(remixlet: unknown, ops: unknown) {
  const input = pageAgentCoreSpec.exec.input.safeParse({ remixlet, ops });
  if (!input.success) return { refusedWhole: input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  return receiveBatch(input.data.remixlet, input.data.ops);
}

/** execNumbered's results alone, as most tests read them. */
function exec(remixlet: unknown, ops: unknown) {
  const answer = execNumbered(remixlet, ops);
  return 'refusedWhole' in answer ? answer : answer.then((a) => a.results);
}
