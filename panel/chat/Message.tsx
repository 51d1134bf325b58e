// Context: side panel. A model reply rendered as formatted text through renderMarkdown (images removed,
// links shown with their address); the person's own messages and notices stay plain text.
import { createMemo } from 'solid-js';
import { renderMarkdown } from './markdown';

export function AssistantMessage(props: { text: string }) {
  const html = createMemo(() => renderMarkdown(props.text));
  return <li class="assistant" innerHTML={html()} />;
}
