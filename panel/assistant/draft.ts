// Context: side panel. The draft the assistant writes with write_files: whole files merged into the chat's
// draft and checked with the very save-time checks the worker runs, so the model hears about a problem
// before it saves. The draft is only text in the panel until save_remixlet hands it to activation.
import type { z } from 'zod';
import type { Files } from '../../contracts/remixlet';
import type { WriteFilesInput } from '../../contracts/assistant/tools';
import { checkRemixletFiles } from '../../contracts/save-checks';

export type Draft = Partial<Files>;

export function applyWrite(draft: Draft, input: z.infer<typeof WriteFilesInput>): Draft {
  const next: Draft = { ...draft };
  for (const [name, content] of Object.entries(input.files)) if (content !== undefined) next[name as keyof Files] = content;
  for (const name of input.remove ?? []) delete next[name];
  return next;
}

export function draftReport(draft: Draft) {
  const files = Object.entries(draft).map(([name, content]) => ({ name, characters: content?.length ?? 0 }));
  if (!draft['manifest.json']) return { files, check: { ok: false, problems: [{ file: 'manifest.json', reason: 'The draft has no manifest.json yet.' }] } };
  const checked = checkRemixletFiles(draft);
  return checked.ok
    ? { files, check: { ok: true, problems: [] } }
    : { files, check: { ok: false, problems: checked.refusals.map((r) => ({ file: r.file ?? '', line: r.line, code: r.code, reason: r.reason })) } };
}

export function asFiles(draft: Draft): Files | undefined {
  if (!draft['manifest.json']) return undefined;
  return { ...draft, 'manifest.json': draft['manifest.json'] };
}
