// Context: manager page. One file of a stored version, read only and syntax highlighted by CodeMirror.
// The text is the remixlet's, written by a model: CodeMirror shows it as text and never runs it, and a
// read-only state refuses every edit. It stays focusable so a keyboard can scroll and select it.
import { onCleanup, onMount } from 'solid-js';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { syntaxHighlighting } from '@codemirror/language';
import { javascript } from '@codemirror/lang-javascript';
import { css } from '@codemirror/lang-css';
import { json } from '@codemirror/lang-json';
import type { FileName } from '../../contracts/remixlet';
import { codeTheme, readableHighlight } from './highlight';

const LANGUAGE: Record<FileName, () => Extension> = {
  'manifest.json': json,
  'rules.json': json,
  'script.js': javascript,
  'style.css': css,
};

export function CodeView(props: { file: FileName; text: string; label: string }) {
  let host!: HTMLDivElement;
  onMount(() => {
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: props.text,
        extensions: [
          lineNumbers(),
          syntaxHighlighting(readableHighlight),
          LANGUAGE[props.file](),
          EditorState.readOnly.of(true),
          EditorView.contentAttributes.of({ 'aria-label': props.label, 'aria-readonly': 'true' }),
          codeTheme,
        ],
      }),
    });
    onCleanup(() => view.destroy());
  });
  return <div class="code" data-file={props.file} ref={host} />;
}
