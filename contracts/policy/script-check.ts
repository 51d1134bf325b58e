// Context: worker (script.js at save) and Node tests. Trusts nothing: the script is assistant-written.

// This check sees only literals (and constants folded from them), so it is a convenience, not the
// boundary: it refuses code that plainly tries to load or build code, so that the code you read is the
// code that runs. The sandbox's content security policy is what stops remote code and string
// evaluation; an address or string built at run time passes this check and is stopped there.
import { parse } from 'acorn';
import type {
  AnyNode,
  AssignmentExpression,
  AssignmentProperty,
  CallExpression,
  Expression,
  ImportExpression,
  MemberExpression,
  NewExpression,
  Node,
  ObjectPattern,
  Property,
  SpreadElement,
} from 'acorn';
import { fullAncestor } from 'acorn-walk';
import { failed, passed, quote, refusal } from './result';
import type { PolicyRefusal, PolicyResult } from './result';
import { urlOnHosts } from './site';
import { checkInlineCss } from './stylesheet-check';
import { decodeHtmlReferences } from './html-references';

export interface ScriptCheckOptions {
  /**
   * Host specs (hostsOf(matches) plus fetch: hosts) whose literal addresses may be set as an element's
   * src, as the page agent's address rule would allow them. Empty by default: every remote literal is refused.
   */
  allowedHosts?: readonly string[];
  /** The remixlet runs on every site, so a literal src on any http(s) host is not refused. */
  everySite?: boolean;
}

type Arg = Expression | SpreadElement;

const GLOBAL_OBJECTS = new Set(['window', 'globalThis', 'self', 'top', 'parent', 'frames']);
/** The code builders: reached any way but a direct call (a member of any object, a destructured key, a lookup by name), they are refused. */
const CODE_BUILDERS = new Set(['eval', 'Function']);
/** What makes elements: only a direct call shows the check its tag, so these may not be taken apart or read into another name. */
const ELEMENT_MAKERS = new Set(['create', 'createElement', 'createElementNS']);
const MAX_FOLD_DEPTH = 16;
const NOT_APPROVED = 'A remixlet may not load from hosts it has not been approved for; use an address on one of its own sites, or ask for a fetch: permission for that host.';
const MAX_FOLD_LENGTH = 100_000;
/** Total folding work per script: const chains can fan out, and the check must stay fast on hostile input. */
const MAX_FOLD_STEPS = 1_000_000;

function bounded(s: string): string | undefined {
  return s.length > MAX_FOLD_LENGTH ? undefined : s;
}

// ---------------------------------------------------------------------------------------------------
// Constant folding: only literals and what is computed from them, never run-time values.

export class Bindings {
  private readonly counts = new Map<string, number>();
  private readonly constInits = new Map<string, Expression>();

  declare(name: string): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
  }
  declareConst(name: string, init: Expression): void {
    this.constInits.set(name, init);
  }
  isDeclared(name: string): boolean {
    return this.counts.has(name);
  }
  /** The initialiser of a name bound exactly once in the whole script, by const (so it cannot change). */
  constInit(name: string): Expression | undefined {
    return this.counts.get(name) === 1 ? this.constInits.get(name) : undefined;
  }
}

type Folded = string | number;

/** Shared with can-do.ts, which reads the same folded names to say what a saved script can do. */
export class Folder {
  private steps = 0;
  private readonly memo = new Map<AnyNode, Folded | undefined>();

  constructor(private readonly bindings: Bindings) {}

  private spend(): boolean {
    return ++this.steps <= MAX_FOLD_STEPS;
  }

  /** The exact value of an expression made only of literals, or undefined. */
  fold(node: AnyNode | null | undefined, depth = 0): Folded | undefined {
    if (!node || depth > MAX_FOLD_DEPTH || !this.spend()) return undefined;
    if (this.memo.has(node)) return this.memo.get(node);
    const value = this.foldUncached(node, depth);
    // Only depth-0 results are complete; deeper ones may have hit the depth limit.
    if (depth === 0) this.memo.set(node, value);
    return value;
  }

