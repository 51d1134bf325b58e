// Context: side panel. The agent's tools: fixed code the model can only fill parameters for. Each one
// asks the worker, which checks the chat's binding and answers through the page agent or activation;
// nothing here runs code the model wrote. A tool that shows a card or a dialog waits for the person.
import { tool, type ToolSet } from 'ai';
import { z } from 'zod';
import type { ClientOf } from '../../contracts/rpc';
import type { UiSpec } from '../../contracts/boundaries/panel-worker';
import { asRefusal } from '../../contracts/trpc-errors';
import {
  ClickInput,
  OpenPageInput,
  OutlineInput,
  PermissionRequestInput,
  QueryInput,
  ReadDataInput,
  ReadLogInput,
  SaveInput,
  StylesInput,
  WriteFilesInput,
} from '../../contracts/agent/tools';
import { canDoOf } from '../../contracts/can-do/files';
import type { Files } from '../../contracts/remixlet';
import { awaitDecision } from './decisions';
import { applyWrite, asFiles, draftReport, type Draft } from './draft';

export interface ToolContext {
  chatId: string;
  tabId: number;
  worker: () => ClientOf<UiSpec>;
  draft: { get(): Draft; set(d: Draft): void };
  imagesInToolResults: boolean;
  /** Whether a screenshot can be taken where this chat runs (capture-available.ts); the tool is left out otherwise. */
  canCapture: boolean;
}

/** A refusal from the worker or the page reaches the model as "CODE: reason", never as a stack. */
async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    const r = asRefusal(e);
    throw new Error(`${r.code}: ${r.reason}`);
  }
}

export function agentTools(ctx: ToolContext): ToolSet {
  const tools = allTools(ctx);
  if (!ctx.canCapture) delete tools.capture_page;
  return tools;
}

