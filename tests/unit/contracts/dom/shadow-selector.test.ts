// How `>>>` splits a selector into the trees it passes through: outside strings, brackets and
// parentheses only, every part non-empty, and nothing but exactly three ">".
import { describe, expect, test } from 'vitest';
import { shadowParts, shadowPaths } from '../../../../contracts/dom/shadow-selector';

describe('shadowPaths', () => {
  test('a selector without >>> is one path of one part, untouched', () => {
    expect(shadowPaths('main > .card, #x')).toEqual({ ok: true, paths: [['main > .card, #x']] });
  });

  test('>>> splits a path; commas split alternatives', () => {
    expect(shadowPaths('app-shell >>> my-card>>>.title, footer')).toEqual({ ok: true, paths: [['app-shell', 'my-card', '.title'], ['footer']] });
  });

  test('">>>" and "," inside strings, attribute tests and :is() do not split', () => {
    expect(shadowPaths('[title=">>>"] >>> a:is(.b, .c)')).toEqual({ ok: true, paths: [['[title=">>>"]', 'a:is(.b, .c)']] });
    expect(shadowPaths('a[data-x="a,b"] >>> b')).toEqual({ ok: true, paths: [['a[data-x="a,b"]', 'b']] });
  });

  test('an empty side, or four ">", is refused with how to write it', () => {
    for (const sel of ['>>> .title', 'my-card >>>', 'a >>> >>> b', 'a, >>> b', 'a >>>> b']) {
      const r = shadowPaths(sel);
      expect(r.ok, sel).toBe(false);
      if (!r.ok) expect(r.reason).toContain('my-card >>> .title');
    }
  });

  test('shadowParts lists every part for the checks', () => {
    expect(shadowParts('x-login >>> input[value^="a"], b')).toEqual(['x-login', 'input[value^="a"]', 'b']);
  });
});