  private foldUncached(node: AnyNode, depth: number): Folded | undefined {
    const d = depth + 1;
    switch (node.type) {
      case 'Literal':
        return typeof node.value === 'string' || typeof node.value === 'number' ? node.value : undefined;
      case 'TemplateLiteral': {
        let out = '';
        for (let i = 0; i < node.quasis.length; i++) {
          const cooked = node.quasis[i]?.value.cooked;
          if (cooked == null) return undefined;
          out += cooked;
          const expr = node.expressions[i];
          if (expr !== undefined) {
            const v = this.fold(expr, d);
            if (v === undefined) return undefined;
            out += String(v);
            if (out.length > MAX_FOLD_LENGTH) return undefined;
          }
        }
        return out;
      }
      case 'BinaryExpression': {
        if (node.operator !== '+') return undefined;
        const l = this.fold(node.left, d);
        const r = this.fold(node.right, d);
        if (l === undefined || r === undefined) return undefined;
        if (typeof l === 'number' && typeof r === 'number') return l + r;
        return bounded(String(l) + String(r));
      }
      case 'Identifier':
        return this.fold(this.bindings.constInit(node.name), d);
      case 'SequenceExpression':
        return this.fold(node.expressions[node.expressions.length - 1], d);
      case 'ParenthesizedExpression':
        return this.fold(node.expression, d);
      case 'CallExpression':
        return this.foldCall(node, d);
      case 'NewExpression': {
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'URL') return undefined;
        const a = this.foldString(node.arguments[0], d);
        const b = node.arguments[1] === undefined ? undefined : this.foldString(node.arguments[1], d);
        if (a === undefined || (node.arguments[1] !== undefined && b === undefined)) return undefined;
        try {
          return new URL(a, b).href;
        } catch {
          return undefined;
        }
      }
      default:
        return undefined;
    }
  }

  foldString(node: AnyNode | null | undefined, depth = 0): string | undefined {
    const v = this.fold(node, depth);
    return v === undefined ? undefined : String(v);
  }

  private foldCall(node: CallExpression, d: number): Folded | undefined {
    const callee = node.callee;
    if (callee.type === 'Identifier') {
      if (callee.name === 'String' && node.arguments.length === 1) return this.foldString(node.arguments[0], d);
      if (callee.name === 'atob' && node.arguments.length === 1) {
        const s = this.foldString(node.arguments[0], d);
        const atob = (globalThis as { atob?: (s: string) => string }).atob;
        if (s === undefined || atob === undefined) return undefined;
        try {
          return atob(s);
        } catch {
          return undefined;
        }
      }
      return undefined;
    }
    if (callee.type !== 'MemberExpression') return undefined;
    const method = this.propertyName(callee, d);
    if (method === 'fromCharCode' || method === 'fromCodePoint') {
      if (callee.object.type !== 'Identifier' || callee.object.name !== 'String') return undefined;
      const codes: number[] = [];
      for (const a of node.arguments) {
        const v = this.fold(a, d);
        if (typeof v !== 'number') return undefined;
        codes.push(v);
      }
      try {
        return method === 'fromCharCode' ? String.fromCharCode(...codes) : String.fromCodePoint(...codes);
      } catch {
        return undefined;
      }
    }
    if (method === 'join' && callee.object.type === 'ArrayExpression') {
      const parts: string[] = [];
      for (const el of callee.object.elements) {
        if (el === null || el.type === 'SpreadElement') return undefined;
        const v = this.foldString(el, d);
        if (v === undefined) return undefined;
        parts.push(v);
      }
      const sep = node.arguments.length === 0 ? ',' : this.foldString(node.arguments[0], d);
      return sep === undefined ? undefined : bounded(parts.join(sep));
    }
    if (callee.object.type === 'Super') return undefined;
    const self = this.foldString(callee.object, d);
    if (self === undefined) return undefined;
    switch (method) {
      case 'toLowerCase':
        return self.toLowerCase();
      case 'toUpperCase':
        return self.toUpperCase();
      case 'trim':
        return self.trim();
      case 'toString':
        return self;
      case 'concat': {
        let out = self;
        for (const a of node.arguments) {
          const v = this.foldString(a, d);
          if (v === undefined) return undefined;
          out += v;
          if (out.length > MAX_FOLD_LENGTH) return undefined;
        }
        return out;
      }
      default:
        return undefined;
    }
  }

  /** The leading text an expression is known to start with (the whole value when it folds). */
  prefix(node: AnyNode | null | undefined, depth = 0): string | undefined {
    if (!node || depth > MAX_FOLD_DEPTH || !this.spend()) return undefined;
    const whole = this.foldString(node, depth);
    if (whole !== undefined) return whole;
    const d = depth + 1;
    switch (node.type) {
      case 'TemplateLiteral': {
        let out = '';
        for (let i = 0; i < node.quasis.length; i++) {
          const cooked = node.quasis[i]?.value.cooked;
          if (cooked == null) break;
          out += cooked;
          const v = this.foldString(node.expressions[i], d);
          if (v === undefined) break;
          out += v;
        }
        return out === '' ? undefined : out;
      }
      case 'BinaryExpression': {
        if (node.operator !== '+') return undefined;
        if (node.left.type === 'PrivateIdentifier') return undefined;
        const l = this.foldString(node.left, d);
        if (l === undefined) return this.prefix(node.left, d);
        return l + (this.prefix(node.right, d) ?? '');
      }
      case 'Identifier':
        return this.prefix(this.bindings.constInit(node.name), d);
      case 'NewExpression': {
        // new URL(x, 'https://host/'): the result is on that host unless x is absolute.
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'URL') return undefined;
        const base = this.foldString(node.arguments[1], d);
        if (base === undefined) return this.prefix(node.arguments[0], d);
        try {
          return `${new URL(base).origin}/`;
        } catch {
          return undefined;
        }
      }
      default:
        return undefined;
    }
  }

  /** Every literal piece of a string expression, for reading markup built from literals and holes. */
  literalParts(node: AnyNode | null | undefined, depth = 0): string[] {
    if (!node || depth > MAX_FOLD_DEPTH || !this.spend()) return [];
    const whole = this.foldString(node, depth);
    if (whole !== undefined) return [whole];
    const d = depth + 1;
    switch (node.type) {
      case 'TemplateLiteral':
        return node.quasis.flatMap((q, i) => [q.value.cooked ?? '', ...this.literalParts(node.expressions[i], d)]);
      case 'BinaryExpression':
        return node.operator === '+' && node.left.type !== 'PrivateIdentifier' ? [...this.literalParts(node.left, d), ...this.literalParts(node.right, d)] : [];
      case 'Identifier':
        return this.literalParts(this.bindings.constInit(node.name), d);
      case 'ConditionalExpression':
        return [...this.literalParts(node.consequent, d), ...this.literalParts(node.alternate, d)];
      default:
        return [];
    }
  }

  /** The name a member expression reads: `a.b` and `a['b']` give "b"; a computed name only if it folds. */
  propertyName(node: MemberExpression, depth = 0): string | undefined {
    if (!node.computed) return node.property.type === 'Identifier' ? node.property.name : undefined;
    if (node.property.type === 'PrivateIdentifier') return undefined;
    return this.foldString(node.property, depth + 1);
  }
}

// ---------------------------------------------------------------------------------------------------
// Address and markup predicates.

/** What the URL parser does before parsing: trim C0 controls and spaces, drop tabs and newlines. */
function urlParserClean(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
}

function isRemote(prefix: string): boolean {
  const clean = urlParserClean(prefix).toLowerCase();
  return /^(?:https?|wss?|ftp):/.test(clean) || /^[/\\]{2}/.test(clean);
}

function isScriptUrl(prefix: string): boolean {
  return /^(?:javascript|vbscript):/.test(urlParserClean(prefix).toLowerCase());
}

function isDataUrl(prefix: string): boolean {
  return urlParserClean(prefix).toLowerCase().startsWith('data:');
}

