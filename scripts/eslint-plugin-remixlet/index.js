// Remixlet's local ESLint plugin. Plain ESM JavaScript so ESLint loads it without a build step.
//
// Rules:
//   remixlet/no-secret-leak        keys and tokens never reach a URL, a log line or an error message;
//                                  worker/ and page-agent/ never refer to a provider API key at all.
//   remixlet/no-top-level-globals  named browser globals (document, window, ...) are not touched while
//                                  the module is being evaluated (used for contracts/, which every context loads).
//
// Both rules are syntactic: they look at names and at where an expression is written, not at data flow.
// A deliberate exception is written as `// eslint-disable-next-line remixlet/no-secret-leak -- why`.
import path from 'node:path';

// ---------------------------------------------------------------------------------------------
// Names

/** Splits `sandboxToken`, `OPENAI_API_KEY`, `x-goog-api-key`, `APIKey` into lower-case words. */
export function words(name) {
  return String(name)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

// Words that, written before `key`, make it a provider key.
const PROVIDER_WORDS = new Set([
  'api', 'provider', 'openai', 'anthropic', 'claude', 'google', 'goog', 'gemini', 'vertex', 'groq', 'mistral', 'xai',
  'grok', 'deepseek', 'openrouter', 'cohere', 'azure', 'together', 'fireworks', 'perplexity', 'llm', 'ai',
]);
// Words that, written before `key`, make it some other secret key.
const SECRET_KEY_WORDS = new Set(['secret', 'private', 'signing', 'access', 'auth', 'encryption', 'hmac', 'master']);
const SIGN_IN_WORDS = new Set(['access', 'refresh', 'id', 'session', 'oauth', 'signin', 'sign', 'login', 'chatgpt', 'auth']);
const SANDBOX_WORDS = new Set(['sandbox', 'grant', 'capability', 'cap', 'offscreen', 'bridge', 'channel', 'remixlet', 'rmx']);

// A name that starts with one of these is a flag, a count or an action about the secret, not the secret.
const NOT_A_VALUE_PREFIX = new Set([
  'is', 'has', 'have', 'had', 'can', 'should', 'was', 'were', 'did', 'does', 'will', 'must', 'needs', 'need', 'requires',
  'require', 'no', 'missing', 'allow', 'allows', 'allowed', 'with', 'without', 'want', 'wants', 'show', 'hide',
  'count', 'num', 'number', 'max', 'min', 'total', 'on', 'handle', 'validate', 'verify', 'check', 'revoke', 'clear',
  'delete', 'remove', 'set', 'save', 'store', 'persist', 'forget', 'drop', 'invalidate', 'assert', 'expect',
  'invalid', 'stale', 'expired', 'bad', 'wrong', 'unknown',
]);
// A name that starts with one of these is a yes/no or a number about the key.
const FLAG_PREFIX = new Set([
  'is', 'has', 'have', 'had', 'can', 'should', 'was', 'were', 'did', 'does', 'will', 'must', 'needs', 'need',
  'requires', 'require', 'no', 'missing', 'with', 'without', 'show', 'hide', 'count', 'num', 'number',
]);
// `inputTokens`, `maxOutputTokens`, `cachedInputTokens`: model usage counts, not credentials.
const COUNT_WORDS = new Set([
  'input', 'output', 'total', 'max', 'min', 'reasoning', 'cached', 'prompt', 'completion', 'used', 'remaining',
  'count', 'num', 'spent', 'billed',
]);
// A name whose words after the secret word start with one of these describes the secret, it is not the secret.
const DESCRIBES_THE_SECRET = new Set([
  'count', 'counts', 'usage', 'limit', 'limits', 'budget', 'type', 'types', 'kind', 'ttl', 'expiry', 'expires',
  'expiration', 'exp', 'age', 'length', 'len', 'size', 'index', 'idx', 'pos', 'position', 'start', 'end', 'field',
  'fields', 'input', 'inputs', 'selector', 'selectors', 'element', 'elements', 'el', 'els', 'node', 'nodes', 'policy',
  'locked', 'lock', 'rule', 'rules', 'mode', 'state', 'status', 'invalid', 'stale', 'missing', 'expired', 'required',
  'error', 'errors', 'refused', 'mismatch', 'unknown', 'valid', 'present', 'header', 'headers', 'name', 'names',
  'label', 'labels', 'hint', 'placeholder', 'url', 'urls', 'uri', 'endpoint', 'endpoints', 'path', 'route', 'host',
  'origin', 'id', 'ids', 'hash', 'hashed', 'digest', 'fingerprint', 'prefix', 'suffix', 'last4', 'preview', 'masked',
  'redacted', 'event', 'events', 'issued', 'created', 'updated', 'refreshed', 'rotated', 'at', 'time', 'timer', 'ms',
  'seconds', 'version', 'scope', 'scopes', 'audience', 'issuer', 'format', 'pattern', 'regex', 're', 'schema',
  'options', 'config', 'settings', 'setting', 'option', 'dialog', 'form', 'button', 'page', 'screen', 'view', 'modal',
  'ok', 'parameter', 'param', 'params', 'arg', 'argument', 'env', 'variable', 'var', 'description', 'prop', 'property',
  'attr', 'attribute', 'key', 'keys', 'storage',
]);

const SECRET_HEADS = new Map([
  ['token', 'token'], ['tokens', 'token'],
  ['apikey', 'API key'], ['apikeys', 'API key'],
  ['secret', 'secret'], ['secrets', 'secret'], ['clientsecret', 'secret'],
  ['password', 'password'], ['passwords', 'password'], ['passwd', 'password'], ['passphrase', 'password'],
  ['bearer', 'bearer credential'],
  ['credential', 'credential'], ['credentials', 'credential'], ['creds', 'credential'],
  ['authorization', 'authorization header'],
]);

function tokenKind(before) {
  if (before.some((w) => SANDBOX_WORDS.has(w))) return 'sandbox capability token';
  if (before.some((w) => SIGN_IN_WORDS.has(w))) return 'sign-in token';
  return 'token';
}

/** Index and kind of the last word that names a secret, or null. */
function lastSecretWord(ws) {
  for (let i = ws.length - 1; i >= 0; i--) {
    const w = ws[i];
    if (w === 'header' && i > 0 && (ws[i - 1] === 'auth' || ws[i - 1] === 'authorization' || ws[i - 1] === 'bearer')) {
      return { index: i, kind: 'authorization header' };
    }
    if ((w === 'key' || w === 'keys') && i > 0) {
      if (PROVIDER_WORDS.has(ws[i - 1])) return { index: i, kind: 'API key' };
      if (SECRET_KEY_WORDS.has(ws[i - 1])) return { index: i, kind: 'secret key' };
      continue;
    }
    const head = SECRET_HEADS.get(w);
    if (head === 'token') return { index: i, kind: tokenKind(ws.slice(0, i)) };
    if (head) return { index: i, kind: head };
  }
  return null;
}

/**
 * What kind of secret a name holds (`'API key'`, `'sign-in token'`, `'sandbox capability token'`, ...), or null.
 * `sandboxToken`, `session.accessToken`, `OPENAI_API_KEY`, `password` are secrets; `hasApiKey`, `inputTokens`,
 * `tokenUrl`, `TOKEN_INVALID`, `passwordField`, `apiKeyHeader` are not.
 */
export function secretKind(name) {
  if (typeof name !== 'string' || name.length === 0) return null;
  const ws = words(name);
  if (ws.length === 0) return null;
  const hit = lastSecretWord(ws);
  if (hit) {
    if (hit.index > 0 && NOT_A_VALUE_PREFIX.has(ws[0])) return null;
    const after = ws[hit.index + 1];
    if (after !== undefined && DESCRIBES_THE_SECRET.has(after)) return null;
    if (ws[hit.index] === 'tokens' && ws.slice(0, hit.index).some((w) => COUNT_WORDS.has(w))) return null;
    return hit.kind;
  }
  // all-lower-case compounds such as `sandboxtoken` or `openaiapikey`
  if (ws.length === 1) {
    const m = /(apikeys?|providerkeys?|tokens?|secrets?|passwords?|passwd|passphrase|bearer|credentials?)$/.exec(ws[0]);
    if (!m || m.index === 0) return null;
    const before = ws[0].slice(0, m.index);
    if (/key/.test(m[1])) return 'API key';
    if (/pass/.test(m[1])) return 'password';
    if (/secret/.test(m[1])) return 'secret';
    if (/bearer|credential/.test(m[1])) return 'credential';
    if (/(input|output|total|max|cached|prompt|completion|reasoning)$/.test(before)) return null;
    if (/sandbox|grant|capability|offscreen|bridge/.test(before)) return 'sandbox capability token';
    if (/access|refresh|id$|session|oauth|signin|login|chatgpt|auth/.test(before)) return 'sign-in token';
    return 'token';
  }
  return null;
}

/** True for names that refer to a provider API key: `apiKey`, `x-goog-api-key`, `providerKey`, `OPENAI_API_KEY`, `openaiKey`. */
export function isProviderKeyName(name) {
  if (typeof name !== 'string' || name.length === 0 || /\s/.test(name)) return false;
  const ws = words(name);
  if (ws.length > 1 && FLAG_PREFIX.has(ws[0])) return false; // `hasApiKey`, `needsApiKey`: a flag, not the key
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i];
    if (w.includes('apikey') || /^(provider|openai|anthropic|gemini|groq|mistral|deepseek|openrouter)keys?$/.test(w)) return true;
    if ((w === 'key' || w === 'keys') && i > 0 && PROVIDER_WORDS.has(ws[i - 1])) return true;
  }
  return false;
}

