// Context: side panel. What an empty chat says before any provider is saved: the one thing to do first,
// and a button that opens Settings (named apart from the Settings button, so neither hides the other). It goes away once settings are saved.
export function FirstRun(props: { onOpenSettings: () => void }) {
  return (
    <section class="first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title">First, connect an AI model</h2>
      <p>Remixlet needs an AI provider to chat with. Choose one (a local OpenAI-compatible server such as Ollama, or a provider with your API key), then press Test connection: settings that connect are saved.</p>
      <button type="button" class="set-up-provider" onClick={() => props.onOpenSettings()}>
        Set up a provider
      </button>
    </section>
  );
}
