// The fixed list of creatable elements: what dom.create and h.setHTML let through, judged by tag.
import { describe, expect, test } from 'vitest';
import { creatableTag, elementRefusalReason, HTML_NS, isContentLocked, isCreatable, SVG_NS } from '../../../../contracts/dom/elements';

describe('creatable elements', () => {
  test.each(['div', 'span', 'p', 'h2', 'ul', 'li', 'table', 'tr', 'td', 'a', 'strong', 'code', 'button', 'input', 'select', 'textarea', 'label', 'img', 'details', 'summary', 'DIV'])(
    'HTML %s is creatable',
    (tag) => {
      expect(creatableTag(tag)).toEqual({ ns: 'html', localName: tag.toLowerCase() });
    },
  );

  test.each([
    ['svg', 'svg'],
    ['path', 'path'],
    ['circle', 'circle'],
    ['lineargradient', 'linearGradient'],
    ['clipPath', 'clipPath'],
    ['title', 'title'],
  ])('SVG %s is created in the SVG namespace as %s', (tag, localName) => {
    expect(creatableTag(tag)).toEqual({ ns: 'svg', localName });
  });

  // The list, plus everything a thorough review adds.
  test.each([
    'form', 'frame', 'frameset', 'iframe', 'script', 'style', 'link', 'meta', 'base', 'object', 'embed', 'video', 'audio', 'source', 'track',
    'picture', 'template', 'slot', 'dialog', 'canvas', 'noscript', 'math', 'image', 'use', 'feImage', 'foreignObject', 'animate', 'set',
    'animateMotion', 'textPath', 'pattern', 'filter', 'portal', 'applet', 'marquee', 'my-widget', 'xmp', 'plaintext', 'area', 'map', 'param',
  ])('%s is refused', (tag) => {
    expect(creatableTag(tag)).toBeUndefined();
    expect(elementRefusalReason(tag)).toMatch(/cannot be created: .+\./);
  });

  test('a refusal says why and what to use instead', () => {
    expect(elementRefusalReason('style')).toContain('dom.addStyle');
    expect(elementRefusalReason('form')).toContain('h.click()');
    expect(elementRefusalReason('picture')).toContain('use img');
  });

  test('parsed elements are judged by namespace and exact local name', () => {
    expect(isCreatable(HTML_NS, 'div')).toBe(true);
    expect(isCreatable(SVG_NS, 'linearGradient')).toBe(true);
    expect(isCreatable(SVG_NS, 'lineargradient')).toBe(false);
    expect(isCreatable(SVG_NS, 'a')).toBe(false);
    expect(isCreatable(SVG_NS, 'script')).toBe(false);
    expect(isCreatable('http://www.w3.org/1998/Math/MathML', 'mi')).toBe(false);
    expect(isCreatable(null, 'div')).toBe(false);
  });

  test('content of code, stylesheets, templates and frames cannot be written', () => {
    for (const tag of ['script', 'style', 'template', 'iframe', 'object', 'noscript', 'xmp', 'textarea'.replace('textarea', 'noembed')]) expect(isContentLocked(HTML_NS, tag)).toBe(true);
    expect(isContentLocked(SVG_NS, 'script')).toBe(true);
    expect(isContentLocked(SVG_NS, 'style')).toBe(true);
    expect(isContentLocked(SVG_NS, 'foreignObject')).toBe(true);
    expect(isContentLocked('http://www.w3.org/1998/Math/MathML', 'mtext')).toBe(true);
    expect(isContentLocked(HTML_NS, 'div')).toBe(false);
    expect(isContentLocked(HTML_NS, 'textarea')).toBe(false);
  });
});
