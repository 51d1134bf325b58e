// Context: side panel. A model reply rendered as formatted text through renderMarkdown (images removed,
// links shown with their address, headings as bold text), inside a box named and labelled as the model's
// reply, so nothing in it reads as the extension's own cards; the person's own messages and notices stay
// plain text.
import { createMemo } from 'solid-js';
import { renderMarkdown } from './markdown';

/** Also shown above each reply (ui.css), where reply text cannot reach: it is drawn by the stylesheet. */
export const REPLY_LABEL = "The AI model's reply";

export function AssistantMessage(props: { text: string }) {
  const html = createMemo(() => renderMarkdown(props.text));
  return (
    <li class="assistant">
      <div class="reply" role="article" aria-label={REPLY_LABEL} innerHTML={html()} />
    </li>
  );
}
