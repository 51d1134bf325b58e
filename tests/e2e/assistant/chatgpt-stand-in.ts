// A local stand-in for "Sign in with ChatGPT", served with sites.route at OpenAI's real host names (the
// harness sends every name to its proxy, which forwards fixture hosts to the fixture servers):
//   auth.openai.com  /oauth/authorize  a sign-in page whose "Continue" redirects to the redirect address
//                                       with the code and the state (or a forged state)
//                    /oauth/token      authorization_code (checks client id, redirect address and the PKCE
//                                       verifier against the S256 challenge) and refresh_token (rotating:
//                                       a refresh token works once); short-lived access tokens on request
//   chatgpt.com      /backend-api/codex/responses  a streaming Responses API reply from a script, only for
//                                       a live access token with the right chatgpt-account-id; 401 otherwise
// Everything it saw is kept so a test can check where each token went.
import { createHash, randomBytes } from 'node:crypto';
import type { Sites } from '../harness/sites';

export const CLIENT_ID = 'app_EMoamEEZ73f0CkXaXp7hrann';
export const REDIRECT_URI = 'http://localhost:1455/auth/callback';
export const EMAIL = 'person@example.com';
export const ACCOUNT_ID = 'acct-standin-42';

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

export function idJwt(claims: Record<string, unknown>): string {
  return `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}.${b64url('not-checked')}`;
}

export interface CodexRequest {
  authorization: string | undefined;
  accountId: string | undefined;
  status: number;
  body: { model?: string; instructions?: string; input?: Array<Record<string, unknown>>; store?: boolean; stream?: boolean; tools?: unknown[] };
}

export type CodexReply = { text: string } | { toolCall: { name: string; args: unknown } };

export class ChatGptStandIn {
  /** Lifetime of the access tokens issued from now on. */
  lifetimeSeconds = 3600;
  /** Redirect with a state the extension never made. */
  forgeState = false;
  /** Refuse every refresh grant (invalid_grant), as OpenAI does for an expired or revoked refresh token. */
  refuseRenewal = false;
  script: (req: CodexRequest) => CodexReply = () => ({ text: 'Hello from ChatGPT.' });

  readonly authorizeRequests: URLSearchParams[] = [];
  readonly tokenRequests: Array<{ grant: string; fields: Record<string, string>; status: number }> = [];
  readonly codexRequests: CodexRequest[] = [];
  /** Every token it handed out, in order. */
  readonly issued: Array<{ access: string; refresh: string; grant: string; expiresAt: number }> = [];

  private codes = new Map<string, { challenge: string; redirectUri: string; state: string }>();
  private liveAccess = new Map<string, number>();
  private liveRefresh = new Set<string>();
  private n = 0;

  install(sites: Sites): void {
    sites.route('auth.openai.com', '/oauth/authorize', (_req, _res, { url }) => {
      const p = url.searchParams;
      this.authorizeRequests.push(p);
      const ok =
        p.get('response_type') === 'code' &&
        p.get('client_id') === CLIENT_ID &&
        p.get('redirect_uri') === REDIRECT_URI &&
        p.get('code_challenge_method') === 'S256' &&
        (p.get('code_challenge') ?? '').length >= 43 &&
        (p.get('state') ?? '').length >= 16;
      if (!ok) return { status: 400, body: 'bad authorize request' };
      const code = `code-${randomBytes(8).toString('hex')}`;
      this.codes.set(code, { challenge: p.get('code_challenge')!, redirectUri: p.get('redirect_uri')!, state: p.get('state')! });
      const state = this.forgeState ? 'forged-by-someone-else-0123456789' : p.get('state')!;
      const target = `${REDIRECT_URI}?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`;
      return {
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: `<!doctype html><title>Sign in to OpenAI (stand-in)</title><h1>Sign in</h1>
          <form method="post" action="/oauth/authorize/continue"><input type="hidden" name="to" value="${target.replace(/&/g, '&amp;')}">
          <button>Continue as ${EMAIL}</button></form>`,
      };
    });
    sites.route('auth.openai.com', '/oauth/authorize/continue', (_req, _res, { body }) => {
      const to = new URLSearchParams(body.toString('utf8')).get('to') ?? '';
      return { status: 302, headers: { location: to } };
    });
    sites.route('auth.openai.com', '/oauth/token', (req, _res, { body }) => {
      const text = body.toString('utf8');
      const fields: Record<string, string> = String(req.headers['content-type']).includes('json')
        ? (JSON.parse(text) as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(text));
      const answer = this.token(fields);
      this.tokenRequests.push({ grant: fields.grant_type ?? '', fields, status: answer.status ?? 200 });
      return answer;
    });
    sites.route('chatgpt.com', '/backend-api/codex/responses', async (req, res, { body }) => {
      const auth = req.headers.authorization;
      const accountId = req.headers['chatgpt-account-id'] as string | undefined;
      const token = auth?.startsWith('Bearer ') ? auth.slice(7) : '';
      const expiresAt = this.liveAccess.get(token);
      const live = expiresAt !== undefined && expiresAt > Date.now() && accountId === ACCOUNT_ID;
      const request: CodexRequest = { authorization: auth, accountId, status: live ? 200 : 401, body: JSON.parse(body.toString('utf8') || '{}') };
      this.codexRequests.push(request);
      if (!live) return { status: 401, json: { error: { message: 'Your authentication token has expired.', type: 'invalid_request_error', code: 'token_expired' } } };
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      for (const event of this.events(this.script(request), request.body.model ?? 'gpt-5')) {
        res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
        await new Promise((r) => setTimeout(r, 5));
      }
      res.end();
    });
  }