// Deliberately loose (any " on…=" once the text has a "<"): a tag-shaped pattern would backtrack quadratically.
const HANDLER_ATTRIBUTE = /[\s/"']on[a-z_-]+\s*=/i;
/** Literal pieces are joined with a space where a run-time value goes, so "onerror=" + code still reads as a handler. */
function dangerousMarkup(parts: readonly string[]): string | undefined {
  const text = parts.join(' ');
  if (/<script[\s/>]|<script$/im.test(text)) return 'a <script> element';
  if (text.includes('<') && HANDLER_ATTRIBUTE.test(text)) return 'an event-handler attribute (on…=)';
  if (/\bsrcdoc\s*=/i.test(text)) return 'a srcdoc attribute';
  if (/(?:href|src|action|formaction|data)\s*=\s*(?:["']\s*)?(?:javascript|vbscript):/i.test(text)) return 'a javascript: address';
  return undefined;
}

/** The attributes whose addresses the page agent's address rule checks in HTML (href on links, src on images). */
const HTML_ADDRESS_ATTRIBUTES = new Set(['src', 'href']);
interface HtmlAddress {
  name: string;
  /** The value's text up to the first run-time hole (all of it when there is none). */
  value: string;
  complete: boolean;
}

/**
 * The src and href values in markup made of literal pieces with run-time holes between them, read tag by
 * tag as the HTML tokenizer would (quoted and unquoted values, any case; comments, and the declarations and
 * processing instructions it reads as bogus comments, hold no tags). A hole inside a value ends what
 * is known of it; a hole inside a tag leaves the tag open, so attributes after it are still read.
 */
function htmlAddresses(parts: readonly string[]): HtmlAddress[] {
  const found: HtmlAddress[] = [];
  type State = 'text' | 'comment' | 'bogusComment' | 'tagName' | 'tag' | 'name' | 'afterName' | 'beforeValue' | 'value';
  let state: State = 'text';
  let name = '';
  let value = '';
  let quote = '';
  let holed = false;
  const finish = () => {
    if (HTML_ADDRESS_ATTRIBUTES.has(name.toLowerCase())) found.push({ name: name.toLowerCase(), value: decodeHtmlReferences(value), complete: !holed });
    name = '';
    value = '';
    holed = false;
  };
  for (const [i, part] of parts.entries()) {
    if (i > 0) {
      if (state === 'value') holed = true;
      else if (state === 'name') name = '';
    }
    for (let j = 0; j < part.length; j++) {
      const ch = part[j]!;
      const space = ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\f';
      switch (state) {
        case 'text':
          if (ch !== '<') break;
          if (/[a-z]/i.test(part[j + 1] ?? '')) state = 'tagName';
          else if (part.startsWith('!--', j + 1)) {
            // "<!-->" and "<!--->" close at once, as the tokenizer's abrupt closings do.
            const abrupt = part.startsWith('>', j + 4) ? 4 : part.startsWith('->', j + 4) ? 5 : 0;
            j += abrupt || 3;
            state = abrupt ? 'text' : 'comment';
          } else if (part[j + 1] === '!' || part[j + 1] === '?') state = 'bogusComment';
          break;
        case 'comment':
          // What a comment holds is never a tag: "<!-- <a title=\" -->" leaves no attribute open.
          if (ch === '-' && part.startsWith('->', j + 1)) {
            j += 2;
            state = 'text';
          }
          break;
        case 'bogusComment':
          // "<!DOCTYPE …>", "<![CDATA[ … ]]>" and "<? … >" end at the first ">".
          if (ch === '>') state = 'text';
          break;
        case 'tagName':
          if (ch === '>') state = 'text';
          else if (space || ch === '/') state = 'tag';
          break;
        case 'tag':
        case 'afterName':
          if (ch === '>') state = 'text';
          else if (ch === '=' && state === 'afterName') state = 'beforeValue';
          else if (!space && ch !== '/') {
            name = ch;
            state = 'name';
          }
          break;
        case 'name':
          if (ch === '>') state = 'text';
          else if (ch === '=') state = 'beforeValue';
          else if (space) state = 'afterName';
          else if (ch === '/') state = 'tag';
          else name += ch;
          break;
        case 'beforeValue':
          if (ch === '>') state = 'text';
          else if (ch === '"' || ch === "'") {
            quote = ch;
            state = 'value';
          } else if (!space) {
            quote = '';
            value = ch;
            state = 'value';
          }
          break;
        case 'value':
          if (quote ? ch === quote : space || ch === '>') {
            finish();
            state = ch === '>' ? 'text' : 'tag';
          } else if (!holed) {
            value += ch;
          }
          break;
      }
    }
  }
  if (state === 'value') finish();
  return found;
}

// ---------------------------------------------------------------------------------------------------

interface NormalCall {
  target: AnyNode;
  args: readonly Arg[];
  isNew: boolean;
}

/**
 * Where an expression is used: climbs past the optional-chain and parenthesis nodes around it, giving the
 * outermost of them (cur), the node that uses it (parent), and parent's index in ancestors.
 */
function usePlace(node: AnyNode, ancestors: readonly AnyNode[]): { cur: AnyNode; parent: AnyNode | undefined; i: number } {
  let cur: AnyNode = node;
  let i = ancestors.length - 2;
  let parent = ancestors[i];
  while (parent !== undefined && (parent.type === 'ChainExpression' || parent.type === 'ParenthesizedExpression')) {
    cur = parent;
    parent = ancestors[--i];
  }
  return { cur, parent, i };
}

function unwrap(node: AnyNode): AnyNode {
  let n = node;
  for (;;) {
    if (n.type === 'ChainExpression' || n.type === 'ParenthesizedExpression') n = n.expression;
    else if (n.type === 'SequenceExpression' && n.expressions.length > 0) n = n.expressions[n.expressions.length - 1] as AnyNode;
    else return n;
  }
}

/** Checks one script. Collects refusals; each rule names the literal it saw and what to do instead. */
class ScriptChecker {
  readonly refusals: PolicyRefusal[] = [];
  private readonly seen = new Set<string>();

  constructor(
    private readonly folder: Folder,
    private readonly bindings: Bindings,
    private readonly opts: ScriptCheckOptions,
  ) {}

  private refuse(node: Node, reason: string): void {
    const line = node.loc?.start.line ?? 1;
    const column = (node.loc?.start.column ?? 0) + 1;
    const key = `${line}:${column}:${reason}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.refusals.push(refusal('SCRIPT_REMOTE_CODE', `line ${line}, column ${column}: ${reason}`, { line, column }));
  }

  private isGlobalObject(node: AnyNode): boolean {
    const n = unwrap(node);
    if (n.type === 'Identifier') return GLOBAL_OBJECTS.has(n.name) && !this.bindings.isDeclared(n.name);
    if (n.type === 'MemberExpression' && n.object.type !== 'Super') {
      const name = this.folder.propertyName(n);
      return name !== undefined && GLOBAL_OBJECTS.has(name) && this.isGlobalObject(n.object);
    }
    return false;
  }

  /** The function a call reaches through .call, .apply, .bind, Reflect.apply and Reflect.construct. */
  private normalize(node: CallExpression | NewExpression): NormalCall {
    let target = unwrap(node.callee);
    let args: readonly Arg[] = node.arguments;
    let isNew = node.type === 'NewExpression';
    for (let guard = 0; guard < 4; guard++) {
      if (target.type === 'MemberExpression' && target.object.type !== 'Super') {
        const name = this.folder.propertyName(target);
        const objectNode = unwrap(target.object);
        if (objectNode.type === 'Identifier' && objectNode.name === 'Reflect' && (name === 'apply' || name === 'construct')) {
          const fn = args[0];
          const list = name === 'apply' ? args[2] : args[1];
          if (fn === undefined || fn.type === 'SpreadElement') break;
          target = unwrap(fn);
          args = list?.type === 'ArrayExpression' ? list.elements.filter((e): e is Arg => e !== null) : [];
          isNew = name === 'construct';
          continue;
        }
        if (name === 'call') {
          target = objectNode;
          args = args.slice(1);
          continue;
        }
        if (name === 'apply') {
          const list = args[1];
          target = objectNode;
          args = list?.type === 'ArrayExpression' ? list.elements.filter((e): e is Arg => e !== null) : [];
          continue;
        }
      }
      if (target.type === 'CallExpression') {
        const inner = unwrap(target.callee);
        if (inner.type === 'MemberExpression' && inner.object.type !== 'Super' && this.folder.propertyName(inner) === 'bind') {
          args = [...target.arguments.slice(1), ...args];
          target = unwrap(inner.object);
          continue;
        }
      }
      break;
    }
    return { target, args, isNew };
  }

  private calleeName(target: AnyNode): string | undefined {
    if (target.type === 'Identifier') return target.name;
    if (target.type === 'MemberExpression') return this.folder.propertyName(target);
    return undefined;
  }

  private argsAreLiteral(args: readonly Arg[]): boolean {
    return args.every((a) => a.type !== 'SpreadElement' && this.folder.fold(a) !== undefined);
  }

  private isStringish(arg: Arg | undefined, depth = 0): boolean {
    if (arg === undefined || arg.type === 'SpreadElement' || depth > MAX_FOLD_DEPTH) return false;
    if (typeof this.folder.fold(arg) === 'string') return true;
    if (arg.type === 'TemplateLiteral') return true;
    if (arg.type === 'BinaryExpression' && arg.operator === '+') {
      return this.folder.literalParts(arg).length > 0 || this.isStringish(arg.left as Arg, depth + 1) || this.isStringish(arg.right, depth + 1);
    }
    if (arg.type === 'CallExpression' && arg.callee.type === 'Identifier' && arg.callee.name === 'String') return true;
    return false;
  }

  /** A src literal is refused when remote, unless it is on a host the options allow. */
  private checkSrcValue(node: Node, value: AnyNode | undefined, what: string, srcset: boolean): void {
    if (value === undefined || value.type === 'SpreadElement') return;
    const prefix = this.folder.prefix(value);
    if (prefix === undefined) return;
    const full = this.folder.foldString(value) !== undefined;
    const candidates = srcset ? prefix.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '').filter((c) => c !== '') : [prefix];
    for (const [i, candidate] of candidates.entries()) {
      const complete = full || i < candidates.length - 1;
      if (isScriptUrl(candidate)) {
        this.refuse(node, `${what} is set to a javascript: address, which runs code. Attach behaviour with h.on(...) instead.`);
        return;
      }
      if (!isRemote(candidate) || this.remoteAllowed(candidate, complete)) continue;
      this.refuse(node, `${what} is set to the remote address ${quote(candidate)}. ${NOT_APPROVED}`);
      return;
    }
  }

  private remoteAllowed(candidate: string, complete: boolean): boolean {
    const allowed = this.opts.allowedHosts ?? [];
    const clean = urlParserClean(candidate);
    // Only a full http(s) address, or a prefix that already includes the whole host, can be checked. A host
    // that a run-time value completes ("https://" + location.host + "/x") is left to the address rule, which
    // judges it when it runs: refusing it here would refuse a remixlet's own site.
    const m = /^(https?):\/\/([^/?#\\]*)([/?#\\]|$)/i.exec(clean);
    if (!complete && (m === null ? /^(https?:)?\/\/[^/?#\\]*$/i.test(clean) : m[3] === '')) return true;
    if (m === null || (!this.opts.everySite && allowed.length === 0)) return false;
    let url: URL;
    try {
      url = new URL(complete ? clean : `${m[1]}://${m[2]}/`);
    } catch {
      return false;
    }
    if (url.username !== '' || url.password !== '') return false;
    return this.opts.everySite === true || urlOnHosts(url, allowed);
  }

  private checkMarkup(node: Node, value: AnyNode | undefined, sink: string): void {
    if (value === undefined || value.type === 'SpreadElement') return;
    const parts = this.folder.literalParts(value);
    const found = dangerousMarkup(parts);
    if (found !== undefined) {
      this.refuse(node, `HTML given to ${sink} contains ${found}, which would run code. Build elements with dom.create and attach behaviour with h.on(...).`);
      return;
    }
    // The address rule strips these when the HTML runs; refused here so that what is saved is what shows.
    for (const a of htmlAddresses(parts)) {
      if (a.value === '' || !isRemote(a.value) || this.remoteAllowed(a.value, a.complete)) continue;
      this.refuse(node, `HTML given to ${sink} has ${a.name}=${quote(a.value)}, a remote address. ${NOT_APPROVED}`);
      return;
    }
  }

  /** CSS the script hands to dom.addStyle or h.setStyle may load nothing (the page agent refuses any url( there). */
  private checkCss(node: Node, parts: readonly string[], sink: string): void {
    if (parts.length === 0) return;
    // A hole becomes a space: "url(" + x + ")" still reads as a url(. A dom.addStyle sheet may use the
    // custom properties it defines where they load (the page agent renames them); h.setStyle may not.
    const verdict = checkInlineCss(parts.join(' '), { ownVariables: sink === 'dom.addStyle' });
    if (verdict.ok) return;
    const reason = (verdict.refusals[0]?.reason ?? '').replace(/^line \d+, column \d+: /, '');
    this.refuse(node, `CSS given to ${sink} is refused: ${reason}`);
  }

  /** h.setStyle({ prop: value }): each literal property, as the declaration the page agent would check. */
  private checkStyleObject(node: Node, arg: Arg | undefined, depth = 0): void {
    if (arg === undefined || arg.type === 'SpreadElement' || depth > MAX_FOLD_DEPTH) return;
    const n = unwrap(arg);
    if (n.type === 'Identifier') {
      const init = this.bindings.constInit(n.name);
      if (init) this.checkStyleObject(node, init, depth + 1);
      return;
    }
    if (n.type !== 'ObjectExpression') return;
    for (const p of n.properties) {
      if (p.type !== 'Property') continue;
      const key = p.computed ? this.folder.foldString(p.key as AnyNode) : p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' ? String(p.key.value) : undefined;
      const parts = this.folder.literalParts(p.value as AnyNode);
      if (parts.length === 0) continue;
      this.checkCss(node, [`${key ?? '--x'}: ${parts[0]}`, ...parts.slice(1)], 'h.setStyle');
    }
  }

  private checkScriptAddress(node: Node, value: Arg | undefined, what: string): void {
    if (value === undefined || value.type === 'SpreadElement') return;
    const prefix = this.folder.prefix(value);
    if (prefix === undefined) return;
    if (isRemote(prefix) || isDataUrl(prefix) || isScriptUrl(prefix)) {
      this.refuse(node, `${what} loads code from ${quote(prefix)}. Remixlet code must be in script.js itself; the sandbox blocks code from addresses.`);
    }
  }

  onCall(node: CallExpression | NewExpression): void {
    const { target, args } = this.normalize(node);
    const name = this.calleeName(target);
    if (name === undefined) return;
    const member = target.type === 'MemberExpression' && target.object.type !== 'Super' ? target : undefined;
    const objectName = member ? this.calleeName(unwrap(member.object)) : undefined;

    // Reading a name off an object at run time (Reflect.get(globalThis, 'eval')) is the same as naming it.
    if ((name === 'get' && objectName === 'Reflect') || name === 'getOwnPropertyDescriptor') {
      const key = this.folder.foldString(args[1]);
      if (key !== undefined && (CODE_BUILDERS.has(key) || ELEMENT_MAKERS.has(key))) {
        this.refuse(node, `reading ${quote(key)} by name hides what is called from this check. Call ${key === 'eval' || key === 'Function' ? `${key} directly, with literal arguments` : `dom.create(tag, …) directly`}.`);
      }
    }
    for (const a of node.arguments) {
      // A plain 'eval' is also a label (probe('eval', …)); a spelling built up from pieces is only a way around this check.
      if (a.type === 'Literal' || a.type === 'SpreadElement' || (a.type === 'TemplateLiteral' && a.expressions.length === 0)) continue;
      const v = this.folder.fold(a);
      if (typeof v === 'string' && CODE_BUILDERS.has(v)) this.refuse(a, `a string spelling ${quote(v)} is a way to reach ${v} by another name. Call ${v} directly, with literal arguments.`);
    }
    if (name === 'createElement' || name === 'createElementNS' || name === 'create') {
      const tag = this.folder.foldString(args[name === 'createElementNS' ? 1 : 0]);
      if (tag !== undefined && tag.trim().toLowerCase() === 'script') {
        this.refuse(node, 'a remixlet may not create a script element. Write the code in script.js; create other elements with dom.create.');
      }
    }
    if ((name === 'setTimeout' || name === 'setInterval') && (member === undefined || this.isGlobalObject(member.object))) {
      if (this.isStringish(args[0])) {
        this.refuse(node, `${name} with a string compiles code from text, which the sandbox blocks. Pass a function: ${name}(() => { … }, ms).`);
      }
    }
    if (name === 'setAttribute' || name === 'setAttr' || name === 'setAttributeNS') {
      const ns = name === 'setAttributeNS';
      const attr = this.folder.foldString(args[ns ? 1 : 0])?.trim().toLowerCase();
      const value = args[ns ? 2 : 1];
      if (attr !== undefined) {
        const local = attr.includes(':') ? attr.slice(attr.indexOf(':') + 1) : attr;
        if (local.startsWith('on')) {
          this.refuse(node, `setting the ${quote(attr)} attribute adds an event handler made of text, which runs code. Use h.on(...) instead.`);
        } else if (local === 'srcdoc') {
          this.refuse(node, 'setting srcdoc would run a document made of text. Build elements with dom.create.');
        } else if (local === 'src' || local === 'srcset') {
          this.checkSrcValue(node, value as AnyNode | undefined, `the ${local} attribute`, local === 'srcset');
        } else if (['href', 'action', 'formaction'].includes(local)) {
          const prefix = value && value.type !== 'SpreadElement' ? this.folder.prefix(value) : undefined;
          if (prefix !== undefined && isScriptUrl(prefix)) {
            this.refuse(node, `the ${local} attribute is set to a javascript: address, which runs code. Attach behaviour with h.on(...) instead.`);
          }
        }
      }
    }
    if (name === 'Worker' || name === 'SharedWorker' || name === 'importScripts') {
      if (member === undefined || this.isGlobalObject(member.object)) this.checkScriptAddress(node, args[0], name);
    }
    if ((name === 'register' && objectName === 'serviceWorker') || name === 'addModule') {
      this.checkScriptAddress(node, args[0], name);
    }
    if ((name === 'write' || name === 'writeln') && member !== undefined) {
      for (const a of args) this.checkMarkup(node, a as AnyNode, `document.${name}`);
    }
    if (name === 'createContextualFragment' || name === 'setHTMLUnsafe' || name === 'setHTML') this.checkMarkup(node, args[0] as AnyNode | undefined, name);
    if (name === 'addStyle') {
      const css = args[0];
      if (css !== undefined && css.type !== 'SpreadElement') this.checkCss(node, this.folder.literalParts(css), 'dom.addStyle');
    }
    if (name === 'setStyle') this.checkStyleObject(node, args[0]);
    if (name === 'insertAdjacentHTML') this.checkMarkup(node, args[1] as AnyNode | undefined, name);
    const isLocation = objectName === 'location';
    if (((name === 'assign' || name === 'replace') && isLocation) || (name === 'open' && (member === undefined || this.isGlobalObject(member.object)))) {
      const a = args[0];
      const prefix = a && a.type !== 'SpreadElement' ? this.folder.prefix(a) : undefined;
      if (prefix !== undefined && isScriptUrl(prefix)) this.refuse(node, `${name}() with a javascript: address runs code. Attach behaviour with h.on(...) instead.`);
    }
  }

  onAssignment(node: AssignmentExpression): void {
    const left = node.left;
    const rightPrefix = this.folder.prefix(node.right);
    if (left.type === 'MemberExpression' && left.object.type !== 'Super') {
      const prop = this.folder.propertyName(left);
      if (prop === 'src' || prop === 'srcset') {
        this.checkSrcValue(node, node.right, `.${prop}`, prop === 'srcset');
        return;
      }
      if (prop === 'innerHTML' || prop === 'outerHTML' || prop === 'srcdoc') {
        this.checkMarkup(node, node.right, `.${prop}`);
      }
    }
    if (rightPrefix !== undefined && isScriptUrl(rightPrefix)) {
      this.refuse(node, 'assigning a javascript: address runs code (for example as a navigation). Attach behaviour with h.on(...) instead.');
    }
  }

  onProperty(node: Property | AssignmentProperty): void {
    const keyNode = node.key as AnyNode;
    const value = node.value as AnyNode;
    let key: string | undefined;
    if (!node.computed) key = keyNode.type === 'Identifier' ? keyNode.name : keyNode.type === 'Literal' ? String(keyNode.value) : undefined;
    else key = this.folder.foldString(keyNode);
    if (key === undefined || ['AssignmentPattern', 'ObjectPattern', 'ArrayPattern', 'RestElement'].includes(value.type)) return;
    const lower = key.toLowerCase();
    if (lower === 'src' || lower === 'srcset') this.checkSrcValue(node, value, `the ${lower} property`, lower === 'srcset');
    else if (lower === 'innerhtml' || lower === 'outerhtml' || lower === 'srcdoc') this.checkMarkup(node, value, key);
    else if (lower === 'href' || lower === 'action' || lower === 'formaction') {
      const prefix = this.folder.prefix(value);
      if (prefix !== undefined && isScriptUrl(prefix)) this.refuse(node, `${key} is set to a javascript: address, which runs code. Attach behaviour with h.on(...) instead.`);
    }
  }

  /** eval and Function may only be called directly, and only with literal arguments. */
  onCodeConstructorReference(node: AnyNode, ancestors: readonly AnyNode[], which: 'eval' | 'Function'): void {
    let cur: AnyNode = node;
    let i = ancestors.length - 2;
    let parent = ancestors[i];
    while (
      parent !== undefined &&
      (parent.type === 'ChainExpression' ||
        parent.type === 'ParenthesizedExpression' ||
        (parent.type === 'SequenceExpression' && parent.expressions[parent.expressions.length - 1] === cur))
    ) {
      cur = parent;
      parent = ancestors[--i];
    }
    if (parent === undefined) return;
    if ((parent.type === 'CallExpression' || parent.type === 'NewExpression') && parent.callee === cur) {
      if (this.argsAreLiteral(parent.arguments)) return;
    } else if (parent.type === 'UnaryExpression' && parent.operator === 'typeof') {
      return;
    } else if (which === 'Function' && parent.type === 'BinaryExpression' && parent.operator === 'instanceof' && parent.right === cur) {
      return;
    } else if (which === 'Function' && parent.type === 'MemberExpression' && parent.object === cur) {
      const prop = this.folder.propertyName(parent);
      const grand = ancestors[i - 1];
      const readsConstructor = grand?.type === 'MemberExpression' && grand.object === parent && this.folder.propertyName(grand) === 'constructor';
      if ((prop === 'prototype' && !readsConstructor) || prop === 'name' || prop === 'length') return;
    }
    if (which === 'eval') {
      this.refuse(node, 'eval of anything but a literal runs code built at run time, which the sandbox blocks. Write the code directly; to read JSON use JSON.parse.');
    } else {
      this.refuse(node, 'the Function constructor builds code from text, which the sandbox blocks. Write an ordinary function instead.');
    }
  }

  onMember(node: MemberExpression, ancestors: readonly AnyNode[]): void {
    if (node.object.type === 'Super') return;
    const prop = this.folder.propertyName(node);
    // On any object, not only the global by its own names: `const g = globalThis; g.eval(x)` is the same call.
    if (prop === 'eval' || prop === 'Function') {
      this.onCodeConstructorReference(node, ancestors, prop);
      return;
    }
    if (prop !== undefined && ELEMENT_MAKERS.has(prop)) {
      this.onMakerReference(node, ancestors, prop);
      return;
    }
    if (prop !== 'constructor') return;
    const obj = unwrap(node.object);
    if (obj.type === 'MemberExpression' && obj.object.type !== 'Super' && this.folder.propertyName(obj) === 'constructor') {
      this.refuse(node, '.constructor.constructor reaches the Function constructor, which builds code from text. Write an ordinary function instead.');
      return;
    }
    const { cur, parent } = usePlace(node, ancestors);
    if (parent === undefined) return;
    const calledPlainly = parent.type === 'CallExpression' && parent.callee === cur && !this.argsAreLiteral(parent.arguments);
    const calledIndirectly =
      parent.type === 'MemberExpression' && parent.object === cur && ['call', 'apply', 'bind'].includes(this.folder.propertyName(parent) ?? '');
    const passedToReflect =
      parent.type === 'CallExpression' &&
      parent.arguments[0] === cur &&
      parent.callee.type === 'MemberExpression' &&
      parent.callee.object.type === 'Identifier' &&
      parent.callee.object.name === 'Reflect';
    if (calledPlainly || calledIndirectly || passedToReflect) {
      this.refuse(node, "calling a function's .constructor builds code from text (it is the Function constructor), which the sandbox blocks. Write an ordinary function instead.");
    }
  }

  /**
   * dom.create and createElement may only be called where they are read (also through .call, .apply, or a
   * .bind called at once), so the check sees the tag; read into another name they could make a script
   * element unseen. Object.create is not an element maker.
   */
  onMakerReference(node: MemberExpression, ancestors: readonly AnyNode[], prop: string): void {
    // `create` is also an ordinary field name (step.create): only dom's, by that name or a const alias of it, is an element maker.
    if (prop === 'create' && !this.isDom(node.object)) return;
    const { cur, parent, i } = usePlace(node, ancestors);
    if (parent === undefined) return;
    if (parent.type === 'CallExpression' && parent.callee === cur) return;
    if (parent.type === 'MemberExpression' && parent.object === cur) {
      const how = this.folder.propertyName(parent);
      const grand = ancestors[i - 1];
      const calledNow = grand?.type === 'CallExpression' && grand.callee === parent;
      if ((how === 'call' || how === 'apply') && calledNow) return;
      const great = ancestors[i - 2];
      if (how === 'bind' && calledNow && great?.type === 'CallExpression' && great.callee === grand) return;
    }
    this.refuse(node, `${prop} may only be called directly (${prop === 'create' ? "dom.create('div', …)" : "document.createElement('div')"}), so that the tag it makes can be read; it was read into something else.`);
  }

  /** `dom` itself (not a name the script declares), or a const bound to it. */
  private isDom(node: AnyNode | null | undefined, depth = 0): boolean {
    if (!node || depth > MAX_FOLD_DEPTH) return false;
    const n = unwrap(node);
    if (n.type !== 'Identifier') return n.type === 'MemberExpression' && n.object.type !== 'Super' && this.folder.propertyName(n) === 'dom' && this.isGlobalObject(n.object);
    if (n.name === 'dom' && !this.bindings.isDeclared('dom')) return true;
    return this.isDom(this.bindings.constInit(n.name), depth + 1);
  }

  /**
   * Destructuring a code builder or an element maker (`const { eval: e } = globalThis`, `const { create } =
   * dom`) renames it out of sight. `create` only from dom: elsewhere it is an ordinary field name.
   */
  onObjectPattern(node: ObjectPattern, ancestors: readonly AnyNode[]): void {
    const parent = ancestors[ancestors.length - 2];
    const source = parent?.type === 'VariableDeclarator' && parent.id === node ? parent.init : parent?.type === 'AssignmentExpression' && parent.left === node ? parent.right : undefined;
    for (const p of node.properties) {
      if (p.type !== 'Property') continue;
      const key = p.computed ? this.folder.foldString(p.key as AnyNode) : p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' ? String(p.key.value) : undefined;
      if (key === undefined || !(CODE_BUILDERS.has(key) || ELEMENT_MAKERS.has(key))) continue;
      if (key === 'create' && !this.isDom(source)) continue;
      this.refuse(
        p,
        CODE_BUILDERS.has(key)
          ? `destructuring ${key} gives it another name. Call ${key} directly, with literal arguments.`
          : `destructuring ${key} hides the tag it makes from this check. Call ${key === 'create' ? 'dom.create(tag, …)' : `document.${key}(…)`} directly.`,
      );
    }
  }

  onImport(node: Node, kind: string): void {
    this.refuse(node, `${kind} is not available: a remixlet is one script with no modules. Remove it and put the code in script.js; use the dom and rmx APIs for the page and extension services.`);
  }

  onImportExpression(node: ImportExpression): void {
    const prefix = this.folder.prefix(node.source);
    if (prefix === undefined) return;
    const where = isRemote(prefix) ? 'a remote address' : isDataUrl(prefix) ? 'a data: address' : 'an address';
    this.refuse(node, `import() of ${where} (${quote(prefix)}) loads code that is not in script.js, which the sandbox blocks. Put the code in script.js itself.`);
  }
}

/** A node the rules look at, with the ancestors its rule reads (itself last, then up to its grandparent past wrappers). */
interface Candidate {
  node: AnyNode;
  ancestors: readonly AnyNode[];
}

const NO_ANCESTORS: readonly AnyNode[] = [];
const WRAPPERS = new Set(['ChainExpression', 'ParenthesizedExpression', 'SequenceExpression']);
/** Member names whose rule reads the member's ancestors; a computed name may fold to one of them. */
const ANCESTOR_MEMBERS = new Set(['eval', 'Function', 'constructor', ...ELEMENT_MAKERS]);

/** The end of the ancestor path that onCodeConstructorReference and onMember walk: wrappers, the parent, the grandparent. */
function parentTail(ancestors: readonly AnyNode[], more = 0): readonly AnyNode[] {
  let i = ancestors.length - 2;
  while (i >= 0 && WRAPPERS.has((ancestors[i] as AnyNode).type)) i--;
  return ancestors.slice(Math.max(0, i - 1 - more));
}

/**
 * One walk collects the bindings and the nodes the rules look at; the rules run after it, because
 * folding a name needs every declaration in the script (a const may be declared below its use).
 */
export function collect(ast: AnyNode): { bindings: Bindings; candidates: Candidate[] } {
  const bindings = new Bindings();
  const candidates: Candidate[] = [];
  fullAncestor(ast, (node, _state, ancestors, type) => {
    if (type !== node.type) {
      if (type === 'VariablePattern' && node.type === 'Identifier') bindings.declare(node.name);
      return;
    }
    switch (node.type) {
      case 'VariableDeclaration':
        if (node.kind === 'const') {
          for (const d of node.declarations) if (d.id.type === 'Identifier' && d.init) bindings.declareConst(d.id.name, d.init);
        }
        return;
      case 'ImportDeclaration':
        for (const s of node.specifiers) bindings.declare(s.local.name);
        candidates.push({ node, ancestors: NO_ANCESTORS });
        return;
      case 'ExportAllDeclaration':
      case 'ExportNamedDeclaration':
      case 'ImportExpression':
      case 'CallExpression':
      case 'NewExpression':
      case 'AssignmentExpression':
      case 'Property':
        candidates.push({ node, ancestors: NO_ANCESTORS });
        return;
      case 'ObjectPattern':
        candidates.push({ node, ancestors: ancestors.slice(-2) });
        return;
      case 'Identifier':
        if (node.name === 'eval' || node.name === 'Function') candidates.push({ node, ancestors: parentTail(ancestors) });
        return;
      case 'MemberExpression':
        if (node.object.type === 'Super') return;
        if (!node.computed && !(node.property.type === 'Identifier' && ANCESTOR_MEMBERS.has(node.property.name))) return;
        // An element maker's rule reads up to the call a .bind(…) makes: one ancestor more.
        candidates.push({ node, ancestors: parentTail(ancestors, 1) });
        return;
      default:
        return;
    }
  });
  return { bindings, candidates };
}

/**
 * How deep script.js may nest brackets, and its syntax tree grow: the parser and the walks below recurse,
 * so past a few thousand levels they exhaust the stack. Fixed limits, far beyond what a person writes,
 * give the CLI and the worker the same verdict, where the stack's size would not.
 */
const MAX_SCRIPT_NESTING = 256;
const MAX_SCRIPT_TREE_DEPTH = 500;

class TooDeep {
  constructor(
    readonly line: number,
    readonly column: number,
  ) {}
}

function tooDeep(line: number, column: number, what: string): PolicyResult {
  return failed([refusal('SCRIPT_SYNTAX', `line ${line}, column ${column}: ${what}; flatten the script.`, { line, column })]);
}

/** The first node deeper than `limit` in the tree, found without recursion (so it answers for any tree). */
function deeperThan(ast: AnyNode, limit: number): Node | undefined {
  const stack: { node: Node; depth: number }[] = [{ node: ast, depth: 0 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { node, depth } = next;
    if (depth > limit) return node;
    for (const key in node) {
      if (key === 'loc') continue;
      const value = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) stack.push({ node: item, depth: depth + 1 });
      } else if (isNode(value)) {
        stack.push({ node: value, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/**
 * Check script.js before it is saved: refuse static imports, import() of a literal address, a created
 * script element, eval or the Function constructor of anything but literals, string timers, and
 * literal remote addresses set as src or written in HTML (also javascript: addresses and script markup),
 * and CSS for dom.addStyle or h.setStyle that would load something. Syntax errors
 * are SCRIPT_SYNTAX with their line. The script is parsed as an ES module (strict mode, top-level await)
 * that may also return at top level.
 */
export function checkScript(source: string, opts: ScriptCheckOptions = {}): PolicyResult {
  let ast: AnyNode;
  let brackets = 0;
  try {
    // A module (strict mode, top-level await), plus top-level return: the runtime runs the script as the
    // body of an async function, where `if (!el) return;` is ordinary. Strict parsing also refuses text
    // such as "})(); (() => {" that would step out of that wrapper.
    ast = parse(source, {
      ecmaVersion: 'latest',
      sourceType: 'module',
      locations: true,
      allowReturnOutsideFunction: true,
      // Tokens arrive as the parser reads them, so a script nested too deeply stops here, before acorn's
      // recursion goes deeper than a fixed limit (its own stack guard would answer by the stack's size).
      onToken: (token) => {
        const label = token.type.label;
        if (label === '(' || label === '[' || label === '{' || label === '${') {
          if (++brackets > MAX_SCRIPT_NESTING) throw new TooDeep(token.loc?.start.line ?? 1, (token.loc?.start.column ?? 0) + 1);
        } else if (label === ')' || label === ']' || label === '}') {
          brackets--;
        }
      },
    }) as AnyNode;
  } catch (e) {
    if (e instanceof TooDeep) return tooDeep(e.line, e.column, `brackets, braces and template expressions nest more than ${MAX_SCRIPT_NESTING} deep here`);
    const err = e as { loc?: { line: number; column: number }; message?: string };
    const line = err.loc?.line ?? 1;
    const column = (err.loc?.column ?? 0) + 1;
    const message = (err.message ?? String(e)).replace(/\s*\(\d+:\d+\)$/, '');
    // acorn's own guard, for chains of unbracketed operators too long for its recursion (deeper than the tree limit).
    if (message.startsWith('Not enough stack space')) return tooDeep(line, column, 'expressions nest too deeply here (a long chain of operators or arrows)');
    return failed([
      refusal('SCRIPT_SYNTAX', `line ${line}, column ${column}: ${message}. Fix the syntax; script.js is read as a JavaScript module (strict mode).`, { line, column }),
    ]);
  }
  const deep = deeperThan(ast, MAX_SCRIPT_TREE_DEPTH);
  if (deep !== undefined) {
    return tooDeep(deep.loc?.start.line ?? 1, (deep.loc?.start.column ?? 0) + 1, `expressions and statements nest more than ${MAX_SCRIPT_TREE_DEPTH} deep here (a long chain of operators, calls or else-ifs)`);
  }
  try {
    return runRules(ast, opts);
  } catch (e) {
    // Last resort: deeperThan keeps deep trees from the walks, so a stack overflow here is a shape it does
    // not measure; such a script is refused, not half-checked.
    if (e instanceof RangeError) {
      return failed([refusal('SCRIPT_SYNTAX', 'line 1, column 1: the script is nested too deeply to check. Flatten it.', { line: 1, column: 1 })]);
    }
    throw e;
  }
}

function runRules(ast: AnyNode, opts: ScriptCheckOptions): PolicyResult {
  const { bindings, candidates } = collect(ast);
  const folder = new Folder(bindings);
  const checker = new ScriptChecker(folder, bindings, opts);
  for (const { node, ancestors } of candidates) {
    switch (node.type) {
      case 'ImportDeclaration':
        checker.onImport(node, 'static import');
        break;
      case 'ExportAllDeclaration':
        checker.onImport(node, 'export … from');
        break;
      case 'ExportNamedDeclaration':
        if (node.source) checker.onImport(node, 'export … from');
        break;
      case 'ImportExpression':
        checker.onImportExpression(node);
        break;
      case 'CallExpression':
      case 'NewExpression':
        checker.onCall(node);
        break;
      case 'AssignmentExpression':
        checker.onAssignment(node);
        break;
      case 'Property':
        checker.onProperty(node);
        break;
      case 'Identifier':
        if (node.name === 'eval') checker.onCodeConstructorReference(node, ancestors, 'eval');
        else if (!bindings.isDeclared('Function')) checker.onCodeConstructorReference(node, ancestors, 'Function');
        break;
      case 'MemberExpression':
        checker.onMember(node, ancestors);
        break;
      case 'ObjectPattern':
        checker.onObjectPattern(node, ancestors);
        break;
      default:
        break;
    }
  }
  checker.refusals.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  return checker.refusals.length > 0 ? failed(checker.refusals) : passed({});
}
