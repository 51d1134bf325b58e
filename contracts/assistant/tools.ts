// Context: shared (pure). The assistant's tools as data: what the model may fill in (each tool's input) and
// what comes back. The panel gives these schemas to the model; the worker and the page agent parse the
// same schemas again on arrival, so a parameter crosses into the page as data and nothing else.
import { z } from 'zod';
import { ReadSource } from './read-sources';
import { LogEntry } from '../remixlet';

const Selector = z
  .string()
  .min(1)
  .max(500)
  .describe("A CSS selector; `>>>` steps into a web component's shadow root, open or closed (`my-card >>> .title`, one `>>>` per root; the outline shows the selector into each)");

export const OutlineInput = z
  .object({
    selector: Selector.optional().describe('Outline only inside the first element this matches; the whole page when left out'),
    maxNodes: z.number().int().min(20).max(1500).optional().describe('At most this many lines (default 400)'),
  })
  .strict();
export const OutlineOutput = z
  .object({ url: z.string(), title: z.string(), outline: z.string(), lines: z.number().int(), truncated: z.boolean() })
  .strict();

export const QueryInput = z
  .object({
    selector: Selector,
    limit: z.number().int().min(1).max(50).optional().describe('At most this many elements (default 10)'),
    html: z.boolean().optional().describe('Include each element\'s outer HTML (capped at 3000 characters)'),
  })
  .strict();
export const ElementSummary = z
  .object({
    index: z.number().int(),
    tag: z.string(),
    selector: z.string().describe('A selector that finds this element now'),
    text: z.string(),
    attrs: z.record(z.string(), z.string()),
    visible: z.boolean(),
    rect: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).strict(),
    html: z.string().optional(),
  })
  .strict();
export const QueryOutput = z.object({ count: z.number().int(), elements: z.array(ElementSummary) }).strict();

export const StylesInput = z
  .object({
    selector: Selector,
    properties: z.array(z.string().min(1).max(80)).min(1).max(40).describe('CSS property names, e.g. ["display", "color", "font-size"]'),
    pseudo: z.enum(['::before', '::after', '::marker', '::placeholder']).optional(),
    limit: z.number().int().min(1).max(10).optional().describe('At most this many matching elements (default 3)'),
  })
  .strict();
export const StylesOutput = z
  .object({ count: z.number().int(), elements: z.array(z.object({ index: z.number().int(), selector: z.string(), values: z.record(z.string(), z.string()) }).strict()) })
  .strict();

export const ClickInput = z
  .object({ selector: Selector, index: z.number().int().min(0).max(1000).optional().describe('Which match to click (default 0)') })
  .strict();
export const ClickOutput = z.object({ clicked: z.boolean(), description: z.string() }).strict();

export const ReadDataInput = z
  .object({
    source: ReadSource.describe(
      'resources: addresses the page loaded; json: a same-origin JSON address re-fetched; variables: script variables by name or path; forms: form fields (passwords empty); structured_data: JSON-LD and meta tags. cookies, local_storage, session_storage, indexeddb, caches and credentials are always refused.',
    ),
    url: z.string().max(2000).optional().describe('For json: the address, on the page\'s own origin'),
    names: z.array(z.string().min(1).max(300)).max(20).optional().describe('For variables: names or paths such as "shop.cart.items"'),
  })
  .strict();
export const ReadDataOutput = z.object({ source: z.string(), data: z.unknown() }).strict();

export const OpenPageInput = z.object({ url: z.string().min(1).max(2000).describe('An address on the same site as the chat\'s page') }).strict();
export const OpenPageOutput = z.object({ url: z.string(), title: z.string() }).strict();

export const CaptureOutput = z.object({ dataUrl: z.string().max(8_000_000), width: z.number(), height: z.number() }).strict();

export const PermissionRequestInput = z
  .object({
    permissions: z
      .array(z.object({ name: z.string().min(1).max(300), reason: z.string().min(1).max(500) }).strict())
      .min(1)
      .max(20),
  })
  .strict();

export const WriteFilesInput = z
  .object({
    files: z
      .object({
        'manifest.json': z.string().max(100_000).optional(),
        'script.js': z.string().max(200_000).optional(),
        'style.css': z.string().max(200_000).optional(),
        'rules.json': z.string().max(200_000).optional(),
      })
      .strict()
      .describe('Whole files to write into the draft; a file left out keeps its draft content'),
    remove: z.array(z.enum(['script.js', 'style.css', 'rules.json'])).optional().describe('Files to drop from the draft'),
  })
  .strict();

export const SaveInput = z
  .object({ remixletId: z.string().regex(/^[a-z0-9]{8,16}$/).optional().describe('To update an existing remixlet; leave out for a new one') })
  .strict();

export const ReadLogInput = z.object({ remixletId: z.string().regex(/^[a-z0-9]{8,16}$/), limit: z.number().int().min(1).max(100).optional() }).strict();

export const CaptureInput = z.object({}).strict();

export interface ToolDeclaration {
  /** What the model is told it does. */
  description: string;
  /** What the model may fill in. */
  input: z.ZodType;
  /** The worker procedure that answers it (contracts/boundaries/panel-worker.ts), or 'panel'. */
  answeredBy: string;
  /**
   * When that procedure takes the chat, its tab and the tool's input (`{ chatId, tabId, input }`): its kind,
   * what it answers and what it does; contracts/assistant/boundary.ts derives it from this.
   */
  chat?: { kind: 'query' | 'mutation'; output: z.ZodType; does: string };
  /**
   * When the page agent answers it: the same procedure on the page agent (contracts/assistant/page-boundary.ts),
   * taking the tool's input as it is, plus `adds`: what the worker adds from the chat's own record (its site),
   * never from the model.
   */
  page?: { does: string; adds?: z.ZodRawShape };
}