const SIGN_IN_NAME = /(access|refresh|id|session|oauth|sign[-_]?in|login|chatgpt)[-_]?tokens?|sign[-_]?in|chatgpt|oauth/i;
/** True when a name says it is the ChatGPT sign-in token (the one credential worker/ may hold). */
export function isSignInTokenName(name, extra) {
  if (typeof name !== 'string') return false;
  if (extra && extra.test(name)) return true;
  return SIGN_IN_NAME.test(name) || secretKind(name) === 'sign-in token';
}

// Key-shaped string values: OpenAI / Anthropic / OpenRouter `sk-...`, Google `AIza...`, Groq `gsk_...`, xAI `xai-...`.
const KEY_SHAPED = /\b(?:sk-(?:ant-|proj-|or-)?[A-Za-z0-9_-]{20,}|AIza[0-9A-Za-z_-]{30,}|gsk_[A-Za-z0-9]{20,}|xai-[A-Za-z0-9]{20,})/;

// ---------------------------------------------------------------------------------------------
// Files

const CONTEXT_FOLDERS = ['contracts', 'worker', 'offscreen', 'sandbox', 'page-agent', 'panel', 'tests', 'bench', 'scripts', 'docs'];

/** The top-level folder of the linted file (`worker`, `page-agent`, ...), or null. */
export function contextOf(filename, cwd) {
  if (!filename || filename.startsWith('<')) return null;
  let rel = filename;
  if (path.isAbsolute(filename)) rel = path.relative(cwd || process.cwd(), filename);
  const parts = rel.split(/[\\/]+/).filter((p) => p && p !== '.');
  if (parts.length === 0) return null;
  if (parts[0] !== '..' && !path.isAbsolute(rel)) return CONTEXT_FOLDERS.includes(parts[0]) ? parts[0] : null;
  // outside cwd: use the last folder that is named like a context
  for (let i = parts.length - 2; i >= 0; i--) if (CONTEXT_FOLDERS.includes(parts[i])) return parts[i];
  return null;
}

