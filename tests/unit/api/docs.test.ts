// The reference in docs/api is generated from contracts/ alone and committed; it may not drift.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderDocs } from '../../../scripts/docs/render';
import { DOM_HELPERS, DOM_METHODS, RMX_API } from '../../../contracts/api/surface';
import { REFUSAL_CODES } from '../../../contracts/refusals';
import { TOOL_NAMES } from '../../../contracts/assistant/tools';

const docs = renderDocs();

describe('docs/api', () => {
  it.each(Object.keys(docs))('%s matches what the generator writes (run npm run docs)', (path) => {
    expect(readFileSync(path, 'utf8')).toBe(docs[path]);
  });

  it('documents every dom and rmx member, every refusal code and every assistant tool', () => {
    for (const m of [...DOM_METHODS, ...DOM_HELPERS]) expect(docs['docs/api/dom.md']).toContain(`\`${m.signature}\``);
    for (const m of RMX_API) expect(docs['docs/api/rmx.md']).toContain(`\`${m.signature}\``);
    for (const code of REFUSAL_CODES) expect(docs['docs/api/refusals.md']).toContain(`\`${code}\``);
    for (const name of TOOL_NAMES) expect(docs['docs/api/assistant-tools.md']).toContain(`| \`${name}\` |`);
  });
});
