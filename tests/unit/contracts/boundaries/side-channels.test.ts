// Every side channel (contracts/boundaries/side-channels.ts) is checked where it is received: the file it
// names parses it with its schema, or (where it says so) reads the key it names by hand. The generated
// boundaries reference lists each one (tests/unit/api/docs.test.ts keeps docs/api in step with the generator).
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIDE_CHANNELS, type SideChannel } from '../../../../contracts/boundaries/side-channels';
import * as recorderTags from '../../../../contracts/boundaries/recorder-tags';

const ROOT = path.resolve(__dirname, '../../../..');

/** Names under which a key may appear in source: the key itself, or a contracts constant holding it. */
function spellings(key: string): string[] {
  return [key, ...Object.entries(recorderTags).filter(([, v]) => v === key).map(([name]) => name)];
}

/** Why the channel is not checked where it says, or undefined when it is. */
function unchecked(c: SideChannel): string | undefined {
  const file = path.join(ROOT, c.received.in);
  if (!existsSync(file)) return `${c.received.in} does not exist`;
  const source = readFileSync(file, 'utf8');
  if (c.received.check === 'parse') {
    if (!('schema' in c.message)) return 'a constant cannot be parsed with a schema';
    const name = c.message.schemaName;
    return new RegExp(`\\b${name}\\.(?:safeParse|parse)\\(`).test(source) ? undefined : `${c.received.in} never parses with ${name}`;
  }
  return spellings(c.received.key).some((s) => source.includes(s)) ? undefined : `${c.received.in} never reads ${c.received.key}`;
}

describe('side channels', () => {
  it.each(SIDE_CHANNELS.map((c) => [c.name, c] as const))('%s is checked where it is received', (_name, c) => {
    expect(unchecked(c)).toBeUndefined();
  });

  it('a channel that names the wrong receiver or schema is caught', () => {
    const hello = SIDE_CHANNELS.find((c) => c.name === 'page agent hello')!;
    expect(unchecked({ ...hello, received: { in: 'worker/ports/tokens.ts', check: 'parse' } })).toMatch(/never parses with PageHello/);
    expect(unchecked({ ...hello, received: { in: 'worker/nowhere.ts', check: 'parse' } })).toMatch(/does not exist/);
    expect(unchecked({ ...hello, received: { in: 'worker/pages/pages.ts', check: 'by hand', key: 'noSuchKey', why: '' } })).toMatch(/never reads noSuchKey/);
  });

  it('names each channel once', () => {
    expect(new Set(SIDE_CHANNELS.map((c) => c.name)).size).toBe(SIDE_CHANNELS.length);
  });
});
