// Context: side panel. Adding the person's words (or Remixlet's own note) to the conversation sent to the
// model. Providers want user and assistant turns to alternate, so text that follows an unanswered user
// message (the turn was lost with a panel reload) joins it instead of standing alone.
import type { ModelMessage } from 'ai';

export function withUserText(messages: ModelMessage[], text: string): ModelMessage[] {
  const last = messages[messages.length - 1];
  if (last?.role === 'user' && typeof last.content === 'string') return [...messages.slice(0, -1), { role: 'user', content: `${last.content}\n\n${text}` }];
  return [...messages, { role: 'user', content: text }];
}
