// Context: unit tests only. The page agent's real exec path, bundled into a plain page (no extension API)
// so its operations run against a real DOM in Chromium. Exposes exec, release and the event stream.
// Also exposes the agent's query_elements and outline reads. Trusts the test that drives it; never shipped.
import { execBatch } from '../../../../page-agent/exec';
import { subscriptions } from '../../../../page-agent/subscriptions';
import { releaseRemixlet } from '../../../../page-agent/release';
import { watchMaskedFields } from '../../../../page-agent/policy/password';
import type { PageEvent } from '../../../../contracts/dom/ops';
import { queryElements } from '../../../../page-agent/agent/query';
import { outline } from '../../../../page-agent/agent/outline';

watchMaskedFields();
const events: PageEvent[] = [];
subscriptions.sink((e) => events.push(e));
Object.assign(window, { __pa: { exec: execBatch, release: releaseRemixlet, events, subscriptionCount: () => subscriptions.count() }, __agent: { queryElements, outline } });