// ---------------------------------------------------------------------------------------------
// Expressions

function unwrap(node) {
  let n = node;
  while (
    n &&
    (n.type === 'TSAsExpression' || n.type === 'TSNonNullExpression' || n.type === 'TSSatisfiesExpression' ||
      n.type === 'TSTypeAssertion' || n.type === 'ChainExpression' || n.type === 'AwaitExpression' ||
      n.type === 'TSInstantiationExpression' || n.type === 'ParenthesizedExpression')
  ) {
    n = n.type === 'AwaitExpression' ? n.argument : n.expression;
  }
  return n;
}

/** The static name of a member's property: `a.b` -> b, `a['x-api-key']` -> x-api-key, `a[k]` -> null. */
function propertyName(member) {
  const p = member.property;
  if (!member.computed && (p.type === 'Identifier' || p.type === 'PrivateIdentifier')) return p.name;
  if (p.type === 'Literal' && typeof p.value === 'string') return p.value;
  if (p.type === 'TemplateLiteral' && p.expressions.length === 0) return p.quasis[0].value.cooked;
  return null;
}

/** `console.warn` -> 'warn', `log` -> 'log', `a.b.c` -> 'c'. */
function calleeName(callee) {
  const c = unwrap(callee);
  if (!c) return null;
  if (c.type === 'Identifier') return c.name;
  if (c.type === 'MemberExpression') return propertyName(c);
  return null;
}

