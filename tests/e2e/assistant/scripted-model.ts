// A scripted model for real-browser tests: a real OpenAI-compatible chat-completions server (streaming
// SSE with tool calls) on a fixture host, whose every reply comes from a script. The panel reaches it
// through the same OpenAI-compatible provider code a person uses. It records every request, so a test
// can prove what reached the model (e.g. that a planted instruction arrived in a tool result).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Sites } from '../harness/sites';

export interface ToolCallOut {
  name: string;
  args: unknown;
}

/** One reply: streamed text, tool calls, or a way of failing. */
export type Reply =
  | { text?: string; toolCalls?: ToolCallOut[]; finish?: 'stop' | 'tool_calls' | 'content_filter' | 'length' }
  | { fail: 'garbage' | 'hang' | 'malformed-tool-call' | 'cut-mid-stream' }
  | { status: number; body?: unknown };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null | Array<{ type: string; text?: string }>;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

export interface ModelRequest {
  body: { model: string; messages: ChatMessage[]; tools?: Array<{ function: { name: string } }>; stream?: boolean };
  authorization: string | undefined;
  host: string;
}

/** What a script sees of one request. */
export class Turn {
  constructor(readonly request: ModelRequest) {}
  get messages(): ChatMessage[] {
    return this.request.body.messages;
  }
  get system(): string {
    return text(this.messages.find((m) => m.role === 'system')?.content);
  }
  /** The person's latest message. */
  get user(): string {
    return text([...this.messages].reverse().find((m) => m.role === 'user')?.content);
  }
  /** Messages after the person's latest message: this turn's tool calls and results so far. */
  get sinceUser(): ChatMessage[] {
    const i = this.messages.map((m) => m.role).lastIndexOf('user');
    return this.messages.slice(i + 1);
  }
  /** Tool results of this turn, in order, with the name of the tool that produced each. */
  get results(): Array<{ name: string; content: string }> {
    const names = new Map<string, string>();
    const out: Array<{ name: string; content: string }> = [];
    for (const m of this.sinceUser) {
      for (const c of m.tool_calls ?? []) names.set(c.id, c.function.name);
      if (m.role === 'tool') out.push({ name: names.get(m.tool_call_id ?? '') ?? '?', content: text(m.content) });
    }
    return out;
  }
  get last(): { name: string; content: string } | undefined {
    return this.results.at(-1);
  }
  /** How many model calls this turn has had before this one. */
  get step(): number {
    return this.sinceUser.filter((m) => m.role === 'assistant').length;
  }
  get tools(): string[] {
    return (this.request.body.tools ?? []).map((t) => t.function.name);
  }
}

function text(content: ChatMessage['content'] | undefined): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((c) => c.text ?? '').join('');
  return '';
}

export type Script = (turn: Turn) => Reply | Promise<Reply>;

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: 1, model: 'scripted', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class ScriptedModel {
  readonly requests: ModelRequest[] = [];
  private calls = 0;
  private hung: ServerResponse[] = [];

  constructor(public script: Script) {}

  /** Serves `http(s)://<host>/v1/chat/completions`; the panel's endpoint is then `http://<host>/v1`. */
  install(sites: Sites, host = 'model.test'): string {
    sites.route(host, '/v1/chat/completions', (req, res, ctx) => this.handle(req, res, ctx.body, host));
    return `http://${host}/v1`;
  }

  /** Every tool result the model was sent, over the whole session. */
  allToolResults(): string[] {
    return this.requests.flatMap((r) => new Turn(r).messages.filter((m) => m.role === 'tool').map((m) => text(m.content)));
  }

  release(): void {
    for (const res of this.hung.splice(0)) res.destroy();
  }

  private async handle(req: IncomingMessage, res: ServerResponse, raw: Buffer, host: string): Promise<void> {
    const body = JSON.parse(raw.toString('utf8')) as ModelRequest['body'];
    const request: ModelRequest = { body, authorization: req.headers.authorization, host };
    this.requests.push(request);
    const reply = await this.script(new Turn(request));
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body ?? { error: { message: `scripted status ${reply.status}`, type: 'scripted' } }));
      return;
    }
    if (!body.stream) {
      const r = reply as Extract<Reply, { text?: string }>;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-scripted',
          object: 'chat.completion',
          created: 1,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: r.text ?? '' }, finish_reason: r.finish ?? 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    if ('fail' in reply) {
      switch (reply.fail) {
        case 'hang':
          res.write(': waiting\n\n');
          this.hung.push(res);
          return;
        case 'garbage':
          res.write('data: {"id": this is not json\n\ndata: \u0000\u0001 garbage ###\n\n');
          res.end();
          return;
        case 'cut-mid-stream':
          res.write(chunk({ role: 'assistant', content: 'Writing the files now…' }));
          await sleep(20);
          res.destroy();
          return;
        case 'malformed-tool-call':
          res.write(chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_bad', type: 'function', function: { name: 'save_remixlet', arguments: '{"remixletId": ' } }] }));
          res.write(chunk({}, 'tool_calls'));
          res.write('data: [DONE]\n\n');
          res.end();
          return;
      }
    }
    const r = reply as Extract<Reply, { text?: string }>;
    res.write(chunk({ role: 'assistant', content: '' }));
    if (r.text) {
      for (let i = 0; i < r.text.length; i += 24) {
        res.write(chunk({ content: r.text.slice(i, i + 24) }));
        await sleep(5);
      }
    }
    (r.toolCalls ?? []).forEach((call, index) => {
      this.calls += 1;
      res.write(chunk({ tool_calls: [{ index, id: `call_${this.calls}`, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) } }] }));
    });
    res.write(chunk({}, r.finish ?? (r.toolCalls?.length ? 'tool_calls' : 'stop')));
    res.write('data: [DONE]\n\n');
    res.end();
  }
}
