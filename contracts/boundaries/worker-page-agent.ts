// Context: shared (pure). The worker → page agent boundary (tRPC over a chrome.tabs.connect port that
// the worker opens to one document): the page agent's own procedures (worker-page-agent-core.ts) and the
// agent's reads and clicks. The page agent trusts only what the worker tells it about a remixlet:
// nothing in a sandbox's payload names the remixlet, its sites or its hosts.
import { assistantPageSpec } from '../assistant/page-boundary';
import { pageAgentCoreSpec } from './worker-page-agent-core';

export * from './worker-page-agent-core';

export const pageAgentSpec = {
  ...pageAgentCoreSpec,
  // The agent's reads and clicks: data in, data out; no procedure takes code.
  ...assistantPageSpec,
} as const;
export type PageAgentSpec = typeof pageAgentSpec;
