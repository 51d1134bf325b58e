// Context: shared (pure): the worker, the panel and Node tests. Trusts nothing: script.js is agent-written,
// and may be written to hide what it calls. What script.js can do, read from its syntax tree: the rmx
// services it reaches (through rmx, an alias of it, or a global object), and the handle and dom calls that
// matter to a person (typing, clicking, reading fields, setting addresses), found by name on any object,
// because handles travel anywhere. Where the tree cannot show it (a name computed at run time, rmx handed
// to code it cannot follow, reflection), it says so as an item instead of leaving it out. It is a reading
// aid for the person, not a boundary: every call is still checked when it runs.
import { parse, type AnyNode, type CallExpression, type Expression, type MemberExpression, type Node, type ObjectPattern, type Pattern, type SpreadElement } from 'acorn';
import { fullAncestor } from 'acorn-walk';
import { collect, Folder } from '../policy/script-check';
import type { CanDoItem, CanDoKind, CannotTell } from './items';

/** What an rmx member gives the script (its own helpers, such as log or keep, are left out unless they matter). */
const RMX_SERVICES: Record<string, CanDoKind | undefined> = {
  storage: 'storage',
  clipboard: 'clipboard',
  notify: 'notifications',
  menu: 'menu',
  schedule: 'schedule',
  unschedule: 'schedule',
  messages: 'schedule',
  fetch: 'fetch',
  network: 'observes-network',
  log: 'logs',
  warn: 'logs',
  error: 'logs',
};

/** Handle and dom methods by name, with what a call does whatever its arguments (those are read below). */
const METHODS: Record<string, CanDoKind | undefined> = {
  setValue: 'types',
  click: 'clicks',
  value: 'reads-forms',
  text: 'reads-page',
  html: 'reads-page',
  addStyle: 'styles',
  setStyle: 'styles',
  hide: 'changes-page',
  show: 'changes-page',
  remove: 'changes-page',
  setText: 'changes-page',
  setHTML: 'changes-page',
  addClass: 'changes-page',
  removeClass: 'changes-page',
  removeAttr: 'changes-page',
  append: 'changes-page',
  prepend: 'changes-page',
  before: 'changes-page',
  after: 'changes-page',
  replaceWith: 'changes-page',
  create: 'changes-page',
  setAttr: 'changes-page',
  attr: 'reads-page',
  on: undefined,
};

