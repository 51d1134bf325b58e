// Context: page agent (isolated world). inspect_styles: computed values of the named properties (and of
// a pseudo-element) for the first few matches; values are text, revealed of invisible characters. On a
// password field, those that could carry its value read empty, as for h.computedStyle.
import type { z } from 'zod';
import type { StylesInput, StylesOutput } from '../../contracts/assistant/tools';
import { cleanText, selectorFor } from './describe';
import { assistantQueryAll } from './selector';
import { styleValueOf } from '../policy/password-style';

export function inspectStyles(input: z.infer<typeof StylesInput>): z.infer<typeof StylesOutput> {
  const all = assistantQueryAll(input.selector, 'inspect_styles');
  const elements = all.slice(0, input.limit ?? 3).map((el, index) => {
    const style = getComputedStyle(el, input.pseudo ?? null);
    const values: Record<string, string> = {};
    for (const p of input.properties) values[p] = cleanText(styleValueOf(el, style, p), 500);
    return { index, selector: selectorFor(el), values };
  });
  return { count: all.length, elements };
}
