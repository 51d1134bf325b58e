// How a stylesheet's `>>>` rules are split off for shadow roots: grouped by host path, inside the @media
// (or other grouping rule) they were written in, and a mixed rule keeps its plain selectors in the document.
import { describe, expect, test } from 'vitest';
import { splitShadowSheet } from '../../../../contracts/dom/shadow-sheet';

describe('splitShadowSheet', () => {
  test('a sheet without >>> is untouched', () => {
    expect(splitShadowSheet('a { color: red }')).toEqual({ documentCss: 'a { color: red }', shadow: [] });
  });

  test('>>> rules go to their host path; plain alternatives and other rules stay', () => {
    const split = splitShadowSheet(`a { color: red }
my-card >>> .title, footer { color: blue }
@media (min-width: 10px) { app-shell >>> my-card >>> h2 { margin: 0 } }
my-card >>> p { margin: 1px }`);
    expect(split.documentCss).toBe('a{color:red}footer{color:blue}@media (min-width: 10px){}');
    expect(split.shadow).toEqual([
      { hosts: ['my-card'], css: '.title{color:blue}\np{margin:1px}\n' },
      { hosts: ['app-shell', 'my-card'], css: '@media (min-width: 10px){h2{margin:0}}\n' },
    ]);
  });

  test('a malformed >>> stays in the document sheet, where the browser drops it', () => {
    expect(splitShadowSheet('>>> .x { color: red }').shadow).toEqual([]);
  });
});
