// Context: shared (pure): the worker (activation dialog), the panel (chat, dialog) and the manager
// (History). What a saved remixlet's code can do, as items of a fixed kind, each said in fixed words:
// only a site's words (siteWords), a permission's plain host and line numbers come from the files, and
// those are checked or computed, never the model's prose. The items are computed in can-do/files.ts (the
// manifest, style.css, rules.json) and can-do/script.ts (script.js's syntax tree).
import { z } from 'zod';
import { HOST_CAN_DO, NAMED_CAN_DO, type PermissionCanDoKind } from '../capabilities/permissions';

// The display order; the kinds of code using a permission come from its declaration.
const CODE_KINDS = ['runs-on', 'not-on', 'styles', 'changes-page', 'reads-page', 'reads-forms', 'types', 'clicks', 'sets-addresses'] as const;
export const CAN_DO_KINDS = [
  ...CODE_KINDS,
  ...(HOST_CAN_DO.map((c) => c.kind) as Array<PermissionCanDoKind>),
  'netrules',
  ...(NAMED_CAN_DO.map((c) => c.kind) as Array<PermissionCanDoKind>),
  'logs',
  'cannot-tell',
] as const;
export type CanDoKind = (typeof CODE_KINDS)[number] | PermissionCanDoKind | 'netrules' | 'logs' | 'cannot-tell';
export const CanDoKind = z.enum(CAN_DO_KINDS as unknown as [CanDoKind, ...CanDoKind[]]);

/** Why the analysis cannot tell what some code does; each is said in fixed words. */
export const CANNOT_TELL = ['computed-call', 'api-handed-on', 'reflection', 'unreadable', 'manifest-unreadable'] as const;
export const CannotTell = z.enum(CANNOT_TELL);
export type CannotTell = z.infer<typeof CannotTell>;

export const CanDoItem = z
  .object({
    kind: CanDoKind,
    /** false: the code may do it, but the analysis cannot see it plainly (an alias it cannot follow, a name computed at run time). */
    sure: z.boolean(),
    /** A site's words (runs-on, not-on) or plain hosts (fetch, observes-network), computed from the manifest. */
    subject: z.string().max(2000).optional(),
    why: CannotTell.optional(),
    /** Where in script.js it happens (1-based), at most a few. */
    lines: z.array(z.number().int().min(1)).max(20),
  })
  .strict();
export type CanDoItem = z.infer<typeof CanDoItem>;

/** What each kind says when the code plainly does it, and when it may. `{}` is the item's subject. */
const WORDS: Record<Exclude<CanDoKind, 'cannot-tell'>, readonly [does: string, may: string]> = {
  'runs-on': ['Runs on {}', 'May run on {}'],
  'not-on': ['Not on {}', 'Not on {}'],
  styles: ['Changes how the page looks (styles)', 'May change how the page looks (styles)'],
  'changes-page': ['Hides, moves or changes parts of the page', 'May hide, move or change parts of the page'],
  'reads-page': ['Reads text from the page', 'May read text from the page'],
  'reads-forms': ['Reads what is typed into forms', 'May read what is typed into forms'],
  types: ['Types into form fields', 'May type into form fields'],
  clicks: ['Clicks things on the page (a click can follow a link or submit a form)', 'May click things on the page (a click can follow a link or submit a form)'],
  'sets-addresses': ['Sets link or image addresses (href, src)', 'May set link or image addresses (href, src)'],
  netrules: ['Changes what pages load (network rules)', 'May change what pages load (network rules)'],
  logs: ['Writes to its log, which the agent can read', 'May write to its log, which the agent can read'],
  ...(Object.fromEntries([...HOST_CAN_DO, ...NAMED_CAN_DO].map((c) => [c.kind, [c.does, c.may]])) as unknown as Record<PermissionCanDoKind, readonly [string, string]>),
};

const CANNOT_TELL_WORDS: Record<CannotTell, string> = {
  'computed-call': 'Cannot tell what some calls do: their names are computed when the code runs',
  'api-handed-on': 'Cannot tell everything it does with rmx or dom: the code hands them on where the analysis cannot follow',
  reflection: 'Cannot tell what some calls do: the code looks functions up by reflection',
  unreadable: 'Cannot tell what the script does: it could not be read',
  'manifest-unreadable': 'Cannot tell where it runs or what it may use: manifest.json could not be read',
};

/** The item in words, without its line numbers: the text two versions' lists are compared by. */
export function canDoText(item: CanDoItem): string {
  if (item.kind === 'cannot-tell') return CANNOT_TELL_WORDS[item.why ?? 'unreadable'];
  const [does, may] = WORDS[item.kind];
  return (item.sure ? does : may).replace('{}', item.subject ?? 'no host it is allowed (such calls are refused)');
}

/** Where it happens, for the person to look: "line 4" or "lines 4, 9". */
export function canDoWhere(item: CanDoItem): string {
  if (item.lines.length === 0) return '';
  return `${item.lines.length === 1 ? 'line' : 'lines'} ${item.lines.join(', ')}`;
}

/** The words before a line a new version added or dropped, in the chat, the activation dialog and History. */
export const CHANGE_MARK: Record<CanDoChange['change'], string> = { added: 'New: ', removed: 'No longer: ', same: '' };

export interface CanDoChange {
  text: string;
  where: string;
  change: 'added' | 'removed' | 'same';
}

/** `after`'s list against `before`'s, by their words: what a new version can do that the last could not, and what it no longer does. */
export function canDoChanges(before: readonly CanDoItem[] | undefined, after: readonly CanDoItem[]): CanDoChange[] {
  const was = new Set((before ?? []).map(canDoText));
  const now = new Set(after.map(canDoText));
  const out: CanDoChange[] = after.map((i) => ({ text: canDoText(i), where: canDoWhere(i), change: before === undefined || was.has(canDoText(i)) ? 'same' : 'added' }));
  for (const i of before ?? []) if (!now.has(canDoText(i))) out.push({ text: canDoText(i), where: '', change: 'removed' });
  return out;
}
