// Context: side panel. The assistant's tools: fixed code the model can only fill parameters for. Each one
// asks the worker, which checks the chat's binding and answers through the page agent or activation;
// nothing here runs code the model wrote. A tool that shows a card or a dialog waits for the person.
import { tool, type ToolSet } from 'ai';
import type { ClientOf } from '../../contracts/rpc';
import type { UiSpec } from '../../contracts/boundaries/panel-worker';
import { asRefusal } from '../../contracts/trpc-errors';
import { ASSISTANT_TOOLS } from '../../contracts/assistant/tools';
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

export function assistantTools(ctx: ToolContext): ToolSet {
  const tools = allTools(ctx);
  if (!ctx.canCapture) delete tools.capture_page;
  return tools;
}

function allTools(ctx: ToolContext): ToolSet {
  const on = { chatId: ctx.chatId, tabId: ctx.tabId };
  return {
    capture_page: tool({
      description: ASSISTANT_TOOLS.capture_page.description,
      inputSchema: ASSISTANT_TOOLS.capture_page.input,
      execute: (input) => answer(() => ctx.worker().assistantCapture({ ...on, input })),
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
      description: ASSISTANT_TOOLS.outline_page.description,
      inputSchema: ASSISTANT_TOOLS.outline_page.input,
      execute: (input) => answer(() => ctx.worker().assistantOutline({ ...on, input })),
    }),
    query_elements: tool({
      description: ASSISTANT_TOOLS.query_elements.description,
      inputSchema: ASSISTANT_TOOLS.query_elements.input,
      execute: (input) => answer(() => ctx.worker().assistantQuery({ ...on, input })),
    }),
    inspect_styles: tool({
      description: ASSISTANT_TOOLS.inspect_styles.description,
      inputSchema: ASSISTANT_TOOLS.inspect_styles.input,
      execute: (input) => answer(() => ctx.worker().assistantStyles({ ...on, input })),
    }),
    read_page_data: tool({
      description: ASSISTANT_TOOLS.read_page_data.description,
      inputSchema: ASSISTANT_TOOLS.read_page_data.input,
      execute: (input) => answer(() => ctx.worker().assistantReadData({ ...on, input })),
    }),
    click_element: tool({
      description: ASSISTANT_TOOLS.click_element.description,
      inputSchema: ASSISTANT_TOOLS.click_element.input,
      execute: (input) => answer(() => ctx.worker().assistantClick({ ...on, input })),
    }),
    open_page: tool({
      description: ASSISTANT_TOOLS.open_page.description,
      inputSchema: ASSISTANT_TOOLS.open_page.input,
      execute: (input) => answer(() => ctx.worker().assistantOpenPage({ ...on, input })),
    }),
    request_permissions: tool({
      description: ASSISTANT_TOOLS.request_permissions.description,
      inputSchema: ASSISTANT_TOOLS.request_permissions.input,
      execute: (input, { abortSignal }) =>
        answer(async () => {
          const { approvalId } = await ctx.worker().assistantRequestPermissions({ ...on, input });
          const outcome = await awaitDecision(approvalId, abortSignal);
          return outcome.status === 'allowed'
            ? { status: 'allowed', permissions: input.permissions.map((p) => p.name) }
            : outcome.status === 'declined'
              ? { status: 'not-now', note: 'The person chose "Not now". Do not use these permissions; ask what they want instead.' }
              : outcome;
        }),
    }),
    write_files: tool({
      description: ASSISTANT_TOOLS.write_files.description,
      inputSchema: ASSISTANT_TOOLS.write_files.input,
      execute: async (input) => {
        const next = applyWrite(ctx.draft.get(), input);
        ctx.draft.set(next);
        return draftReport(next);
      },
    }),
    save_remixlet: tool({
      description: ASSISTANT_TOOLS.save_remixlet.description,
      inputSchema: ASSISTANT_TOOLS.save_remixlet.input,
      execute: (input, { abortSignal }) =>
        answer(async () => {
          const files = asFiles(ctx.draft.get());
          if (!files) throw new Error('The draft has no manifest.json; write the files first.');
          // An update: what the version it replaces can do, read before the save makes a newer one.
          const before = input.remixletId ? await newestFiles(ctx, input.remixletId) : undefined;
          const result = await ctx.worker().assistantSave({ ...on, files, ...(input.remixletId ? { remixletId: input.remixletId } : {}) });
          // What the saved files can do, computed here from the files sent: the chat shows it under the save,
          // with what an update added and dropped.
          const withCanDo = <T extends { status: string }>(r: T) => (r.status === 'activated' ? { ...r, canDo: canDoOf(files), ...(before ? { canDoBefore: canDoOf(before) } : {}) } : r);
          if (result.status !== 'needs-approval') return withCanDo(result);
          const outcome = await awaitDecision(result.approval.approvalId, abortSignal);
          return outcome.status === 'declined' ? { status: 'declined', note: "The person chose \"Don't allow\"; the previous version stays." } : withCanDo(outcome);
        }),
    }),
    read_log: tool({
      description: ASSISTANT_TOOLS.read_log.description,
      inputSchema: ASSISTANT_TOOLS.read_log.input,
      execute: (input) => answer(() => ctx.worker().assistantReadLog({ ...on, input: { remixletId: input.remixletId, limit: input.limit ?? 50 } })),
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