function isWordIn(name, set) {
  return words(name).some((w) => set.has(w));
}

const DEFAULT_REDACTORS = new Set([
  'redact', 'redacted', 'redaction', 'mask', 'masked', 'hash', 'hashed', 'sha1', 'sha256', 'sha384', 'sha512',
  'digest', 'fingerprint', 'obfuscate', 'obfuscated', 'elide', 'censor', 'scrub', 'scrubbed', 'last4',
]);
// Methods whose result says something about the secret without containing it.
const NON_LEAKING_METHODS = new Set([
  'has', 'includes', 'startsWith', 'endsWith', 'test', 'some', 'every', 'indexOf', 'lastIndexOf', 'findIndex',
  'localeCompare', 'equals', 'compare', 'keys', 'isValid', 'isExpired',
]);
const NON_LEAKING_FUNCTIONS = new Set(['Boolean', 'Number', 'isNaN', 'timingSafeEqual', 'constantTimeEqual']);
const URLISH_NAME = /(url|uri|href|endpoint|origin|base|host)$/i;
const URLISH_TEXT = /https?:|:\/\/|[?&#]/i;

/**
 * Finds every expression that is secret-named and whose value can end up in `node`'s value.
 * Returns [{node, name, kind}]. Redacted forms (`redact(x)`, `mask(x)`, `hash(x)`), booleans (`!x`, `x === y`,
 * `typeof x`, `x ? 'a' : 'b'`), and derived facts (`x.length`, `x.expiresAt`, `x.startsWith('sk-')`) are skipped.
 */
function findSecrets(root, opts) {
  const found = [];
  const visit = (raw) => {
    const node = unwrap(raw);
    if (!node) return;
    switch (node.type) {
      case 'Identifier': {
        const kind = secretKind(node.name);
        if (kind) found.push({ node, name: node.name, kind });
        return;
      }
      case 'MemberExpression': {
        const prop = propertyName(node);
        if (prop !== null) {
          const kind = secretKind(prop);
          if (kind) {
            found.push({ node, name: prop, kind });
            return;
          }
          const first = words(prop)[0];
          if (first && (DESCRIBES_THE_SECRET.has(first) || NOT_A_VALUE_PREFIX.has(first))) return;
        } else if (node.computed) {
          visit(node.property);
        }
        visit(node.object);
        return;
      }
      case 'CallExpression':
      case 'NewExpression': {
        const name = calleeName(node.callee);
        if (name && (isWordIn(name, opts.redactors) || opts.redactors.has(name))) return;
        if (name && NON_LEAKING_FUNCTIONS.has(name)) return;
        const callee = unwrap(node.callee);
        if (callee && callee.type === 'MemberExpression' && name && NON_LEAKING_METHODS.has(name)) return;
        if (name && node.type === 'CallExpression') {
          const kind = secretKind(name);
          if (kind) {
            found.push({ node, name: `${name}()`, kind });
            return;
          }
        }
        for (const a of node.arguments) visit(a);
        if (callee && callee.type === 'MemberExpression') visit(callee.object);
        return;
      }
      case 'TaggedTemplateExpression': {
        const name = calleeName(node.tag);
        if (name && (isWordIn(name, opts.redactors) || opts.redactors.has(name))) return;
        for (const e of node.quasi.expressions) visit(e);
        return;
      }
      case 'TemplateLiteral':
        for (const e of node.expressions) visit(e);
        return;
      case 'BinaryExpression':
        if (node.operator === '+') {
          visit(node.left);
          visit(node.right);
        }
        return;
      case 'LogicalExpression':
        if (node.operator !== '&&') visit(node.left);
        visit(node.right);
        return;
      case 'ConditionalExpression':
        visit(node.consequent);
        visit(node.alternate);
        return;
      case 'ObjectExpression':
        for (const p of node.properties) {
          if (p.type === 'SpreadElement') visit(p.argument);
          else if (p.type === 'Property') {
            if (p.computed) visit(p.key);
            visit(p.value);
          }
        }
        return;
      case 'ArrayExpression':
        for (const e of node.elements) if (e) visit(e);
        return;
      case 'SpreadElement':
        visit(node.argument);
        return;
      case 'SequenceExpression':
        visit(node.expressions[node.expressions.length - 1]);
        return;
      case 'AssignmentExpression':
        visit(node.right);
        return;
      default:
        // literals, functions, JSX, typeof/!/void, comparisons, classes: nothing that carries the value
        return;
    }
  };
  visit(root);
  return found;
}

/** Flattens `a + 'b' + c` / template literals into [{text} | {expr}] parts, in order. */
function stringParts(node, out = []) {
  const n = unwrap(node);
  if (n.type === 'BinaryExpression' && n.operator === '+') {
    stringParts(n.left, out);
    stringParts(n.right, out);
  } else if (n.type === 'Literal' && typeof n.value === 'string') {
    out.push({ text: n.value });
  } else if (n.type === 'TemplateLiteral') {
    n.quasis.forEach((q, i) => {
      out.push({ text: q.value.cooked ?? q.value.raw });
      if (i < n.expressions.length) out.push({ expr: n.expressions[i] });
    });
  } else {
    out.push({ expr: n });
  }
  return out;
}

function exprLabel(sourceCode, node, fallback) {
  const text = sourceCode.getText(node).replace(/\s+/g, ' ');
  if (text.length <= 60) return text;
  return fallback || `${text.slice(0, 57)}...`;
}

// ---------------------------------------------------------------------------------------------
// remixlet/no-secret-leak

const SINK_ADVICE = {
  url:
    'URLs are kept in history, server logs and Referer headers. Send it in a request header or body instead ' +
    '(for example Authorization: Bearer ...), never in the address.',
  log:
    'Log lines are kept, shown to the assistant and pasted into bug reports. Log that it is present or its length, ' +
    'or wrap it in redact(...).',
  error:
    'Error messages reach logs, the assistant and the UI. Say what went wrong without the value, or wrap it in redact(...).',
};

const noSecretLeak = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Keep provider API keys out of worker/ and page-agent/, and keep keys and tokens out of URLs, log lines and error messages.',
    },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          providerKeyContexts: { type: 'array', items: { type: 'string' } },
          signInTokenContexts: { type: 'array', items: { type: 'string' } },
          signInTokenNames: { type: 'string' },
          redactors: { type: 'array', items: { type: 'string' } },
          logFunctions: { type: 'array', items: { type: 'string' } },
        },
      },
    ],
    messages: {
      leak: '{{what}} looks like {{kind}} and goes into {{sink}} ({{where}}). {{advice}}',
      providerKey:
        '`{{name}}` refers to a provider API key in {{context}}/. Provider keys stay in the panel and are sent only to ' +
        'their provider: make the model call from panel/ and pass {{context}}/ only what it needs. {{extra}}',
      keyShaped:
        'This string looks like a real provider API key ({{prefix}}...). Never write keys into code: the user enters ' +
        'them in the panel. Use an obviously fake value in tests (e.g. "test-key").',
      bearer:
        'This builds an "Authorization: Bearer" header from `{{name}}` in worker/. worker/ may send only the ChatGPT ' +
        'sign-in token (to OpenAI); provider keys stay in the panel. If this is the sign-in token, name it for what it ' +
        'is (accessToken / signInToken).',
      bearerPageAgent:
        'This builds an "Authorization: Bearer" header in page-agent/. The page agent runs inside web pages and must ' +
        'never hold a key or a sign-in token: ask worker/ (sign-in) or panel/ (provider keys) to make the request.',
    },
  },
  create(context) {
    const options = context.options[0] || {};
    const sourceCode = context.sourceCode;
    const ctx = contextOf(context.physicalFilename || context.filename, context.cwd);
    const providerKeyContexts = new Set(options.providerKeyContexts || ['worker', 'page-agent']);
    const signInTokenContexts = new Set(options.signInTokenContexts || ['worker']);
    const signInExtra = options.signInTokenNames ? new RegExp(options.signInTokenNames, 'i') : null;
    const redactors = new Set([...DEFAULT_REDACTORS, ...(options.redactors || [])]);
    const logNames = new Set([
      'log', 'debug', 'info', 'warn', 'error', 'trace', 'fatal', 'notice', 'verbose', 'appendLog', 'writeLog',
      ...(options.logFunctions || []),
    ]);
    const scanOpts = { redactors };
    const reportedLeaks = new Set();
    const reportedNames = new Set();

    function sink(root, sinkKind, where) {
      for (const s of findSecrets(root, scanOpts)) {
        if (reportedLeaks.has(s.node)) continue;
        reportedLeaks.add(s.node);
        context.report({
          node: s.node,
          messageId: 'leak',
          data: {
            what: `\`${exprLabel(sourceCode, s.node, s.name)}\``,
            kind: `${/^[aeiouAEIOU]/.test(s.kind) ? 'an' : 'a'} ${s.kind}`,
            sink: sinkKind === 'url' ? 'a URL' : sinkKind === 'log' ? 'a log line' : 'an error message',
            where,
            advice: SINK_ADVICE[sinkKind],
          },
        });
      }
    }

    function isInBody(node) {
      // `body: 'grant_type=refresh_token&refresh_token=' + t` is a form body, not an address.
      let n = node;
      while (n.parent && (n.parent.type === 'BinaryExpression' || n.parent.type.startsWith('TS'))) n = n.parent;
      const p = n.parent;
      if (!p) return false;
      if (p.type === 'Property' && p.value === n) {
        const k = p.key.type === 'Identifier' ? p.key.name : p.key.value;
        return typeof k === 'string' && /^(body|form|data|payload)$/i.test(k);
      }
      if (p.type === 'VariableDeclarator' && p.id.type === 'Identifier') return /(body|form|payload)$/i.test(p.id.name);
      return false;
    }

    /** Secrets interpolated after URL-like text (`?t=${token}`, `${baseUrl}/${key}`, `'https://x/' + token`). */
    function urlBuilding(node) {
      if (isInBody(node)) return;
      const parts = stringParts(node);
      if (!parts.some((p) => 'text' in p)) return;
      let urlish = false;
      for (const part of parts) {
        if ('text' in part) {
          if (URLISH_TEXT.test(part.text)) urlish = true;
          continue;
        }
        const e = unwrap(part.expr);
        if (urlish) sink(part.expr, 'url', 'a string that builds a URL');
        const name = e.type === 'Identifier' ? e.name : e.type === 'MemberExpression' ? propertyName(e) : e.type === 'CallExpression' ? calleeName(e.callee) : null;
        if (name && URLISH_NAME.test(name)) urlish = true;
      }
    }

    function checkCall(node) {
      const callee = unwrap(node.callee);
      const name = calleeName(node.callee);
      if (!callee || !name) return;
      const objectName = callee.type === 'MemberExpression' ? (unwrap(callee.object).type === 'Identifier' ? unwrap(callee.object).name : calleeName(callee.object)) : null;
      const args = node.arguments;
      const label = exprLabel(sourceCode, node.callee);
      if (node.type === 'NewExpression') {
        if (name === 'URL' || name === 'Request' || name === 'WebSocket' || name === 'EventSource') return args.forEach((a, i) => (i === 0 || name === 'URL') && sink(a, 'url', `new ${name}(...)`));
        if (name === 'RemixletRefusal') return args.slice(1).forEach((a) => sink(a, 'error', 'new RemixletRefusal(code, reason)'));
        if (/(Error|Exception|Refusal)$/.test(name)) return args.forEach((a) => sink(a, 'error', `new ${label}(...)`));
        return;
      }
      if (objectName === 'console') return args.forEach((a) => sink(a, 'log', `${label}(...)`));
      if (logNames.has(name)) return args.forEach((a) => sink(a, 'log', `${label}(...)`));
      if (name === 'refuse') return args.slice(1).forEach((a) => sink(a, 'error', `${label}(code, reason)`));
      if (/Error$/.test(name) && /^[A-Z]/.test(name)) return args.forEach((a) => sink(a, 'error', `${label}(...)`));
      if (name === 'fetch' || name === 'sendBeacon' || (name === 'open' && objectName === 'window')) {
        if (args[0]) sink(args[0], 'url', `${label}(...)'s address`);
        return;
      }
      if ((name === 'set' || name === 'append') && objectName && /(searchParams|params|query|search)$/i.test(objectName)) {
        return args.forEach((a) => sink(a, 'url', `${label}(...)`));
      }
    }

    function checkProviderName(node, name) {
      if (!ctx || !providerKeyContexts.has(ctx)) return;
      const key = `${node.range[0]}:${node.range[1]}`;
      if (reportedNames.has(key)) return;
      if (isProviderKeyName(name)) {
        reportedNames.add(key);
        context.report({
          node,
          messageId: 'providerKey',
          data: {
            name: name.length > 60 ? `${name.slice(0, 57)}...` : name,
            context: ctx,
            extra:
              ctx === 'worker'
                ? 'The ChatGPT sign-in tokens worker/ keeps are not provider keys: name them accessToken / refreshToken / idToken.'
                : 'The page agent runs inside web pages and must never see a key.',
          },
        });
      } else if (KEY_SHAPED.test(name)) {
        reportedNames.add(key);
        context.report({ node, messageId: 'keyShaped', data: { prefix: KEY_SHAPED.exec(name)[0].slice(0, 7) } });
      }
    }

    function checkStringForProviderKey(node, text) {
      if (!ctx || !providerKeyContexts.has(ctx) || typeof text !== 'string') return;
      for (const chunk of text.split(/\s+/)) {
        const clean = chunk.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
        if (clean && (isProviderKeyName(clean) || KEY_SHAPED.test(clean))) return checkProviderName(node, clean);
      }
    }

    /** `Bearer ${x}` / 'Bearer ' + x in worker/ (sign-in token only) and page-agent/ (never). */
    function checkBearer(node) {
      if (!ctx || !providerKeyContexts.has(ctx)) return;
      const parts = stringParts(node);
      for (let i = 1; i < parts.length; i++) {
        const prev = parts[i - 1];
        const part = parts[i];
        if (!('expr' in part) || !('text' in prev) || !/bearer\s*$/i.test(prev.text)) continue;
        if (!signInTokenContexts.has(ctx)) {
          context.report({ node: part.expr, messageId: 'bearerPageAgent' });
          continue;
        }
        const names = [];
        let e = unwrap(part.expr);
        while (e) {
          if (e.type === 'Identifier') {
            names.push(e.name);
            break;
          }
          if (e.type === 'MemberExpression') {
            const p = propertyName(e);
            if (p) names.push(p);
            e = unwrap(e.object);
          } else if (e.type === 'CallExpression') {
            const c = calleeName(e.callee);
            if (c) names.push(c);
            const ce = unwrap(e.callee);
            e = ce && ce.type === 'MemberExpression' ? unwrap(ce.object) : null;
          } else break;
        }
        if (names.some((n) => isSignInTokenName(n, signInExtra))) continue;
        context.report({ node: part.expr, messageId: 'bearer', data: { name: exprLabel(sourceCode, part.expr) } });
      }
    }

    function isTopString(node) {
      const p = node.parent;
      return !(p && p.type === 'BinaryExpression' && p.operator === '+');
    }

    return {
      CallExpression: checkCall,
      NewExpression: checkCall,
      ThrowStatement(node) {
        const arg = unwrap(node.argument);
        if (arg && (arg.type === 'NewExpression' || arg.type === 'CallExpression')) return;
        if (arg) sink(arg, 'error', 'throw');
      },
      AssignmentExpression(node) {
        if (node.left.type !== 'MemberExpression') return;
        const prop = propertyName(node.left);
        if (prop === 'message') sink(node.right, 'error', `${exprLabel(sourceCode, node.left)} = ...`);
        else if (prop && /^(href|search|hash|src|pathname|action)$/.test(prop)) sink(node.right, 'url', `${exprLabel(sourceCode, node.left)} = ...`);
      },
      Property(node) {
        if (node.parent.type !== 'ObjectExpression' || node.computed) return;
        const k = node.key.type === 'Identifier' ? node.key.name : typeof node.key.value === 'string' ? node.key.value : null;
        if (k === 'reason' || k === 'message') sink(node.value, 'error', `{ ${k}: ... }`);
        else if (k === 'url' || k === 'href') sink(node.value, 'url', `{ ${k}: ... }`);
      },
      TemplateLiteral(node) {
        if (node.parent.type === 'TaggedTemplateExpression') return;
        if (isTopString(node)) {
          urlBuilding(node);
          checkBearer(node);
        }
        for (const q of node.quasis) checkStringForProviderKey(q, q.value.cooked ?? q.value.raw);
      },
      BinaryExpression(node) {
        if (node.operator !== '+' || !isTopString(node)) return;
        urlBuilding(node);
        checkBearer(node);
      },
      Identifier(node) {
        checkProviderName(node, node.name);
      },
      PrivateIdentifier(node) {
        checkProviderName(node, node.name);
      },
      JSXIdentifier(node) {
        checkProviderName(node, node.name);
      },
      Literal(node) {
        if (typeof node.value === 'string') checkStringForProviderKey(node, node.value);
      },
      JSXText(node) {
        checkStringForProviderKey(node, node.value);
      },
    };
  },
};

