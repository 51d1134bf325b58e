// Provider settings and "Test connection" in the real panel, against local stand-ins answering at each
// provider's real host name (the harness maps every name to loopback): the key is sent to that provider
// only, in its header; a wrong key is explained; nothing reaches any other host.
import { test, expect } from '../harness';
import { openPanel } from '../remixlet';
import type { Page } from '@playwright/test';

const KEY = 'test-key-0123456789abcdef';

const STAND_INS = [
  {
    kind: 'openai',
    host: 'api.openai.com',
    path: '/v1/responses',
    header: 'authorization',
    value: `Bearer ${KEY}`,
    reply: { id: 'r', object: 'response', created_at: 1, model: 'gpt-4.1', status: 'completed', output: [{ type: 'message', id: 'm', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'OK', annotations: [] }] }], usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } },
  },
  {
    kind: 'anthropic',
    host: 'api.anthropic.com',
    path: '/v1/messages',
    header: 'x-api-key',
    value: KEY,
    reply: { id: 'msg', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: 'OK' }], stop_reason: 'end_turn', usage: { input_tokens: 1, output_tokens: 1 } },
  },
  {
    kind: 'google',
    host: 'generativelanguage.googleapis.com',
    path: /^\/v1beta\/models\/.+:generateContent$/,
    header: 'x-goog-api-key',
    value: KEY,
    reply: { candidates: [{ content: { role: 'model', parts: [{ text: 'OK' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1 } },
  },
] as const;

async function testWith(panel: Page, kind: string, key: string): Promise<string> {
  const form = panel.locator('form.provider-settings');
  if (!(await form.isVisible())) await panel.getByRole('button', { name: 'Settings' }).click();
  await form.locator('select[name=kind]').selectOption(kind);
  await form.locator('input[name=apiKey]').fill(key);
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.locator('.connection')).toBeVisible({ timeout: 15_000 });
  return (await form.locator('.connection').textContent()) ?? '';
}

test('Test connection reaches OpenAI, Anthropic and Google with the key in their own header only', async ({ openPage, openExtensionPage, tabIdOf, sites, witness }) => {
  const seen: Array<{ host: string; headers: Record<string, unknown>; url: string }> = [];
  for (const s of STAND_INS) {
    sites.route(s.host, s.path, (req, _res, ctx) => {
      seen.push({ host: s.host, headers: req.headers, url: ctx.url.href });
      if (req.headers[s.header] !== s.value) return { status: 401, json: { error: { message: 'invalid key', type: 'authentication_error' } } };
      return { json: s.reply };
    });
  }
  const page = await openPage('shop.test', '/index.html');
  const panel = await openPanel(openExtensionPage, await tabIdOf(page));
  await witness.clear();

  for (const s of STAND_INS) {
    expect(await testWith(panel, s.kind, KEY)).toMatch(/^Connected: .+ answered\. Saved: the chat uses these settings\.$/);
    expect(await testWith(panel, s.kind, 'wrong-key-000')).toMatch(new RegExp(`${s.host.replace(/\./g, '\\.')} refused the API key \\(401\\)\\. Check the key in Settings`));
  }
  for (const s of STAND_INS) {
    const mine = seen.filter((r) => r.host === s.host);
    expect(mine.length).toBe(2);
    for (const r of mine) expect(r.url).not.toContain(KEY);
    // The key never travels to another provider's host.
    for (const other of seen.filter((r) => r.host !== s.host)) expect(JSON.stringify(other.headers[s.header] ?? '')).not.toContain(KEY);
  }
  expect(sites.requests().filter((r) => r.https && STAND_INS.some((s) => s.host === r.host)).length).toBe(6);
  await witness.expectNoHits();
});

test('an OpenAI-compatible endpoint (a local model server) connects without a key; one that drops the connection says what to do', async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  sites.route('llm.local.test', '/v1/chat/completions', (req) => ({
    json: req.headers.authorization
      ? { error: 'unexpected key' }
      : { id: 'x', object: 'chat.completion', created: 1, model: 'llama', choices: [{ index: 0, message: { role: 'assistant', content: 'OK' }, finish_reason: 'stop' }] },
  }));
  sites.route('down.local.test', '/v1/chat/completions', (_req, res) => void res.destroy());
  const page = await openPage('shop.test', '/index.html');
  const panel = await openPanel(openExtensionPage, await tabIdOf(page));
  await panel.getByRole('button', { name: 'Settings' }).click();
  const form = panel.locator('form.provider-settings');
  await form.locator('input[name=baseURL]').fill('http://llm.local.test/v1');
  await form.locator('input[name=model]').fill('llama');
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.locator('.connection')).toHaveText('Connected: llama answered. Saved: the chat uses these settings.');
  await form.locator('input[name=baseURL]').fill('http://down.local.test/v1');
  await form.getByRole('button', { name: 'Test connection' }).click();
  // Through the harness proxy a dropped connection arrives as a 502 from the proxy; directly, as a failed fetch.
  await expect(form.locator('.connection')).toHaveText(/Cannot reach .*Check the address in Settings|down\.local\.test is having trouble \(502\)\. Try again in a moment\./);
  await form.locator('input[name=baseURL]').fill('not an address');
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.locator('.connection')).toHaveText('Enter the endpoint address, e.g. http://localhost:11434/v1 for Ollama.');
});

