// Context: shared (pure). The assistant's procedures on the UI → worker boundary, spread into uiSpec. Every
// one names the chat and the tab it believes it works on; the worker answers only for the tab and site
// it recorded when the chat started, and refuses once that tab closed or left the site.
import { z } from 'zod';
import { mutation, query, subscription } from '../rpc';
import { ChatBinding, ChatId } from './chat';
import { ASSISTANT_TOOLS, TOOL_NAMES, type ToolDeclaration } from './tools';
import type { ProcSpec } from '../rpc';

const TabIdIn = z.number().int().min(0);
const On = <T extends z.ZodRawShape>(shape: T) => z.object({ chatId: ChatId, tabId: TabIdIn, ...shape }).strict();

type Tools = typeof ASSISTANT_TOOLS;
/** The tools whose procedure takes the chat, its tab and the tool's input (their declaration says how). */
type ChatTool = { [N in keyof Tools]: Tools[N] extends { chat: object } ? N : never }[keyof Tools];
type ChatProcedures = {
  [N in ChatTool as Tools[N]['answeredBy']]: ProcSpec<ReturnType<typeof On<{ input: Tools[N]['input'] }>>, Tools[N]['chat']['output'], Tools[N]['chat']['kind']>;
};

/** Each tool's procedure of the usual shape, from its declaration (contracts/assistant/tools.ts). */
function chatProcedures(): ChatProcedures {
  const out: Record<string, ProcSpec> = {};
  for (const name of TOOL_NAMES) {
    const tool: ToolDeclaration = ASSISTANT_TOOLS[name];
    if (!tool.chat) continue;
    const make = tool.chat.kind === 'query' ? query : mutation;
    out[tool.answeredBy] = make(On({ input: tool.input }), tool.chat.output, tool.chat.does);
  }
  return out as unknown as ChatProcedures;
}

export const assistantUiSpec = {
  assistantStart: mutation(z.object({ tabId: TabIdIn }).strict(), ChatBinding, "Starts a chat bound to this tab and its site; the page agent joins the tab."),
  assistantChat: subscription(z.object({ chatId: ChatId }).strict(), ChatBinding, "A chat's binding, again whenever it changes (it stops when its tab closes or leaves the site)."),
  assistantEnd: mutation(z.object({ chatId: ChatId }).strict(), z.object({ ok: z.boolean() }).strict(), 'Ends a chat: its procedures refuse from now on.'),
  ...chatProcedures(),
} as const;
