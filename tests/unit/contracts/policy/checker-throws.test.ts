// Every check answers: when the second reader (css-tree) throws anything at all, not only the stack
// overflow deep nesting caused, the sheet gets a typed refusal at save, insertion and dom.addStyle alike.
import { describe, expect, it, vi } from 'vitest';

vi.mock('css-tree/parser', () => ({
  default: () => {
    throw new TypeError("Cannot read properties of undefined (reading 'type')");
  },
}));

const { checkInlineCss, checkStoredStyleSheet, checkStyleSheet } = await import('../../../../contracts/policy/stylesheet-check');

const opts = { allowedHosts: ['shop.test'], everySite: false };

describe('a stylesheet the parser throws on', () => {
  it('is refused with STYLE_SYNTAX, never thrown', () => {
    const css = '.a { color: red }';
    const saved = checkStyleSheet(css, opts);
    expect(saved.ok).toBe(false);
    expect(saved.ok ? [] : saved.refusals.map((r) => r.code)).toEqual(['STYLE_SYNTAX']);
    expect(checkInlineCss('.a { color: red }').ok).toBe(false);
    expect(() => checkStoredStyleSheet(css, opts as never)).not.toThrow();
  });
});
