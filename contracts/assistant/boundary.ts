// Context: shared (pure). The assistant's procedures on the UI → worker boundary, spread into uiSpec. Every
// one names the chat and the tab it believes it works on; the worker answers only for the tab and site
// it recorded when the chat started, and refuses once that tab closed or left the site.
import { z } from 'zod';
import { mutation, query, subscription } from '../rpc';
import { ChatBinding, ChatId } from './chat';
import {
  CaptureOutput,
  ClickInput,
  ClickOutput,
  OpenPageInput,
  OpenPageOutput,
  OutlineInput,
  OutlineOutput,
  PermissionRequestInput,
  QueryInput,
  QueryOutput,
  ReadDataInput,
  ReadDataOutput,
  StylesInput,
  StylesOutput,
} from './tools';

const TabIdIn = z.number().int().min(0);
const On = <T extends z.ZodRawShape>(shape: T) => z.object({ chatId: ChatId, tabId: TabIdIn, ...shape }).strict();

export const assistantUiSpec = {
  agentStart: mutation(z.object({ tabId: TabIdIn }).strict(), ChatBinding, "Starts a chat bound to this tab and its site; the page agent joins the tab."),
  agentChat: subscription(z.object({ chatId: ChatId }).strict(), ChatBinding, "A chat's binding, again whenever it changes (it stops when its tab closes or leaves the site)."),
  agentEnd: mutation(z.object({ chatId: ChatId }).strict(), z.object({ ok: z.boolean() }).strict(), 'Ends a chat: its procedures refuse from now on.'),
  agentCapture: mutation(On({}), CaptureOutput, "A screenshot of the chat's tab (it must be the visible tab of its window)."),
  agentOutline: query(On({ input: OutlineInput }), OutlineOutput, "An outline of the chat's page."),
  agentQuery: query(On({ input: QueryInput }), QueryOutput, "Elements of the chat's page matching a selector."),
  agentStyles: query(On({ input: StylesInput }), StylesOutput, 'Computed styles of matching elements.'),
  agentReadData: query(On({ input: ReadDataInput }), ReadDataOutput, 'Data the page loaded, its script variables, its form fields; refuses cookies, storage and credentials.'),
  agentClick: mutation(On({ input: ClickInput }), ClickOutput, "Clicks an element on the chat's page; links and forms must stay on the site."),
  agentOpenPage: mutation(On({ input: OpenPageInput }), OpenPageOutput, "Opens another page of the chat's site in the chat's tab."),
  agentRequestPermissions: mutation(
    On({ input: PermissionRequestInput }),
    z.object({ approvalId: z.string() }).strict(),
    'Shows a "Remixlet needs permission" card; its rows are fixed text per permission.',
  ),
} as const;
