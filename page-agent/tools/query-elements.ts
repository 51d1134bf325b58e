// Context: page agent (isolated world). query_elements: the elements matching a checked selector, as
// plain data (selector, text, chosen attributes, box, optional HTML with password values emptied).
import type { z } from 'zod';
import type { QueryInput, QueryOutput } from '../../contracts/assistant/tools';
import { attrsOf, cleanText, isVisible, safeOuterHtml, selectorFor } from './describe';
import { assistantQueryAll } from './selector';
import { textWithoutPasswords } from '../policy/password-text';
import { localNameOf, rectOf } from '../policy/unclobbered';

export function queryElements(input: z.infer<typeof QueryInput>): z.infer<typeof QueryOutput> {
  const all = assistantQueryAll(input.selector, 'query_elements');
  const elements = all.slice(0, input.limit ?? 10).map((el, index) => {
    const r = rectOf(el);
    return {
      index,
      tag: localNameOf(el),
      selector: selectorFor(el),
      // A value is not text content; a masked textarea's text (its initial value) is left out too.
      text: cleanText(textWithoutPasswords(el)),
      attrs: attrsOf(el),
      visible: isVisible(el),
      rect: { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) },
      ...(input.html ? { html: safeOuterHtml(el, 3_000) } : {}),
    };
  });
  return { count: all.length, elements };
}