// ---------------------------------------------------------------------------------------------
// remixlet/no-top-level-globals

const noTopLevelGlobals = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Forbid reading the named globals while the module is evaluated (outside any function), so the module loads in every context.',
    },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        properties: { names: { type: 'array', items: { type: 'string' } } },
      },
    ],
    messages: {
      topLevel:
        '`{{name}}` is used while this module loads. contracts/ is loaded by every context, and some have no {{name}} ' +
        '(the service worker, the sandbox runtime worker): use it inside a function, or better, take it as a parameter.',
    },
  },
  create(context) {
    const names = new Set((context.options[0] && context.options[0].names) || ['document', 'window']);
    const runsAtLoad = (scope) => {
      for (let s = scope; s; s = s.upper) {
        if (s.type === 'function') return false;
        if (s.type === 'class-field-initializer') {
          const owner = s.block.parent;
          if (!(owner && owner.static)) return false;
        }
        if (s.type === 'module' || s.type === 'global') return true;
      }
      return true;
    };
    return {
      'Program:exit'(program) {
        const global = context.sourceCode.getScope(program);
        const refs = [...global.through];
        for (const v of global.variables) if (v.defs.length === 0) refs.push(...v.references);
        for (const ref of refs) {
          if (!names.has(ref.identifier.name)) continue;
          if (ref.isValueReference === false) continue; // a type position
          if (runsAtLoad(ref.from)) context.report({ node: ref.identifier, messageId: 'topLevel', data: { name: ref.identifier.name } });
        }
      },
    };
  },
};

const plugin = {
  meta: { name: 'eslint-plugin-remixlet', version: '0.1.0' },
  rules: {
    'no-secret-leak': noSecretLeak,
    'no-top-level-globals': noTopLevelGlobals,
  },
};

export default plugin;
