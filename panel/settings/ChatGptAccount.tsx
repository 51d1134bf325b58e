// Context: side panel. The ChatGPT account part of the provider settings: who is signed in (an email from
// the worker, never a token), "Sign in with ChatGPT" (the worker opens OpenAI's page in a tab and finishes
// the sign-in itself) and "Sign out". Shows the worker's fixed text when a sign-in or renewal failed.
import { createSignal, Match, onCleanup, onMount, Show, Switch } from 'solid-js';
import type { ChatGptAccount } from '../../contracts/boundaries/panel-worker';
import { asRefusal } from '../../contracts/trpc-errors';
import { worker } from '../worker-client';

export function ChatGptAccountSection() {
  const [account, setAccount] = createSignal<ChatGptAccount | undefined>();
  const [failure, setFailure] = createSignal<string | undefined>();
  let sub: { unsubscribe(): void } | undefined;

  // The worker may be stopped while the person signs in, which drops the subscription with the port; opening
  // it again wakes the worker, and it answers with the current state first.
  const follow = () => {
    sub?.unsubscribe();
    sub = worker().chatgptAccount({}, { onData: setAccount, onError: () => undefined });
  };
  onMount(follow);
  const timer = setInterval(() => {
    if (account()?.state === 'signing-in') follow();
  }, 3000);
  const onFocus = () => follow();
  window.addEventListener('focus', onFocus);
  onCleanup(() => {
    clearInterval(timer);
    window.removeEventListener('focus', onFocus);
    sub?.unsubscribe();
  });

  const act = async (call: () => Promise<ChatGptAccount>) => {
    setFailure(undefined);
    try {
      setAccount(await call());
    } catch (e) {
      setFailure(asRefusal(e).reason);
    }
    follow();
  };
  const signIn = () => act(() => worker().chatgptSignIn({}));
  const signOut = () => act(() => worker().chatgptSignOut({}));

  return (
    <section class="chatgpt-account" aria-label="ChatGPT account">
      <Switch>
        <Match when={account()?.state === 'signed-in'}>
          <p class="chatgpt-status" role="status">
            Signed in as {account()?.email ?? 'a ChatGPT account'}.
          </p>
          <button type="button" class="chatgpt-sign-out" onClick={() => void signOut()}>
            Sign out
          </button>
        </Match>
        <Match when={account()?.state === 'signing-in'}>
          <p class="chatgpt-status" role="status">
            Finish signing in on the OpenAI tab.
          </p>
          <button type="button" class="chatgpt-sign-in" onClick={() => void signIn()}>
            Start again
          </button>
        </Match>
        <Match when={account()?.state === 'signed-out'}>
          <p class="chatgpt-status" role="status">
            Not signed in.
          </p>
          <button type="button" class="chatgpt-sign-in" onClick={() => void signIn()}>
            Sign in with ChatGPT
          </button>
        </Match>
      </Switch>
      <Show when={failure() ?? account()?.message}>{(text) => <p class="chatgpt-message" role="alert">{text()}</p>}</Show>
      <p class="key-note">The extension's background worker keeps this sign-in, renews it, and sends it only to OpenAI. This panel never sees it.</p>
    </section>
  );
}
