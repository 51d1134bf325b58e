// Context: background service worker. read_page_data: each source answered by fixed code. Cookies,
// local and session storage, IndexedDB, caches and credentials are refused here, before anything
// touches the page; script variables are read by a fixed MAIN-world function given parsed paths as data.
import type { z } from 'zod';
import type { ReadDataInput } from '../../contracts/assistant/tools';
import { isRefusedSource, REFUSED_SOURCE_TEXT } from '../../contracts/assistant/read-sources';
import { parseVariablePath } from '../../contracts/assistant/variable-path';
import { RemixletRefusal } from '../../contracts/refusals';
import type { ChatBinding } from '../../contracts/assistant/chat';
import { chatPage, relay } from './page';
import { readVariables, type VariableRead } from './main-world-read';

export async function readPageData(chat: ChatBinding, input: z.infer<typeof ReadDataInput>): Promise<{ source: string; data: unknown }> {
  const { source } = input;
  if (isRefusedSource(source)) throw new RemixletRefusal('READ_REFUSED', REFUSED_SOURCE_TEXT[source], 'read_page_data');
  const page = await chatPage(chat);
  switch (source) {
    case 'resources':
      return { source, data: await relay(page.agent.assistantResources({})) };
    case 'forms':
      return { source, data: await relay(page.agent.assistantForms({})) };
    case 'structured_data':
      return { source, data: await relay(page.agent.assistantStructuredData({})) };
    case 'json': {
      if (!input.url) throw new RemixletRefusal('MALFORMED_MESSAGE', 'Give the address to re-fetch in "url".', 'read_page_data');
      return { source, data: await relay(page.agent.assistantFetchJson({ url: input.url })) };
    }
    case 'variables': {
      const names = input.names ?? [];
      if (names.length === 0) throw new RemixletRefusal('MALFORMED_MESSAGE', 'Name the variables to read in "names".', 'read_page_data');
      const results: VariableRead[] = [];
      const walk: string[][] = [];
      for (const name of names) {
        const parsed = parseVariablePath(name);
        if (parsed.ok) walk.push(parsed.segments);
        else results.push({ path: name, ok: false, refused: parsed.reason });
      }
      if (results.length && walk.length === 0 && results.every((r) => /is refused/.test(r.refused ?? ''))) {
        throw new RemixletRefusal('READ_REFUSED', results.map((r) => `${r.path}: ${r.refused}`).join('; '), 'read_page_data');
      }
      if (walk.length) {
        const [injected] = await chrome.scripting.executeScript({
          target: { tabId: chat.tabId, documentIds: [page.documentId] },
          world: 'MAIN',
          func: readVariables,
          args: [walk, 20_000],
        });
        results.push(...((injected?.result as VariableRead[] | undefined) ?? []));
      }
      return { source, data: results };
    }
  }
}
