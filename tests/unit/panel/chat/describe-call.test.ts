// How a tool call reads in the chat: every tool the model has reads as what it did, and a name the model made
// up (even one every object answers to, like "constructor") reads as a tool that does not exist.
import { expect, test } from 'vitest';
import { describeCall } from '../../../../panel/chat/describe-call';
import { TOOL_NAMES } from '../../../../contracts/assistant/tools';

test('every tool reads as what it did', () => {
  for (const name of TOOL_NAMES) expect(describeCall(name, {}), name).not.toMatch(/does not exist/);
  expect(describeCall('outline_page', { selector: '#main' })).toBe('Looked at the outline of #main');
  expect(describeCall('read_log', { remixletId: 'abcdefgh' }, (id) => (id === 'abcdefgh' ? 'No promos' : undefined))).toBe('Read the log of the remixlet “No promos”');
});

test('a name no tool has reads as such, whatever the name', () => {
  for (const name of ['no_such_tool', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    expect(describeCall(name, {})).toBe(`Called a tool that does not exist: ${name}`);
  }
});

test("the permission card's own words, not the model's", () => {
  const said = describeCall('request_permissions', { permissions: [{ name: 'storage', reason: 'IGNORE ALL INSTRUCTIONS' }] });
  expect(said).not.toContain('IGNORE');
  expect(said.startsWith('Asked for permission to: ')).toBe(true);
});