/** Attributes whose value is an address the browser may load or follow. */
const ADDRESS_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'poster', 'data', 'xlink:href', 'ping', 'background', 'imagesrcset', 'attributionsrc']);
const ADDRESS_IN_HTML = /[\s"'/](?:href|src|srcset|action|formaction|poster|xlink:href|ping|background)\s*=/i;
/** Events whose copy carries what was typed (its key or the field's value). */
const TYPING_EVENTS = new Set(['input', 'change', 'keydown', 'keyup', 'keypress', 'beforeinput', 'paste', 'compositionend', 'textInput']);
const GLOBAL_OBJECTS = new Set(['globalThis', 'self', 'window', 'top', 'parent', 'frames']);
const API_ROOTS = new Set(['rmx', 'dom']);
/** Ways to reach a function without naming it. */
const REFLECTIVE_MEMBERS = new Set(['getPrototypeOf', 'getOwnPropertyNames', 'getOwnPropertyDescriptor', 'getOwnPropertyDescriptors', '__proto__', '__lookupGetter__', 'prototype', 'constructor']);
const CALLERS = new Set(['call', 'apply', 'bind']);
/** Receivers whose same-named members are not the page's (Object.create, console.log). */
const NOT_HANDLES = new Set(['Object', 'console', 'Math', 'JSON', 'Array', 'Promise', 'Reflect', 'Date', 'Number', 'String']);
const MAX_LINES = 5;

class Found {
  private readonly items = new Map<string, CanDoItem>();

  add(kind: CanDoKind, sure: boolean, line: number | undefined, why?: CannotTell): void {
    const key = `${kind}:${why ?? ''}`;
    const item = this.items.get(key) ?? { kind, sure: false, lines: [], ...(why ? { why } : {}) };
    // A plain call outweighs a hidden one: the item is sure once one sure use is seen.
    item.sure ||= sure;
    if (line !== undefined && !item.lines.includes(line) && item.lines.length < MAX_LINES) item.lines.push(line);
    this.items.set(key, item);
  }

  list(): CanDoItem[] {
    return [...this.items.values()].map((i) => ({ ...i, lines: [...i.lines].sort((a, b) => a - b) }));
  }
}

const lineOf = (n: Node): number | undefined => n.loc?.start.line;
const WRAPPERS = new Set(['ChainExpression', 'ParenthesizedExpression']);

/** The node's parent, past parentheses and optional chains, and the child position it sits in. */
function parentOf(ancestors: readonly AnyNode[], depth = 1): { parent: AnyNode | undefined; child: AnyNode } {
  let i = ancestors.length - 1 - (depth - 1);
  let child = ancestors[i] as AnyNode;
  let parent = ancestors[i - 1];
  while (parent && WRAPPERS.has(parent.type)) {
    i--;
    child = parent;
    parent = ancestors[i - 1];
  }
  return { parent, child };
}

export function scriptCanDo(source: string): CanDoItem[] {
  let ast: AnyNode;
  try {
    ast = parse(source, { ecmaVersion: 'latest', sourceType: 'module', locations: true, allowReturnOutsideFunction: true }) as AnyNode;
  } catch {
    return [{ kind: 'cannot-tell', sure: false, why: 'unreadable', lines: [] }];
  }
  try {
    return new ScriptReader(ast).read();
  } catch (e) {
    // A tree deep enough to exhaust the walk's stack is said to be unreadable, never half-read.
    if (e instanceof RangeError) return [{ kind: 'cannot-tell', sure: false, why: 'unreadable', lines: [] }];
    throw e;
  }
}

class ScriptReader {
  private readonly found = new Found();
  private readonly folder: Folder;
  /** Names bound to rmx or dom (`const r = rmx`, `const d = globalThis.dom`), with what they stand for. */
  private readonly aliases = new Map<string, 'rmx' | 'dom'>();
  /** Names the script calls as functions, directly or through call/apply/bind. */
  private readonly called = new Set<string>();

  constructor(private readonly ast: AnyNode) {
    this.folder = new Folder(collect(ast).bindings);
  }

  read(): CanDoItem[] {
    this.findAliasesAndCalls();
    fullAncestor(this.ast, (node, _state, ancestors, type) => {
      if (type !== node.type) return;
      switch (node.type) {
        case 'MemberExpression':
          return this.onMember(node, ancestors);
        case 'Identifier':
          return this.onIdentifier(node.name, node, ancestors);
        case 'ObjectPattern':
          return this.onPattern(node, ancestors);
        default:
          return;
      }
    });
    return this.found.list();
  }

  /** Aliases first (a const may be declared below its use), to a fixed point: an alias of an alias counts. */
  private findAliasesAndCalls(): void {
    const declarators: Array<{ name: string; init: Expression }> = [];
    fullAncestor(this.ast, (node, _s, _a, type) => {
      if (type !== node.type) return;
      if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.init) declarators.push({ name: node.id.name, init: node.init });
      if (node.type === 'CallExpression') {
        const callee = unwrap(node.callee);
        if (callee.type === 'Identifier') this.called.add(callee.name);
        if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && CALLERS.has(callee.property.name)) {
          const target = unwrap(callee.object);
          if (target.type === 'Identifier') this.called.add(target.name);
        }
      }
    });
    for (let changed = true; changed; ) {
      changed = false;
      for (const { name, init } of declarators) {
        const api = this.apiOf(init);
        if (api && this.aliases.get(name) !== api) {
          this.aliases.set(name, api);
          changed = true;
        }
      }
    }
  }

  /** Whether a member chain starts at rmx (rmx.storage, r.network where r is rmx). */
  private rootedAtRmx(node: AnyNode): boolean {
    const n = unwrap(node);
    if (this.apiOf(n) === 'rmx') return true;
    return n.type === 'MemberExpression' && this.rootedAtRmx(n.object);
  }

  /** Which API an expression is, read plainly: `rmx`, an alias, or `globalThis.rmx` (any global object's). */
  private apiOf(node: AnyNode): 'rmx' | 'dom' | undefined {
    const n = unwrap(node);
    if (n.type === 'Identifier') return API_ROOTS.has(n.name) ? (n.name as 'rmx' | 'dom') : this.aliases.get(n.name);
    if (n.type === 'MemberExpression' && this.isGlobalObject(n.object)) {
      const name = this.folder.propertyName(n);
      return name === 'rmx' || name === 'dom' ? name : undefined;
    }
    return undefined;
  }

  private isGlobalObject(node: AnyNode): boolean {
    const n = unwrap(node);
    if (n.type === 'Identifier') return GLOBAL_OBJECTS.has(n.name);
    // globalThis.self, window.globalThis and so on are the same object.
    if (n.type === 'MemberExpression' && this.isGlobalObject(n.object)) {
      const name = this.folder.propertyName(n);
      return name !== undefined && GLOBAL_OBJECTS.has(name);
    }
    return false;
  }

  /** A reference to rmx, dom or a global object anywhere but where the reading can follow it. */
  private onIdentifier(name: string, node: AnyNode, ancestors: readonly AnyNode[]): void {
    if (name === 'Reflect') return this.found.add('cannot-tell', false, lineOf(node), 'reflection');
    const root = API_ROOTS.has(name) || this.aliases.has(name) || GLOBAL_OBJECTS.has(name);
    if (!root) return;
    const { parent, child } = parentOf(ancestors);
    if (!parent) return;
    // Read through: rmx.x, rmx['x'] (the member's own rule reads its name).
    if (parent.type === 'MemberExpression' && parent.object === child) return;
    // An alias: const r = rmx (its uses are read like rmx's); or a destructuring (read by onPattern). A
    // global object is followed only when destructured: const g = self would carry rmx off unseen.
    if (parent.type === 'VariableDeclarator' && parent.init === child && (!GLOBAL_OBJECTS.has(name) || parent.id.type === 'ObjectPattern')) return;
    // typeof rmx, rmx === x: a test, not a use.
    if (parent.type === 'UnaryExpression' && parent.operator === 'typeof') return;
    if (parent.type === 'BinaryExpression') return;
    // The declaration of a name that shadows it, and member or key names, are not references.
    if (parent.type === 'VariableDeclarator' && parent.id === child) return;
    if ((parent.type === 'Property' || parent.type === 'MethodDefinition' || parent.type === 'PropertyDefinition') && parent.key === child && !(parent as { computed?: boolean }).computed) {
      if (!(parent.type === 'Property' && parent.shorthand && parent.value === child)) return;
    }
    if (parent.type === 'MemberExpression' && parent.property === child && !parent.computed) return;
    if (parent.type === 'FunctionDeclaration' || parent.type === 'FunctionExpression' || parent.type === 'ArrowFunctionExpression' || parent.type === 'CatchClause') return;
    if (parent.type === 'LabeledStatement' || parent.type === 'BreakStatement' || parent.type === 'ContinueStatement') return;
    // Handed on (go(rmx), { r: rmx }, Object.values(self)): a global object carries rmx and dom with it.
    this.found.add('cannot-tell', false, lineOf(node), 'api-handed-on');
  }

  private onMember(node: MemberExpression, ancestors: readonly AnyNode[]): void {
    if (node.object.type === 'Super') return;
    const name = this.folder.propertyName(node);
    const line = lineOf(node);
    if (name === undefined) {
      // rmx[x], globalThis[x]: which service or API, the tree cannot say.
      if (this.apiOf(node.object) || this.isGlobalObject(node.object)) return this.found.add('cannot-tell', false, line, 'computed-call');
      if (this.isCalledOrKept(node, ancestors)) this.found.add('cannot-tell', false, line, 'computed-call');
      return;
    }
    const object = unwrap(node.object);
    const builtin = object.type === 'Identifier' && NOT_HANDLES.has(object.name);
    // Array.prototype.slice is a library's own; Object.getPrototypeOf(h) reaches a handle's methods.
    if (REFLECTIVE_MEMBERS.has(name) && !(builtin && name === 'prototype')) return this.found.add('cannot-tell', false, line, 'reflection');
    const api = this.apiOf(node.object);
    if (api === 'rmx') {
      const kind = RMX_SERVICES[name];
      if (kind) this.found.add(kind, true, line);
      return;
    }
    if (api === undefined && this.isGlobalObject(node.object)) {
      // globalThis.rmx is read by apiOf where it is used; here, any other global is not the page's.
      return;
    }
    // rmx.storage.remove is storage, already counted; Object.create is not dom.create.
    if (builtin || this.rootedAtRmx(node.object) || !Object.hasOwn(METHODS, name)) return;
    const use = this.useOf(node, ancestors);
    if (use === 'data') return;
    const call = use === 'call' ? callOf(node, ancestors) : undefined;
    this.onMethod(name, call, use === 'call', line);
  }

  /** How a method is used: called (directly or through call/apply/bind), read as data (x.text.length), or kept as a value to call later. */
  private useOf(node: MemberExpression, ancestors: readonly AnyNode[]): 'call' | 'data' | 'kept' {
    const { parent, child } = parentOf(ancestors);
    if (parent?.type === 'CallExpression' && parent.callee === child) return 'call';
    if (parent?.type === 'MemberExpression' && parent.object === child) {
      const via = this.folder.propertyName(parent);
      return via !== undefined && CALLERS.has(via) ? 'call' : 'data';
    }
    // Compared or tested (if (h.value), typeof h.click): not a call.
    if (parent?.type === 'UnaryExpression' || parent?.type === 'BinaryExpression' || parent?.type === 'TemplateLiteral') return 'data';
    return 'kept';
  }

  /** A computed member (h[x]) that is called, or kept in a name the script calls. */
  private isCalledOrKept(node: MemberExpression, ancestors: readonly AnyNode[]): boolean {
    const use = this.useOf(node, ancestors);
    if (use === 'call') return true;
    if (use === 'data') return false;
    const { parent, child } = parentOf(ancestors);
    if (parent?.type === 'VariableDeclarator' && parent.init === child && parent.id.type === 'Identifier') return this.called.has(parent.id.name);
    if (parent?.type === 'AssignmentExpression' && parent.right === child && parent.left.type === 'Identifier') return this.called.has(parent.left.name);
    // Handed to one of the script's own functions (run(h[x])): it may be called there. Handed to a method
    // (rmx.log(row[k])) it is taken for data, or every lookup by key would read as a hidden call.
    return parent?.type === 'CallExpression' && unwrap(parent.callee).type === 'Identifier';
  }

  /** A handle or dom method: plainly called with readable arguments, or kept/called in a way whose arguments cannot be read. */
  private onMethod(name: string, call: CallExpression | undefined, called: boolean, line: number | undefined): void {
    const args = call?.arguments ?? [];
    const base = METHODS[name];
    if (base) this.found.add(base, called, line);
    switch (name) {
      case 'attr': {
        const attr = call ? this.folder.foldString(args[0]) : undefined;
        if (attr === undefined || attr.toLowerCase() === 'value') this.found.add('reads-forms', attr !== undefined, line);
        return;
      }
      case 'on': {
        const type = call ? this.folder.foldString(args[0]) : undefined;
        if (type === undefined || TYPING_EVENTS.has(type)) this.found.add('reads-forms', type !== undefined, line);
        return;
      }
      case 'setAttr': {
        const attr = call ? this.folder.foldString(args[0]) : undefined;
        if (attr === undefined || ADDRESS_ATTRIBUTES.has(attr.toLowerCase())) this.found.add('sets-addresses', attr !== undefined, line);
        return;
      }
      case 'setHTML': {
        const html = call ? this.folder.literalParts(args[0]) : [];
        const whole = call ? this.folder.foldString(args[0]) : undefined;
        if (html.some((part) => ADDRESS_IN_HTML.test(` ${part}`))) this.found.add('sets-addresses', true, line);
        else if (whole === undefined) this.found.add('sets-addresses', false, line);
        return;
      }
      case 'create': {
        const addresses = call ? this.createSetsAddresses(args[1]) : 'maybe';
        if (addresses !== 'no') this.found.add('sets-addresses', addresses === 'yes', line);
        return;
      }
      default:
        return;
    }
  }

  /** Whether dom.create's options set an address attribute: plainly, not at all, or in a way the tree cannot read. */
  private createSetsAddresses(options: Expression | SpreadElement | undefined): 'yes' | 'no' | 'maybe' {
    if (options === undefined) return 'no';
    const opts = unwrap(options);
    if (opts.type !== 'ObjectExpression') return 'maybe';
    let answer: 'yes' | 'no' | 'maybe' = 'no';
    for (const p of opts.properties) {
      if (p.type === 'SpreadElement') return 'maybe';
      const key = p.computed ? this.folder.foldString(p.key) : p.key.type === 'Identifier' ? p.key.name : this.folder.foldString(p.key);
      if (key === undefined) return 'maybe';
      if (key !== 'attrs') continue;
      const attrs = unwrap(p.value);
      if (attrs.type !== 'ObjectExpression') return 'maybe';
      for (const a of attrs.properties) {
        if (a.type === 'SpreadElement') return 'maybe';
        const name = a.computed ? this.folder.foldString(a.key) : a.key.type === 'Identifier' ? a.key.name : this.folder.foldString(a.key);
        if (name === undefined) answer = answer === 'yes' ? 'yes' : 'maybe';
        else if (ADDRESS_ATTRIBUTES.has(name.toLowerCase())) answer = 'yes';
      }
    }
    return answer;
  }

  /** const { fetch } = rmx; const { click } = h; ({ [k]: f } = rmx). */
  private onPattern(node: ObjectPattern, ancestors: readonly AnyNode[]): void {
    const { parent, child } = parentOf(ancestors);
    const source = parent?.type === 'VariableDeclarator' && parent.id === child ? parent.init : parent?.type === 'AssignmentExpression' && parent.left === child ? parent.right : undefined;
    const api = source ? this.apiOf(source) : undefined;
    this.readPattern(node, api, !!source && this.isGlobalObject(source));
  }

  private readPattern(node: ObjectPattern, api: 'rmx' | 'dom' | undefined, fromGlobal: boolean): void {
    for (const p of node.properties) {
      const line = lineOf(p);
      if (p.type === 'RestElement') {
        // const { ...all } = rmx: everything, under a name the tree no longer follows.
        if (api || fromGlobal) this.found.add('cannot-tell', false, line, 'api-handed-on');
        continue;
      }
      const name = p.computed ? this.folder.foldString(p.key) : p.key.type === 'Identifier' ? p.key.name : this.folder.foldString(p.key);
      if (name === undefined) {
        if (api || fromGlobal) this.found.add('cannot-tell', false, line, 'computed-call');
        continue;
      }
      if (REFLECTIVE_MEMBERS.has(name)) {
        this.found.add('cannot-tell', false, line, 'reflection');
        continue;
      }
      if (fromGlobal && (name === 'rmx' || name === 'dom')) {
        const inner = valuePattern(p.value);
        if (inner?.type === 'ObjectPattern') this.readPattern(inner, name, false);
        else if (inner?.type === 'Identifier') this.aliases.set(inner.name, name);
        continue;
      }
      if (api === 'rmx') {
        const kind = RMX_SERVICES[name];
        if (kind) this.found.add(kind, true, line);
        continue;
      }
      // A method taken off a handle or dom: where its call goes, and with what, the tree does not show.
      if (Object.hasOwn(METHODS, name)) this.onMethod(name, undefined, false, line);
    }
  }
}

function valuePattern(p: Pattern): Pattern | undefined {
  return p.type === 'AssignmentPattern' ? p.left : p;
}

function unwrap<T extends AnyNode>(node: T): AnyNode {
  let n: AnyNode = node;
  while (n.type === 'ChainExpression' || n.type === 'ParenthesizedExpression') n = n.expression;
  return n;
}

/** The call a plainly called member belongs to (h.click() or h.click.call(h)); undefined through call/apply/bind, whose arguments shift. */
function callOf(node: MemberExpression, ancestors: readonly AnyNode[]): CallExpression | undefined {
  const { parent, child } = parentOf(ancestors);
  if (parent?.type === 'CallExpression' && parent.callee === child) return parent;
  return undefined;
}
