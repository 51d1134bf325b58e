// Context: side panel (pure). Whether the settings form holds something Save has not stored: the same
// comparison whatever order keys were typed in, and an endpoint key cleared to nothing counts as none
// (saving drops such an entry).
import type { ProviderSettings } from '../assistant/settings';

function comparable(s: ProviderSettings): string {
  const compatible = Object.entries(s.keys.compatible)
    .filter(([, k]) => k.trim())
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const { openai, anthropic, google } = s.keys;
  return JSON.stringify([s.kind, s.baseURL, s.model, s.idleSeconds, openai, anthropic, google, compatible]);
}

export function hasUnsavedChanges(form: ProviderSettings, saved: ProviderSettings): boolean {
  return comparable(form) !== comparable(saved);
}