  /** The server forgets an access token before it expires (as after a password change): the next call gets 401. */
  revokeAccess(): void {
    this.liveAccess.clear();
  }

  /** The access token issued last, as the server knows it. */
  get lastAccess(): string | undefined {
    return this.issued.at(-1)?.access;
  }

  private token(f: Record<string, string>): { status?: number; json: unknown } {
    const refuse = (error: string) => ({ status: 400, json: { error, error_description: `stand-in refused: ${error}` } });
    if (f.client_id !== CLIENT_ID) return refuse('invalid_client');
    if (f.grant_type === 'authorization_code') {
      const pending = this.codes.get(f.code ?? '');
      if (!pending) return refuse('invalid_grant');
      this.codes.delete(f.code!);
      if (f.redirect_uri !== pending.redirectUri) return refuse('invalid_grant');
      if (b64url(createHash('sha256').update(f.code_verifier ?? '').digest()) !== pending.challenge) return refuse('invalid_grant');
      return { json: this.issue('authorization_code', true) };
    }
    if (f.grant_type === 'refresh_token') {
      if (this.refuseRenewal || !this.liveRefresh.has(f.refresh_token ?? '')) return { status: 401, json: { error: { code: 'refresh_token_invalidated', message: 'refresh token revoked' } } };
      this.liveRefresh.delete(f.refresh_token!);
      return { json: this.issue('refresh_token', false) };
    }
    return refuse('unsupported_grant_type');
  }

  private issue(grant: string, withId: boolean): Record<string, unknown> {
    this.n += 1;
    const access = `standin-access-${this.n}-${randomBytes(12).toString('hex')}`;
    const refresh = `standin-refresh-${this.n}-${randomBytes(12).toString('hex')}`;
    const expiresAt = Date.now() + this.lifetimeSeconds * 1000;
    this.liveAccess.set(access, expiresAt);
    this.liveRefresh.add(refresh);
    this.issued.push({ access, refresh, grant, expiresAt });
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: this.lifetimeSeconds,
      token_type: 'Bearer',
      ...(withId ? { id_token: idJwt({ email: EMAIL, 'https://api.openai.com/auth': { chatgpt_account_id: ACCOUNT_ID, chatgpt_plan_type: 'plus' } }) } : {}),
    };
  }

  private events(reply: CodexReply, model: string): Array<Record<string, unknown>> {
    const id = `resp_${randomBytes(6).toString('hex')}`;
    const created = { type: 'response.created', response: { id, created_at: 1, model } };
    const usage = { input_tokens: 10, output_tokens: 5, total_tokens: 15 };
    if ('toolCall' in reply) {
      const item = { type: 'function_call', id: `fc_${randomBytes(6).toString('hex')}`, call_id: `call_${randomBytes(6).toString('hex')}`, name: reply.toolCall.name, arguments: JSON.stringify(reply.toolCall.args ?? {}) };
      return [
        created,
        { type: 'response.output_item.added', output_index: 0, item: { ...item, arguments: '' } },
        { type: 'response.function_call_arguments.delta', item_id: item.id, output_index: 0, delta: item.arguments },
        { type: 'response.output_item.done', output_index: 0, item: { ...item, status: 'completed' } },
        { type: 'response.completed', response: { id, object: 'response', created_at: 1, model, status: 'completed', output: [{ ...item, status: 'completed' }], usage } },
      ];
    }
    const msg = `msg_${randomBytes(6).toString('hex')}`;
    const parts = reply.text.match(/.{1,12}/gs) ?? [];
    return [
      created,
      { type: 'response.output_item.added', output_index: 0, item: { type: 'message', id: msg, role: 'assistant', status: 'in_progress', content: [] } },
      ...parts.map((delta) => ({ type: 'response.output_text.delta', item_id: msg, output_index: 0, content_index: 0, delta })),
      { type: 'response.output_item.done', output_index: 0, item: { type: 'message', id: msg, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: reply.text, annotations: [] }] } },
      {
        type: 'response.completed',
        response: { id, object: 'response', created_at: 1, model, status: 'completed', output: [{ type: 'message', id: msg, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: reply.text, annotations: [] }] }], usage },
      },
    ];
  }
}
