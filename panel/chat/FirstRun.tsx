// Context: side panel. What an empty chat says before any provider is saved: the one thing to do first,
// and a button that opens Settings. It goes away once settings are saved.
export function FirstRun(props: { onOpenSettings: () => void }) {
  return (
    <section class="first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title">First, connect an AI model</h2>
      <p>Remixlet needs an AI provider to chat with. Open Settings, choose a provider (a local OpenAI-compatible server such as Ollama, or an API key), press Test connection, and it is saved when the test succeeds.</p>
      <button type="button" class="open-settings" onClick={() => props.onOpenSettings()}>
        Open Settings
      </button>
    </section>
  );
}