test("a key saved for one provider is not sent to an OpenAI-compatible endpoint chosen afterwards, and stays with its own provider", async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  const OPENAI_KEY = 'sk-openai-only-0123456789abcdef';
  const seen: Array<Record<string, unknown>> = [];
  sites.route('llm.local.test', '/v1/chat/completions', (req) => {
    seen.push(req.headers);
    return { json: { id: 'x', object: 'chat.completion', created: 1, model: 'llama', choices: [{ index: 0, message: { role: 'assistant', content: 'OK' }, finish_reason: 'stop' }] } };
  });
  const page = await openPage('shop.test', '/index.html');
  const panel = await openPanel(openExtensionPage, await tabIdOf(page));
  await panel.getByRole('button', { name: 'Settings' }).click();
  const form = panel.locator('form.provider-settings');
  await form.locator('select[name=kind]').selectOption('openai');
  await form.locator('input[name=apiKey]').fill(OPENAI_KEY);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.locator('.connection')).toHaveText('Saved.');

  await form.locator('select[name=kind]').selectOption('openai-compatible');
  await form.locator('input[name=baseURL]').fill('http://llm.local.test/v1');
  await form.locator('input[name=model]').fill('llama');
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.locator('.connection')).toHaveText('Connected: llama answered. Saved: the chat uses these settings.');
  expect(seen).toHaveLength(1);
  expect(JSON.stringify(seen[0])).not.toContain(OPENAI_KEY);
  expect(seen[0]!.authorization).toBeUndefined();

  // Saved and reopened, OpenAI still has its key; the endpoint has none.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.locator('.connection')).toHaveText('Saved.');
  await panel.reload();
  await panel.getByRole('button', { name: 'Settings' }).click();
  await expect(form.locator('select[name=kind]')).toHaveValue('openai-compatible');
  await expect(form.locator('input[name=apiKey]')).toHaveValue('');
  await form.locator('select[name=kind]').selectOption('openai');
  await expect(form.locator('input[name=apiKey]')).toHaveValue(OPENAI_KEY);
});

test('what was typed in Settings survives closing and reopening it, marked unsaved until Save', async ({ openPage, openExtensionPage, tabIdOf }) => {
  const page = await openPage('shop.test', '/index.html');
  const panel = await openPanel(openExtensionPage, await tabIdOf(page));
  const toggle = panel.locator('button.settings-toggle');
  await toggle.click();
  const form = panel.locator('form.provider-settings');
  await form.locator('select[name=kind]').selectOption('openai');
  await form.locator('input[name=apiKey]').fill(KEY);
  await toggle.click();
  await expect(form).toBeHidden();
  await expect(toggle).toHaveText('Settings (unsaved changes)');

  await toggle.click();
  await expect(form.locator('select[name=kind]')).toHaveValue('openai');
  await expect(form.locator('input[name=apiKey]')).toHaveValue(KEY);
  await expect(form.getByRole('note')).toHaveText('Unsaved changes: Save keeps them.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.locator('.connection')).toHaveText('Saved.');
  await expect(form.getByRole('note')).toHaveCount(0);
  await expect(toggle).toHaveText('Settings');

  // Stored, so a new panel shows it too.
  const again = await openPanel(openExtensionPage, await tabIdOf(page));
  await again.locator('button.settings-toggle').click();
  await expect(again.locator('form.provider-settings input[name=apiKey]')).toHaveValue(KEY);
});
