// Context: side panel. "Fix it": the chat's first request about a remixlet that stopped working on its
// page. The person's message is the extension's fixed words (the remixlet's name, what broke, its current
// files, all its own); what came from the page (its log lines and an outline of the page around where its
// selectors used to match) reaches the model as the results of read_log and outline_page, as any page
// data does, never in the person's words. The files go into the draft, so the new version goes through
// write_files, save_remixlet and its usual checks, cards and dialogs.
import type { ModelMessage } from 'ai';
import type { FixContext } from '../../contracts/assistant/fix';
import type { ClientOf } from '../../contracts/rpc';
import type { UiSpec } from '../../contracts/boundaries/panel-worker';
import type { OutlineInput } from '../../contracts/assistant/tools';
import type { z } from 'zod';
import type { Draft } from '../assistant/draft';
import { asRefusal } from '../../contracts/trpc-errors';

/** Lines of outline the first request carries around where a selector used to match. */
export const FIX_OUTLINE_NODES = 200;

/**
 * The wider selectors a selector sits inside, nearest first: '#feed .story > h2' gives '#feed .story' and
 * '#feed'. Splits only at combinators outside brackets, parentheses and quotes; a selector list gives none.
 */
export function selectorAncestors(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (const ch of selector.trim()) {
    if (quote) {
      current += ch;
      if (ch === quote) quote = '';
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
    else if (depth === 0 && ch === ',') return [];
    if (depth === 0 && /[\s>+~]/.test(ch)) {
      if (current.trim()) parts.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  const out: string[] = [];
  for (let n = parts.length - 1; n >= 1; n--) out.push(parts.slice(0, n).join(' '));
  return out;
}

export interface FixTurn {
  /** What the transcript shows as the person's message. */
  display: string;
  /** What the model is sent: the message, then the read_log and outline_page results. */
  messages: ModelMessage[];
  draft: Draft;
  /** The two reads, for the transcript's tool rows. */
  reads: Array<{ id: string; name: 'read_log' | 'outline_page'; input: unknown; output: unknown }>;
}

const fence = (name: string, text: string) => `${name}:\n\`\`\`\n${text.replace(/```/g, '`\u200b``')}\n\`\`\``;

function what(ctx: FixContext): string {
  const v = ctx.verdict;
  if (v.state === 'not-working') return `it has not been working on this page since ${new Date(v.since ?? Date.now()).toISOString()}`;
  if (v.state === 'failing') return 'it stopped with an error on this page';
  if (v.state === 'refused') return 'a call of it was refused on this page';
  return 'the person says it does not work on this page';
}

/** The first request of a fix, from the worker's context and the outline read around the empty selectors. */
export function fixTurn(ctx: FixContext, outline: { input: z.infer<typeof OutlineInput>; output: unknown }, ids: { log: string; outline: string }): FixTurn {
  const empty = ctx.verdict.emptySelectors;
  const display = [
    `Fix "${ctx.name}": ${what(ctx)}.`,
    empty.length ? `Selectors that found nothing here: ${empty.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const files = Object.entries(ctx.files)
    .filter(([, text]) => text !== undefined)
    .map(([name, text]) => fence(name, text!));
  const request = [
    `${display}`,
    `It is remixlet ${ctx.remixletId}, version ${ctx.version}. Its current files are loaded in the draft. Find what those parts of the page are now (its log and an outline of the page around where its selectors used to match follow as tool results), change the files with write_files, and save with save_remixlet {"remixletId": "${ctx.remixletId}"}. Keep what it does, and where it runs, as it is.`,
    ...files,
  ].join('\n\n');
  const logInput = { remixletId: ctx.remixletId, limit: ctx.log.length || 1 };
  const reads: FixTurn['reads'] = [
    { id: ids.log, name: 'read_log', input: logInput, output: ctx.log },
    { id: ids.outline, name: 'outline_page', input: outline.input, output: outline.output },
  ];
  const messages: ModelMessage[] = [
    { role: 'user', content: request },
    { role: 'assistant', content: reads.map((r) => ({ type: 'tool-call' as const, toolCallId: r.id, toolName: r.name, input: r.input })) },
    { role: 'tool', content: reads.map((r) => ({ type: 'tool-result' as const, toolCallId: r.id, toolName: r.name, output: { type: 'json' as const, value: r.output as never } })) },
  ];
  return { display, messages, draft: { ...ctx.files }, reads };
}

/**
 * The outline around where the empty selectors used to match: inside the nearest wider selector that still
 * finds something on the page now, else the whole page (short).
 */
export async function outlineAround(
  worker: ClientOf<UiSpec>,
  on: { chatId: string; tabId: number },
  selectors: readonly string[],
): Promise<{ input: z.infer<typeof OutlineInput>; output: unknown }> {
  for (const sel of selectors) {
    for (const wider of selectorAncestors(sel)) {
      const found = await worker.assistantQuery({ ...on, input: { selector: wider.slice(0, 500), limit: 1 } }).catch(() => undefined);
      if (found && found.count > 0) {
        const input = { selector: wider.slice(0, 500), maxNodes: FIX_OUTLINE_NODES };
        return { input, output: await worker.assistantOutline({ ...on, input }).catch((e: unknown) => ({ error: asRefusal(e).reason })) };
      }
    }
  }
  const input = { maxNodes: FIX_OUTLINE_NODES };
  return { input, output: await worker.assistantOutline({ ...on, input }).catch((e: unknown) => ({ error: asRefusal(e).reason })) };
}
