// The settings form says "Unsaved changes" exactly when Save would store something different.
import { describe, expect, it } from 'vitest';
import { NO_KEYS, type ProviderSettings } from '../../../../panel/assistant/settings';
import { hasUnsavedChanges } from '../../../../panel/settings/unsaved';

const saved: ProviderSettings = { kind: 'openai-compatible', baseURL: 'http://localhost:11434/v1', keys: { ...NO_KEYS, compatible: { 'http://a.test': 'k1', 'http://b.test': 'k2' } }, model: 'm', idleSeconds: 60 };

describe('hasUnsavedChanges', () => {
  it('is false for what was saved, whatever order the endpoint keys are in, and with a cleared key as none', () => {
    expect(hasUnsavedChanges(saved, saved)).toBe(false);
    const reordered = { ...saved, keys: { ...saved.keys, compatible: { 'http://c.test': ' ', 'http://b.test': 'k2', 'http://a.test': 'k1' } } };
    expect(hasUnsavedChanges(reordered, saved)).toBe(false);
  });

  it('is true once a key, the provider, the model or the wait differs', () => {
    expect(hasUnsavedChanges({ ...saved, keys: { ...saved.keys, openai: 'sk-typed' } }, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...saved, keys: { ...saved.keys, compatible: { 'http://a.test': 'k1' } } }, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...saved, kind: 'anthropic' }, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...saved, model: 'other' }, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...saved, idleSeconds: 30 }, saved)).toBe(true);
  });
});
