// Context: page agent (isolated world). The page side of the agent's tools (outline_page, query_elements,
// click_element, …), on the page agent's router; each one is
// fixed code that takes the model's parameters as data and returns plain data.
import type { HandlersOf } from '../../contracts/rpc';
import type { assistantPageSpec } from '../../contracts/assistant/page-boundary';
import { outline } from './outline';
import { queryElements } from './query-elements';
import { inspectStyles } from './inspect-styles';
import { clickElement } from './click-element';
import { formFields } from './form-fields';
import { fetchJson, resources, structuredData } from './page-data';

export const toolHandlers: HandlersOf<typeof assistantPageSpec, object> = {
  assistantOutline: ({ input }) => outline(input),
  assistantQuery: ({ input }) => queryElements(input),
  assistantStyles: ({ input }) => inspectStyles(input),
  assistantClick: ({ input }) => clickElement(input),
  assistantForms: () => formFields(),
  assistantResources: () => resources(),
  assistantStructuredData: () => structuredData(),
  assistantFetchJson: ({ input }) => fetchJson(input.url),
};