function allTools(ctx: ToolContext): ToolSet {
  const on = { chatId: ctx.chatId, tabId: ctx.tabId };
  return {
    capture_page: tool({
      description: "Takes a screenshot of the chat's tab as the person sees it now.",
      inputSchema: z.object({}).strict(),
      execute: () => answer(() => ctx.worker().agentCapture(on)),
      toModelOutput: ({ output }) => {
        const shot = output as { dataUrl: string; width: number; height: number };
        if (!ctx.imagesInToolResults) return { type: 'text', value: `Screenshot taken (${shot.width}×${shot.height}); this provider cannot receive images in tool results, so use outline_page and query_elements to see the page.` };
        return {
          type: 'content',
          value: [
            { type: 'text', text: `Screenshot of the chat's tab, ${shot.width}×${shot.height}.` },
            { type: 'image-data', data: shot.dataUrl.replace(/^data:[^,]*,/, ''), mediaType: 'image/jpeg' },
          ],
        };
      },
    }),
    outline_page: tool({
      description: 'The page at a glance. Without a selector: its regions (header, navigation, main content, sidebars, comments, footer), each with a selector that finds it; the main content\'s headings and the start of each paragraph; then the page as a tree, one line per element (tag, id, classes, chosen attributes, text), opened breadth first, with menus, ad slots, share buttons, hidden and off-screen widgets and runs of similar siblings folded into one line each. With a selector: that element\'s tree alone. "N elements inside" marks what was not opened: ask again with its selector.',
      inputSchema: OutlineInput,
      execute: (input) => answer(() => ctx.worker().agentOutline({ ...on, input })),
    }),
    query_elements: tool({
      description: 'Elements matching a CSS selector: a selector for each, text, attributes, visibility, box, and optionally outer HTML. Password values are always empty.',
      inputSchema: QueryInput,
      execute: (input) => answer(() => ctx.worker().agentQuery({ ...on, input })),
    }),
    inspect_styles: tool({
      description: 'Computed CSS values of chosen properties for matching elements (or their ::before/::after).',
      inputSchema: StylesInput,
      execute: (input) => answer(() => ctx.worker().agentStyles({ ...on, input })),
    }),
    read_page_data: tool({
      description:
        'Data the page loaded: "resources" (addresses it fetched), "json" (re-fetch a same-origin JSON address), "variables" (script variables by name/path, read as data), "forms" (field values; passwords empty), "structured_data" (JSON-LD, meta). Cookies, local/session storage, IndexedDB, caches and credentials are always refused.',
      inputSchema: ReadDataInput,
      execute: (input) => answer(() => ctx.worker().agentReadData({ ...on, input })),
    }),
    click_element: tool({
      description: "Clicks one element on the chat's page. Links and form submissions must stay on the chat's site.",
      inputSchema: ClickInput,
      execute: (input) => answer(() => ctx.worker().agentClick({ ...on, input })),
    }),
    open_page: tool({
      description: "Opens another address on the chat's site in the chat's tab (same host only).",
      inputSchema: OpenPageInput,
      execute: (input) => answer(() => ctx.worker().agentOpenPage({ ...on, input })),
    }),
    request_permissions: tool({
      description:
        'Shows the person a "Remixlet needs permission" card (fixed text per permission) and waits for Allow or Not now. Ask before writing code that needs a permission. Your reasons are stored in the manifest, never shown on the card.',
      inputSchema: PermissionRequestInput,
      execute: (input, { abortSignal }) =>
        answer(async () => {
          const { approvalId } = await ctx.worker().agentRequestPermissions({ ...on, input });
          const outcome = await awaitDecision(approvalId, abortSignal);
          return outcome.status === 'allowed'
            ? { status: 'allowed', permissions: input.permissions.map((p) => p.name) }
            : outcome.status === 'declined'
              ? { status: 'not-now', note: 'The person chose "Not now". Do not use these permissions; ask what they want instead.' }
              : outcome;
        }),
    }),
    write_files: tool({
      description: "Writes whole files into the remixlet draft (manifest.json, script.js, style.css) and runs the save-time checks on the draft. Nothing runs until save_remixlet.",
      inputSchema: WriteFilesInput,
      execute: async (input) => {
        const next = applyWrite(ctx.draft.get(), input);
        ctx.draft.set(next);
        return draftReport(next);
      },
    }),
    save_remixlet: tool({
      description:
        "Saves the draft. It activates at once when it asks for nothing beyond what the person allowed; otherwise Remixlet shows the person a dialog and this waits for their answer. A refusal lists what to fix.",
      inputSchema: SaveInput,
      execute: (input, { abortSignal }) =>
        answer(async () => {
          const files = asFiles(ctx.draft.get());
          if (!files) throw new Error('The draft has no manifest.json; write the files first.');
          // An update: what the version it replaces can do, read before the save makes a newer one.
          const before = input.remixletId ? await newestFiles(ctx, input.remixletId) : undefined;
          const result = await ctx.worker().agentSave({ ...on, files, ...(input.remixletId ? { remixletId: input.remixletId } : {}) });
          // What the saved files can do, computed here from the files sent: the chat shows it under the save,
          // with what an update added and dropped.
          const withCanDo = <T extends { status: string }>(r: T) => (r.status === 'activated' ? { ...r, canDo: canDoOf(files), ...(before ? { canDoBefore: canDoOf(before) } : {}) } : r);
          if (result.status !== 'needs-approval') return withCanDo(result);
          const outcome = await awaitDecision(result.approval.approvalId, abortSignal);
          return outcome.status === 'declined' ? { status: 'declined', note: "The person chose \"Don't allow\"; the previous version stays." } : withCanDo(outcome);
        }),
    }),
    read_log: tool({
      description: "The log of a remixlet that runs on this page, newest first: what it logged here and every refusal with its reason.",
      inputSchema: ReadLogInput,
      execute: (input) => answer(() => ctx.worker().agentReadLog({ ...on, input: { remixletId: input.remixletId, limit: input.limit ?? 50 } })),
    }),
  };
}

/** The files of a remixlet's newest version (the one an update replaces), or undefined where there is none to read. */
async function newestFiles(ctx: ToolContext, remixletId: string): Promise<Files | undefined> {
  try {
    return (await ctx.worker().versions({ remixletId })).at(-1)?.files;
  } catch {
    // No such remixlet (the save will say so): nothing to compare with.
    return undefined;
  }
}
