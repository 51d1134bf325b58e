// Context: side panel. The conversation: the person's messages, the model's formatted replies, each tool
// call as it happens, errors that say what to do, a visible "working" state with a Stop button, and the
// box to write in (its text is kept with the chat until sent). New chat asks first, in the panel, when it
// would clear a conversation or an unsaved draft. Everything the model wrote is rendered as text or
// sanitized Markdown.
import { createSignal, For, Match, Show, Switch, type JSX } from 'solid-js';
import type { Chat } from './controller';
import { AssistantMessage } from './Message';
import { ToolRow } from './ToolRow';

/** `children` (the pending cards and dialogs) show between the conversation and the box to write in. */
/** `nameOf`: the name of a remixlet that runs on the chat's page, by its id (tool rows name it so). */
export function ChatView(props: { chat: Chat; nameOf?: (id: string) => string | undefined; children?: JSX.Element }) {
  const [confirming, setConfirming] = createSignal(false);
  let newChatButton: HTMLButtonElement | undefined;
  const submit = (e: Event) => {
    e.preventDefault();
    const value = props.chat.state.unsent;
    if (!value.trim() || props.chat.state.working) return;
    // The controller clears the box once the message is on its way; a message that cannot go stays.
    void props.chat.send(value);
  };
  const askNewChat = () => {
    if (props.chat.newChatWarning()) setConfirming(true);
    else void props.chat.newChat();
  };
  const closeConfirm = () => {
    setConfirming(false);
    newChatButton?.focus();
  };
  return (
    <section class="chat" aria-label="Chat">
      <ol class="entries">
        <For each={props.chat.state.entries}>
          {(e) => (
            <Switch>
              <Match when={e.kind === 'user' && e}>{(u) => <li class="user">{u().text}</li>}</Match>
              <Match when={e.kind === 'assistant' && e}>{(a) => <AssistantMessage text={a().text} />}</Match>
              <Match when={e.kind === 'tool' && e}>{(t) => <ToolRow entry={t()} nameOf={props.nameOf} />}</Match>
              <Match when={e.kind === 'error' && e}>{(x) => <li class="error" role="alert">{x().text}</li>}</Match>
              <Match when={e.kind === 'notice' && e}>{(n) => <li class="notice">{n().text}</li>}</Match>
            </Switch>
          )}
        </For>
      </ol>
      <Show when={props.chat.state.working}>
        <div class="working" role="status" aria-live="polite">
          <span class="spinner" aria-hidden="true" /> Working…{' '}
          <button type="button" class="stop" onClick={() => props.chat.stop()}>
            Stop
          </button>
        </div>
      </Show>
      <Show when={Object.keys(props.chat.state.draft).length > 0}>
        <details class="draft">
          <summary>Draft: {Object.keys(props.chat.state.draft).join(', ')}</summary>
          <For each={Object.entries(props.chat.state.draft)}>
            {([name, content]) => (
              <section>
                <h3>{name}</h3>
                <pre>{content}</pre>
              </section>
            )}
          </For>
        </details>
      </Show>
      {props.children}
      <form class="composer" onSubmit={submit}>
        <textarea
          aria-label="Message"
          placeholder={props.chat.state.stopped ? 'This chat stopped. Press "New chat" to start again.' : 'What should change on this page?'}
          value={props.chat.state.unsent}
          disabled={!!props.chat.state.stopped}
          onInput={(e) => props.chat.setUnsent(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) submit(e);
          }}
        />
        <button type="submit" class="send" disabled={props.chat.state.working || !!props.chat.state.stopped}>
          Send
        </button>
        <button type="button" class="new-chat" ref={newChatButton} aria-haspopup="dialog" onClick={askNewChat}>
          New chat
        </button>
      </form>
      <Show when={confirming() && props.chat.newChatWarning()}>
        {(warning) => (
          <div
            class="confirm-new-chat"
            role="alertdialog"
            aria-labelledby="confirm-new-chat-text"
            onKeyDown={(e) => {
              if (e.key === 'Escape') closeConfirm();
            }}
          >
            <p id="confirm-new-chat-text">{warning()}</p>
            <button
              type="button"
              class="confirm-new-chat-yes"
              onClick={() => {
                setConfirming(false);
                void props.chat.newChat();
              }}
            >
              Clear and start a new chat
            </button>{' '}
            <button type="button" class="confirm-new-chat-no" ref={(b) => queueMicrotask(() => b.focus())} onClick={closeConfirm}>
              Keep this chat
            </button>
          </div>
        )}
      </Show>
    </section>
  );
}
