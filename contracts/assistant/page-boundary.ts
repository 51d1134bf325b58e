// Context: shared (pure). The agent's read and click procedures on the worker → page agent boundary,
// spread into pageAgentSpec. Inputs are the model's parameters as data (selectors, property names);
// outputs are plain data with password values empty. No procedure here takes code.
import { z } from 'zod';
import { mutation, query } from '../rpc';
import { ClickInput, ClickOutput, OutlineInput, OutlineOutput, QueryInput, QueryOutput, StylesInput, StylesOutput } from './tools';

export const FormField = z
  .object({
    form: z.string(),
    tag: z.string(),
    type: z.string(),
    name: z.string(),
    label: z.string(),
    value: z.string(),
    password: z.boolean(),
    checked: z.boolean().optional(),
  })
  .strict();

export const assistantPageSpec = {
  agentOutline: query(OutlineInput, OutlineOutput, 'An outline of the page: structure, text, hidden text marked, comments.'),
  agentQuery: query(QueryInput, QueryOutput, 'Elements matching a selector, password values empty.'),
  agentStyles: query(StylesInput, StylesOutput, 'Computed styles of matching elements.'),
  agentClick: mutation(ClickInput.extend({ site: z.string() }).strict(), ClickOutput, 'Clicks an element whose link or form stays on the given site.'),
  agentForms: query(z.object({}).strict(), z.object({ fields: z.array(FormField) }).strict(), 'Form fields with their current values; password fields read as empty.'),
  agentResources: query(
    z.object({}).strict(),
    z.object({ entries: z.array(z.object({ url: z.string(), type: z.string(), size: z.number() }).strict()) }).strict(),
    'The addresses the page loaded (performance resource entries).',
  ),
  agentStructuredData: query(
    z.object({}).strict(),
    z.object({ jsonLd: z.array(z.string()), meta: z.record(z.string(), z.string()) }).strict(),
    'JSON-LD blocks and meta tags.',
  ),
  agentFetchJson: query(
    z.object({ url: z.string().max(2000) }).strict(),
    z.object({ url: z.string(), status: z.number().int(), contentType: z.string(), body: z.string() }).strict(),
    'Re-fetches a same-origin address with GET, as the page would, and returns its body as text.',
  ),
} as const;
