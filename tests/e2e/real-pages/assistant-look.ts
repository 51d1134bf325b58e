// Tests and bench (Node). Calls the assistant's page tools the way the panel does, through the worker, for a
// chat bound to one tab: the outline a model would get, exactly as it gets it.
import type { Page } from '@playwright/test';
import { openPanel, uiCall } from '../remixlet';

export interface OutlineResult {
  url: string;
  title: string;
  outline: string;
  lines: number;
  truncated: boolean;
}

export interface AssistantLook {
  panel: Page;
  /** Calls one of the assistant's read procedures (assistantOutline, assistantQuery, assistantStyles, assistantReadData) for the bound tab. */
  call: <T>(procedure: string, input?: unknown) => Promise<T>;
  outline: (input?: { selector?: string; maxNodes?: number }) => Promise<OutlineResult>;
}

export async function assistantLook(openExtensionPage: (p: string) => Promise<Page>, tabId: number): Promise<AssistantLook> {
  const panel = await openPanel(openExtensionPage, tabId);
  const chat = await uiCall<{ chatId: string }>(panel, 'assistantStart', { tabId });
  const call = <T>(procedure: string, input: unknown = {}) => uiCall<T>(panel, procedure, { chatId: chat.chatId, tabId, input }, 'query');
  return { panel, call, outline: (input = {}) => call<OutlineResult>('assistantOutline', input) };
}

/** The selector the first look names for the first region of a kind ("banner", "complementary", "main content", "comments"). */
export function outlineRegion(outline: string, kind: string): string | undefined {
  return new RegExp(`^  ${kind} \`([^\`]+)\``, 'm').exec(outline)?.[1];
}
