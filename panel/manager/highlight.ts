// Context: manager page. CodeMirror's colours for code in History. Its default style has tokens below
// WCAG AA contrast on white (regular expressions, escapes, invalid tokens), so the palette is our own.
import { HighlightStyle } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';
import { EditorView } from '@codemirror/view';

export const readableHighlight = HighlightStyle.define([
  { tag: t.keyword, color: '#7a1fa2' },
  { tag: [t.atom, t.bool, t.url, t.labelName], color: '#1a3fa0' },
  { tag: [t.literal, t.number], color: '#17633a' },
  { tag: t.string, color: '#a11a1a' },
  { tag: [t.regexp, t.escape, t.special(t.string)], color: '#a23c00' },
  { tag: t.definition(t.variableName), color: '#0040c0' },
  { tag: [t.typeName, t.namespace, t.className], color: '#07604f' },
  { tag: t.propertyName, color: '#1d4f91' },
  { tag: t.comment, color: '#5e5e5e', fontStyle: 'italic' },
  { tag: t.invalid, color: '#b00020', textDecoration: 'underline' },
]);

export const codeTheme = EditorView.theme({
  '&': { border: '1px solid #c7c7cc', borderRadius: '6px', fontSize: '12px', maxHeight: '28em' },
  '.cm-scroller': { overflow: 'auto', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
  '.cm-gutters': { backgroundColor: '#f2f2f7', color: '#4a4a50', borderRight: '1px solid #c7c7cc' },
  '&.cm-focused': { outline: '2px solid #0a66d8' },
});
