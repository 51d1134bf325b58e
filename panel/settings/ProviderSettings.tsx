// Context: side panel. Provider settings: which provider, its address (OpenAI-compatible only), the API
// key (stored in the panel's own storage and sent only to that provider), the model, and how long to wait
// for a silent provider; with a "Test connection" button. A ChatGPT account has no key here: it signs in
// through the worker (ChatGptAccount.tsx). The panel keeps this form (and what was typed in it) while
// Settings is closed; until Save, it says "Unsaved changes" here and through onUnsavedChange. A test that
// connects saves what it tested, so a newcomer's working connection is not lost for want of Save. Its fields
// take input once storage has been read: typing before that would be taken for what was stored, or written
// over by it.
import { createEffect, createResource, createSignal, For, on, Show } from 'solid-js';
import { apiKeyFor, DEFAULT_MODEL, loadProviderSettings, NO_KEYS, PROVIDER_KINDS, PROVIDER_LABEL, saveProviderSettings, usesApiKey, withApiKey, type ProviderKeys, type ProviderKind, type ProviderSettings } from '../assistant/settings';
import { testConnection } from './test-connection';
import { ChatGptAccountSection } from './ChatGptAccount';
import { hasUnsavedChanges } from './unsaved';

/** `open`: whether Settings is shown; closing it clears "Saved." or a test's result, not what was typed. */
export function ProviderSettingsForm(props: { open?: boolean; onSaved?: () => void; onUnsavedChange?: (unsaved: boolean) => void }) {
  const [initial] = createResource(loadProviderSettings);
  const [kind, setKind] = createSignal<ProviderKind>('openai-compatible');
  const [baseURL, setBaseURL] = createSignal('http://localhost:11434/v1');
  // Every key the person has entered, by provider (and endpoint); the key field shows the selected one's,
  // so choosing another provider or endpoint shows (and sends) that one's key, never the last one typed.
  const [keys, setKeys] = createSignal<ProviderKeys>(NO_KEYS);
  const [model, setModel] = createSignal(DEFAULT_MODEL['openai-compatible']);
  const [idle, setIdle] = createSignal(60);
  const [result, setResult] = createSignal<{ ok: boolean; text: string } | undefined>();
  const [testing, setTesting] = createSignal(false);
  // What storage holds (as last loaded or saved); undefined until it has been read.
  const [stored, setStored] = createSignal<ProviderSettings>();
  const ready = () => stored() !== undefined;

  const current = (): ProviderSettings => ({ kind: kind(), baseURL: baseURL().trim(), keys: keys(), model: model().trim(), idleSeconds: Math.max(2, Math.min(600, idle() || 60)) });
  const key = () => apiKeyFor(current());
  const setKey = (k: string) => setKeys(withApiKey(current(), k));
  createEffect(() => {
    if (ready()) return;
    // Storage that cannot be read leaves the form at its defaults, usable; Save writes them anew.
    if (initial.state === 'errored') return void setStored(current());
    if (initial.state !== 'ready') return;
    const s = initial();
    if (s) {
      setKind(s.kind);
      setBaseURL(s.baseURL);
      setKeys(s.keys);
      setModel(s.model);
      setIdle(s.idleSeconds);
    }
    setStored(current());
  });
  const unsaved = () => {
    const s = stored();
    return !!s && hasUnsavedChanges(current(), s);
  };
  createEffect(() => props.onUnsavedChange?.(unsaved()));
  // "Saved." no longer describes the form once it is edited again.
  createEffect(on(unsaved, (u) => u && setResult(undefined), { defer: true }));
  createEffect(on(() => props.open, (open) => open === false && setResult(undefined), { defer: true }));

  const save = async (e: Event) => {
    e.preventDefault();
    const saving = current();
    await saveProviderSettings(saving);
    setStored(saving);
    setResult({ ok: true, text: 'Saved.' });
    props.onSaved?.();
  };
  // A connection that answered is kept: the tested settings are saved, so Send uses what was just tested.
  const test = async () => {
    setTesting(true);
    setResult(undefined);
    const testing = current();
    const outcome = await testConnection(testing);
    if (outcome.ok) {
      await saveProviderSettings(testing);
      setStored(testing);
      props.onSaved?.();
      setResult({ ok: true, text: `${outcome.text} Saved: the chat uses these settings.` });
    } else {
      setResult(outcome);
    }
    setTesting(false);
  };

  return (
    <form class="provider-settings" onSubmit={save}>
      <label>
        Provider
        <select
          name="kind"
          disabled={!ready()}
          value={kind()}
          onChange={(e) => {
            const k = e.currentTarget.value as ProviderKind;
            setKind(k);
            setModel(DEFAULT_MODEL[k]);
          }}
        >
          <For each={[...PROVIDER_KINDS]}>{(k) => <option value={k}>{PROVIDER_LABEL[k]}</option>}</For>
        </select>
      </label>
      <Show when={kind() === 'openai-compatible'}>
        <label>
          Endpoint address
          <input name="baseURL" type="url" disabled={!ready()} value={baseURL()} onInput={(e) => setBaseURL(e.currentTarget.value)} />
        </label>
      </Show>
      <Show when={usesApiKey(kind())} fallback={<ChatGptAccountSection />}>
        <label>
          API key{kind() === 'openai-compatible' ? ' (if the endpoint needs one)' : ''}
          <input name="apiKey" type="password" autocomplete="off" disabled={!ready()} value={key()} onInput={(e) => setKey(e.currentTarget.value)} />
        </label>
      </Show>
      <label>
        Model
        <input name="model" disabled={!ready()} value={model()} onInput={(e) => setModel(e.currentTarget.value)} />
      </label>
      <label>
        Give up after this many seconds without a reply
        <input name="idleSeconds" type="number" min="2" max="600" disabled={!ready()} value={idle()} onInput={(e) => setIdle(Number(e.currentTarget.value))} />
      </label>
      <Show when={usesApiKey(kind())}>
        <p class="key-note">
          {kind() === 'openai-compatible'
            ? 'The key stays in this panel and is sent only to this endpoint (its scheme, host and port); each endpoint keeps its own.'
            : 'The key stays in this panel and is sent only to the provider above; each provider keeps its own.'}
        </p>
      </Show>
      <Show when={unsaved()}>
        <p class="unsaved" role="note">
          Unsaved changes: Save keeps them.
        </p>
      </Show>
      <div class="buttons">
        <button type="submit" class="save-settings" disabled={!ready()}>
          Save
        </button>
        <button type="button" class="test-connection" disabled={!ready() || testing()} onClick={() => void test()}>
          {testing() ? 'Testing…' : 'Test connection'}
        </button>
      </div>
      <Show when={result()}>{(r) => <p class={r().ok ? 'connection ok' : 'connection failed'} role="status">{r().text}</p>}</Show>
    </form>
  );
}
