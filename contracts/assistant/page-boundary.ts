// Context: shared (pure). The assistant's read and click procedures on the worker → page agent boundary,
// spread into pageAgentSpec. Inputs are the model's parameters as data (selectors, property names);
// outputs are plain data with password values empty. No procedure here takes code.
import { z } from 'zod';
import { mutation, query, type ProcSpec } from '../rpc';
import { ASSISTANT_TOOLS, TOOL_NAMES, type ToolDeclaration } from './tools';

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

type Tools = typeof ASSISTANT_TOOLS;
/** The tools the page agent answers (their declaration says so). */
type PageTool = { [N in keyof Tools]: Tools[N] extends { page: object; chat: object } ? N : never }[keyof Tools];
/** A page tool's input: the tool's own, with what the worker adds. */
type PageInput<T> = T extends { page: { adds: infer A extends z.ZodRawShape }; input: z.ZodObject<infer S> } ? z.ZodObject<S & A, z.core.$strict> : T extends { input: infer I extends z.ZodType } ? I : never;
type PageProcedures = { [N in PageTool as Tools[N]['answeredBy']]: ProcSpec<PageInput<Tools[N]>, Tools[N]['chat']['output'], Tools[N]['chat']['kind']> };

/** Each such tool's page procedure, from its declaration (contracts/assistant/tools.ts): its input and answer, under the worker procedure's name. */
function pageProcedures(): PageProcedures {
  const out: Record<string, ProcSpec> = {};
  for (const name of TOOL_NAMES) {
    const tool: ToolDeclaration = ASSISTANT_TOOLS[name];
    if (!tool.page || !tool.chat) continue;
    const input = tool.page.adds ? (tool.input as z.ZodObject).extend(tool.page.adds).strict() : tool.input;
    out[tool.answeredBy] = (tool.chat.kind === 'query' ? query : mutation)(input, tool.chat.output, tool.page.does);
  }
  return out as unknown as PageProcedures;
}

export const assistantPageSpec = {
  ...pageProcedures(),
  assistantForms: query(z.object({}).strict(), z.object({ fields: z.array(FormField) }).strict(), 'Form fields with their current values; password fields read as empty.'),
  assistantResources: query(
    z.object({}).strict(),
    z.object({ entries: z.array(z.object({ url: z.string(), type: z.string(), size: z.number() }).strict()) }).strict(),
    'The addresses the page loaded (performance resource entries).',
  ),
  assistantStructuredData: query(
    z.object({}).strict(),
    z.object({ jsonLd: z.array(z.string()), meta: z.record(z.string(), z.string()) }).strict(),
    'JSON-LD blocks and meta tags.',
  ),
  assistantFetchJson: query(
    z.object({ url: z.string().max(2000) }).strict(),
    z.object({ url: z.string(), status: z.number().int(), contentType: z.string(), body: z.string() }).strict(),
    'Re-fetches a same-origin address with GET, as the page would, and returns its body as text.',
  ),
} as const;
