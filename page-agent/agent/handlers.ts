// Context: page agent (isolated world). The agent's procedures on the page agent's router; each one is
// fixed code that takes the model's parameters as data and returns plain data.
import type { HandlersOf } from '../../contracts/rpc';
import type { agentPageSpec } from '../../contracts/agent/page-boundary';
import { outline } from './outline';
import { queryElements } from './query';
import { inspectStyles } from './styles';
import { clickElement } from './click';
import { formFields } from './forms';
import { fetchJson, resources, structuredData } from './page-data';

export const agentHandlers: HandlersOf<typeof agentPageSpec, object> = {
  agentOutline: ({ input }) => outline(input),
  agentQuery: ({ input }) => queryElements(input),
  agentStyles: ({ input }) => inspectStyles(input),
  agentClick: ({ input }) => clickElement(input),
  agentForms: () => formFields(),
  agentResources: () => resources(),
  agentStructuredData: () => structuredData(),
  agentFetchJson: ({ input }) => fetchJson(input.url),
};