/**
 * One declaration per tool the model sees: what the model is told it does, what it may fill in, which
 * worker procedure answers it (contracts/boundaries/panel-worker.ts), or 'panel' when the side panel answers
 * it alone, and for the usual shapes that procedure and the page agent's. The panel's tool set (panel/assistant/tools.ts) and the generated reference (docs/api/assistant-tools.md)
 * read it here; tests/unit/api/capabilities.test.ts checks every tool has its pieces.
 */
export const ASSISTANT_TOOLS = {
  capture_page: {
    description:
      "Takes a screenshot of the chat's tab as the person sees it now.",
    input: CaptureInput,
    answeredBy: 'assistantCapture',
    chat: { kind: 'mutation', output: CaptureOutput, does: "A screenshot of the chat's tab (it must be the visible tab of its window)." },
  },
  outline_page: {
    description:
      'The page at a glance. Without a selector: its regions (header, navigation, main content, sidebars, comments, footer), each with a selector that finds it; the main content\'s headings and the start of each paragraph; then the page as a tree, one line per element (tag, id, classes, chosen attributes, text), opened breadth first, with menus, ad slots, share buttons, hidden and off-screen widgets and runs of similar siblings folded into one line each. With a selector: that element\'s tree alone. "N elements inside" marks what was not opened: ask again with its selector.',
    input: OutlineInput,
    answeredBy: 'assistantOutline',
    chat: { kind: 'query', output: OutlineOutput, does: "An outline of the chat's page." },
    page: { does: 'An outline of the page: structure, text, hidden text marked, comments.' },
  },
  query_elements: {
    description:
      'Elements matching a CSS selector: a selector for each, text, attributes, visibility, box, and optionally outer HTML. Password values are always empty.',
    input: QueryInput,
    answeredBy: 'assistantQuery',
    chat: { kind: 'query', output: QueryOutput, does: "Elements of the chat's page matching a selector." },
    page: { does: 'Elements matching a selector, password values empty.' },
  },
  inspect_styles: {
    description:
      'Computed CSS values of chosen properties for matching elements (or their ::before/::after).',
    input: StylesInput,
    answeredBy: 'assistantStyles',
    chat: { kind: 'query', output: StylesOutput, does: 'Computed styles of matching elements.' },
    page: { does: 'Computed styles of matching elements.' },
  },
  read_page_data: {
    description:
      'Data the page loaded: "resources" (addresses it fetched), "json" (re-fetch a same-origin JSON address), "variables" (script variables by name/path, read as data), "forms" (field values; passwords empty), "structured_data" (JSON-LD, meta). Cookies, local/session storage, IndexedDB, caches and credentials are always refused.',
    input: ReadDataInput,
    answeredBy: 'assistantReadData',
    chat: { kind: 'query', output: ReadDataOutput, does: 'Data the page loaded, its script variables, its form fields; refuses cookies, storage and credentials.' },
  },
  click_element: {
    description:
      "Clicks one element on the chat's page. Links and form submissions must stay on the chat's site.",
    input: ClickInput,
    answeredBy: 'assistantClick',
    chat: { kind: 'mutation', output: ClickOutput, does: "Clicks an element on the chat's page; links and forms must stay on the site." },
    page: { does: 'Clicks an element whose link or form stays on the given site.', adds: { site: z.string() } },
  },
  open_page: {
    description:
      "Opens another address on the chat's site in the chat's tab (same host only).",
    input: OpenPageInput,
    answeredBy: 'assistantOpenPage',
    chat: { kind: 'mutation', output: OpenPageOutput, does: "Opens another page of the chat's site in the chat's tab." },
  },
  request_permissions: {
    description:
      'Shows the person a "Remixlet needs permission" card (fixed text per permission) and waits for Allow or Not now. Ask before writing code that needs a permission. Your reasons are stored in the manifest, never shown on the card.',
    input: PermissionRequestInput,
    answeredBy: 'assistantRequestPermissions',
    chat: { kind: 'mutation', output: z.object({ approvalId: z.string() }).strict(), does: 'Shows a "Remixlet needs permission" card; its rows are fixed text per permission.' },
  },
  write_files: {
    description:
      "Writes whole files into the remixlet draft (manifest.json, script.js, style.css) and runs the save-time checks on the draft. Nothing runs until save_remixlet.",
    input: WriteFilesInput,
    answeredBy: 'panel',
  },
  save_remixlet: {
    description:
      "Saves the draft. It activates at once when it asks for nothing beyond what the person allowed; otherwise Remixlet shows the person a dialog and this waits for their answer. A refusal lists what to fix.",
    input: SaveInput,
    answeredBy: 'assistantSave',
  },
  read_log: {
    description:
      "The log of a remixlet that runs on this page, newest first: what it logged here and every refusal with its reason.",
    input: ReadLogInput,
    answeredBy: 'assistantReadLog',
    chat: { kind: 'query', output: z.array(LogEntry), does: "The log of a remixlet that runs on the chat's page, newest first, without lines logged on other sites." },
  },
} as const satisfies Record<string, ToolDeclaration>;

export type ToolName = keyof typeof ASSISTANT_TOOLS;
/** The tool names the model sees; fixed code answers each one. */
export const TOOL_NAMES = Object.keys(ASSISTANT_TOOLS) as ToolName[];
