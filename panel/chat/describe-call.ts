// Context: side panel. How one tool call reads in the chat: the model's parameters quoted as plain text,
// the permission card's fixed words for a permission rather than the model's. Trusts nothing in the input
// (it is what the model sent); a name no tool has reads as such.
import { PERMISSION_CARD_TEXT } from '../../contracts/policy/manifest';
import type { ToolName } from '../../contracts/assistant/tools';

function str(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v ?? '');
}

type Input = Record<string, unknown>;
type NameOf = ((id: string) => string | undefined) | undefined;

/** How each tool's call reads in the chat: one per tool the model has (a tool without one does not typecheck). */
const DESCRIBE: { [K in ToolName]: (i: Input, nameOf: NameOf) => string } = {
  capture_page: () => 'Took a screenshot of the page',
  outline_page: (i) => (i.selector ? `Looked at the outline of ${str(i.selector)}` : 'Looked at the outline of the page'),
  query_elements: (i) => `Looked at elements matching ${str(i.selector)}`,
  inspect_styles: (i) => `Inspected styles of ${str(i.selector)}${i.pseudo ? str(i.pseudo) : ''}`,
  read_page_data: (i) => `Read page data: ${str(i.source)}${i.url ? ` ${str(i.url)}` : ''}${Array.isArray(i.names) ? ` ${i.names.map(str).join(', ')}` : ''}`,
  click_element: (i) => `Clicked ${str(i.selector)}${typeof i.index === 'number' && i.index > 0 ? ` (match ${i.index})` : ''}`,
  open_page: (i) => `Opened ${str(i.url)}`,
  // The card's own fixed words for each permission, not the model's string for it.
  request_permissions: (i) =>
    `Asked for permission to: ${Array.isArray(i.permissions) ? i.permissions.map((p) => lowerFirst(PERMISSION_CARD_TEXT(str((p as { name?: unknown }).name)) ?? 'do something Remixlet does not know')).join('; ') : ''}`,
  write_files: (i) => `Wrote ${Object.keys((i.files as object | undefined) ?? {}).join(', ') || 'no files'} to the draft`,
  save_remixlet: () => 'Asked to save the draft',
  read_log: (i, nameOf) => {
    // By its name where it runs here (an id means nothing to a person), quoted as the name the assistant gave it.
    const known = typeof i.remixletId === 'string' ? nameOf?.(i.remixletId) : undefined;
    return known ? `Read the log of the remixlet “${known}”` : `Read the log of ${str(i.remixletId)}`;
  },
};

/** `nameOf`: a remixlet's name by its id, for the remixlets that run on the chat's page. */
export function describeCall(name: string, input: unknown, nameOf?: (id: string) => string | undefined): string {
  const describe = Object.hasOwn(DESCRIBE, name) ? DESCRIBE[name as ToolName] : undefined;
  return describe ? describe((input ?? {}) as Input, nameOf) : `Called a tool that does not exist: ${name}`;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
