// Context: shared (pure): the worker, the panel and Node tests. Trusts nothing: script.js is assistant-written,
// and may be written to hide what it calls. What script.js can do, read from its syntax tree: the rmx
// services it reaches (through rmx, an alias of it, or a global object), and the handle and dom calls that
// matter to a person (typing, clicking, reading fields, setting addresses), found by name on any object,
// because handles travel anywhere. Where the tree cannot show it (a name computed at run time, rmx handed
// to code it cannot follow, reflection), it says so as an item instead of leaving it out. It is a reading
// aid for the person, not a boundary: every call is still checked when it runs.
import { parse, type AnyNode, type CallExpression, type Expression, type MemberExpression, type NewExpression, type Node, type ObjectPattern, type Pattern, type SpreadElement } from 'acorn';
import { fullAncestor } from 'acorn-walk';
import { Bindings, collect, Folder } from '../policy/script-check';
import type { CanDoItem, CanDoKind, CannotTell } from './items';
import { memberName, RMX_API } from '../api/surface';
import { DOM_OP_USES } from '../dom/ops';
import { canDoOfPermission } from '../capabilities/permissions';

/**
 * What an rmx member gives the script, by its name under rmx: a service's is its permission's kind
 * (RMX_API, contracts/capabilities/permissions.ts); of the runtime's own helpers, such as keep, only the
 * log matters.
 */
const RMX_MEMBER_KINDS: Record<string, CanDoKind | undefined> = {
  ...Object.fromEntries(RMX_API.flatMap((m) => (m.permission ? [[memberName(m.signature).split('.')[1]!, canDoOfPermission(m.permission)?.kind]] : []))),
  log: 'logs',
  warn: 'logs',
  error: 'logs',
};

/**
 * Handle and dom methods by name, with what a call does whatever its arguments (those are read below), from
 * each op's declared "can do" kind (contracts/dom/ops.ts); a method whose arguments decide is here as undefined.
 */
const METHODS: Record<string, CanDoKind | undefined> = Object.fromEntries(
  [...DOM_OP_USES.values()].flatMap((use) =>
    use.canDo === undefined ? [] : Object.keys(use.methods ?? {}).map((signature) => [memberName(signature).split('.')[1]!, use.canDo === 'by-arguments' ? undefined : (use.canDo as CanDoKind)]),
  ),
);

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

/**
 * Calls that only read what they are handed as data, so a value looked up by a computed name and handed to
 * one of them is not kept to be called: rmx's data services, console, Math, handle methods that take text.
 * A method of this name that the script defines itself (or any method under a computed name, or a Proxy)
 * makes the name no longer safe: the call might reach the script's own code.
 */
const DATA_FUNCTIONS = new Set(['String', 'Number', 'Boolean', 'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'encodeURIComponent', 'decodeURIComponent', 'encodeURI', 'decodeURI']);
const DATA_OBJECTS = new Set(['console', 'Math']);
const RMX_DATA_METHODS = new Set(['log', 'warn', 'error', 'fetch', 'notify', 'get', 'set', 'remove', 'clear', 'write', 'writeText']);
const DATA_METHODS = new Set([
  ...['setText', 'setValue', 'setAttr', 'setStyle', 'addClass', 'removeClass', 'removeAttr', 'attr', 'query', 'queryAll', 'waitFor', 'setHTML', 'addStyle'],
  ...['includes', 'indexOf', 'lastIndexOf', 'startsWith', 'endsWith', 'join', 'split', 'localeCompare', 'test', 'has', 'padStart', 'padEnd'],
]);
/** Ways for a script to give a method its own code under a name the tree may not show. */
const DEFINES_HIDDEN = new Set(['defineProperty', 'defineProperties', 'setPrototypeOf', '__defineGetter__', '__defineSetter__', 'Proxy']);
/** Methods of a looked-up value that hand its elements to a callback (the callback's parameters carry them on). */
const CALLBACK_METHODS = new Set(['forEach', 'map', 'filter', 'find', 'findLast', 'findIndex', 'findLastIndex', 'some', 'every', 'reduce', 'reduceRight', 'flatMap', 'sort', 'toSorted', 'then', 'catch', 'finally']);
/** Of those, the ones whose result holds the elements again. */
const CALLBACK_RESULTS = new Set(['map', 'filter', 'find', 'findLast', 'reduce', 'reduceRight', 'flatMap', 'sort', 'toSorted', 'then', 'catch', 'finally']);
/** Methods of a looked-up value whose result holds its elements (Object.values(h).at(0)). */
const ELEMENT_METHODS = new Set(['at', 'pop', 'shift', 'slice', 'splice', 'concat', 'flat', 'values', 'entries', 'reverse', 'toReversed', 'with', 'get', 'next']);
/** Arithmetic and string assignments, whose result is a number or a string, never the value itself. */
const DATA_ASSIGNMENTS = new Set(['+=', '-=', '*=', '/=', '%=', '**=', '<<=', '>>=', '>>>=', '|=', '&=', '^=']);
/** How many ancestors an identifier's reference keeps for following a looked-up value through it. */
const REF_DEPTH = 24;

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
  /** Every reference to each name, with its nearest ancestors: a looked-up value is followed through the names it is bound to. */
  private readonly refs = new Map<string, AnyNode[][]>();
  /** Method names the script defines itself (an object's key, a class's method, `o.name = …`). */
  private readonly defined = new Set<string>();
  /** The script defines a method under a name the tree cannot read, or through defineProperty or a Proxy. */
  private definesHidden = false;
  /** Names already followed: whether a value bound to them may be called. */
  private readonly nameMemo = new Map<string, boolean>();
  private readonly bindings: Bindings;

  constructor(private readonly ast: AnyNode) {
    this.bindings = collect(ast).bindings;
    this.folder = new Folder(this.bindings);
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
        case 'CallExpression':
          return this.onCall(node, ancestors);
        default:
          return;
      }
    });
    return this.found.list();
  }

  /** Aliases first (a const may be declared below its use), to a fixed point: an alias of an alias counts. */
  private findAliasesAndCalls(): void {
    const declarators: Array<{ name: string; init: Expression }> = [];
    fullAncestor(this.ast, (node, _s, ancestors, type) => {
      if (type !== node.type) return;
      if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.init) declarators.push({ name: node.id.name, init: node.init });
      if (node.type === 'Identifier') {
        const list = this.refs.get(node.name) ?? [];
        list.push(ancestors.slice(-REF_DEPTH));
        this.refs.set(node.name, list);
        if (DEFINES_HIDDEN.has(node.name)) this.definesHidden = true;
      }
      if (node.type === 'Property' || node.type === 'MethodDefinition' || node.type === 'PropertyDefinition') this.define(node.key, node.computed);
      if (node.type === 'MemberExpression') {
        const name = this.folder.propertyName(node);
        if (name !== undefined && DEFINES_HIDDEN.has(name)) this.definesHidden = true;
      }
      if (node.type === 'AssignmentExpression' && unwrap(node.left).type === 'MemberExpression') {
        const left = unwrap(node.left) as MemberExpression;
        this.define(left.property, left.computed);
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

  private define(key: AnyNode, computed: boolean): void {
    if (key.type === 'PrivateIdentifier') return;
    const name = !computed && key.type === 'Identifier' ? key.name : this.folder.foldString(key);
    if (name === undefined) this.definesHidden = true;
    else this.defined.add(name);
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
      if (this.followed((seen) => this.escapes(ancestors, seen))) this.found.add('cannot-tell', false, line, 'computed-call');
      return;
    }
    const object = unwrap(node.object);
    const builtin = object.type === 'Identifier' && NOT_HANDLES.has(object.name);
    // Array.prototype.slice is a library's own; Object.getPrototypeOf(h) reaches a handle's methods.
    if (REFLECTIVE_MEMBERS.has(name) && !(builtin && name === 'prototype')) return this.found.add('cannot-tell', false, line, 'reflection');
    const api = this.apiOf(node.object);
    if (api === 'rmx') {
      const kind = RMX_MEMBER_KINDS[name];
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

  /** Object.values(h), Object.entries(h): every member's value, none of them named. */
  private onCall(node: CallExpression, ancestors: readonly AnyNode[]): void {
    const callee = unwrap(node.callee);
    if (callee.type !== 'MemberExpression' || this.bindings.isDeclared('Object')) return;
    const object = unwrap(callee.object);
    const name = this.folder.propertyName(callee);
    if (object.type !== 'Identifier' || object.name !== 'Object' || (name !== 'values' && name !== 'entries')) return;
    if (this.followed((seen) => this.escapes(ancestors, seen))) this.found.add('cannot-tell', false, lineOf(node), 'computed-call');
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

  /**
   * Whether a value looked up by a name the tree cannot read (h[x], const { [x]: f } = h, Object.values(h))
   * may be called somewhere the reading cannot follow: called, stored in an object, array or member, spread,
   * returned, thrown, handed to the script's own code, or bound to a name used so. `chain` ends at the value,
   * its ancestors before it. It is followed through names, awaits, conditionals and array callbacks; it is
   * data where it is only tested, compared, printed, used as a key or handed to a call that reads data.
   */
  private escapes(chain: readonly AnyNode[], seen: Set<string>): boolean {
    let i = chain.length - 1;
    let child = chain[i] as AnyNode;
    for (;;) {
      const parent = chain[i - 1];
      // Past the ancestors kept for a reference: the reading cannot follow it further.
      if (!parent) return true;
      switch (parent.type) {
        case 'ChainExpression':
        case 'ParenthesizedExpression':
        case 'AwaitExpression':
        case 'LogicalExpression':
          break;
        case 'SequenceExpression':
          if (parent.expressions[parent.expressions.length - 1] !== child) return false;
          break;
        case 'ConditionalExpression':
          if (parent.test === child) return false;
          break;
        case 'UnaryExpression':
        case 'BinaryExpression':
        case 'UpdateExpression':
        case 'TemplateLiteral':
        case 'ExpressionStatement':
        case 'IfStatement':
        case 'WhileStatement':
        case 'DoWhileStatement':
        case 'ForStatement':
        case 'ForInStatement':
        case 'SwitchStatement':
        case 'SwitchCase':
          // Tested, compared, printed or its keys walked: its value is not called there.
          return false;
        case 'ForOfStatement': {
          if (parent.right !== child) return false;
          const left = parent.left.type === 'VariableDeclaration' ? parent.left.declarations[0]?.id : parent.left;
          return left === undefined || this.boundEscapes(left, seen);
        }
        case 'MemberExpression': {
          if (parent.object !== child) return false;
          const name = this.folder.propertyName(parent);
          // Another computed lookup is read by its own rule; h[x].call(h) calls it.
          if (name === undefined) return false;
          if (CALLERS.has(name)) return true;
          const grand = chain[i - 2];
          const call = grand?.type === 'CallExpression' && grand.callee === parent ? grand : undefined;
          if (CALLBACK_METHODS.has(name)) {
            if (!call) return true;
            // Object.values(h).forEach((f) => f.call(h)): the callback's parameters hold the elements.
            for (const arg of call.arguments) {
              const fn = unwrap(arg);
              if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') return true;
              if (fn.params.some((p) => this.boundEscapes(p, seen))) return true;
            }
            if (!CALLBACK_RESULTS.has(name)) return false;
            i -= 2;
            child = call;
            continue;
          }
          if (ELEMENT_METHODS.has(name)) {
            if (!call) return true;
            i -= 2;
            child = call;
            continue;
          }
          // An element by index (values[0]) is the value again; any other member (.length, .trim()) is data.
          if (/^\d+$/.test(name)) break;
          return false;
        }
        case 'CallExpression':
        case 'NewExpression':
          if (parent.callee === child) return true;
          return !this.readsData(parent);
        case 'TaggedTemplateExpression':
          return parent.tag === child;
        case 'SpreadElement':
          // Spread into a call's arguments is read like an argument; into an array or object it is stored.
          break;
        case 'Property':
          // A computed key is data; a value is stored in the object (or, in a pattern, a default: bound below).
          if (parent.value !== child) return false;
          return true;
        case 'AssignmentExpression':
          if (parent.left === child) return false;
          if (DATA_ASSIGNMENTS.has(parent.operator)) return false;
          return this.boundEscapes(parent.left, seen);
        case 'VariableDeclarator':
          if (parent.init !== child) return false;
          return this.boundEscapes(parent.id, seen);
        case 'AssignmentPattern':
          // A default (function go(f = h[x])): bound to the names on its left.
          if (parent.right !== child) return false;
          return this.boundEscapes(parent.left, seen);
        default:
          // Returned, yielded, thrown, an array or object literal, a class field, an export: kept where the reading does not follow.
          return true;
      }
      i--;
      child = parent;
    }
  }

  /** Whether a value bound to this target may be called: each name it binds is followed to its uses; a member target stores it. */
  private boundEscapes(target: AnyNode, seen: Set<string>): boolean {
    switch (target.type) {
      case 'Identifier':
        return this.nameEscapes(target.name, seen);
      case 'ObjectPattern':
        return target.properties.some((p) => this.boundEscapes(p.type === 'RestElement' ? p.argument : p.value, seen));
      case 'ArrayPattern':
        return target.elements.some((e) => e !== null && this.boundEscapes(e, seen));
      case 'RestElement':
        return this.boundEscapes(target.argument, seen);
      case 'AssignmentPattern':
        return this.boundEscapes(target.left, seen);
      default:
        // o.go = h[x], this.f = …: stored in a member, called from wherever that member is.
        return true;
    }
  }

  /** Every use of a name (by name, in any scope: a same-named variable elsewhere counts too). */
  private nameEscapes(name: string, seen: Set<string>): boolean {
    const known = this.nameMemo.get(name);
    if (known !== undefined) return known;
    if (seen.has(name)) return false;
    seen.add(name);
    const escapes = (this.refs.get(name) ?? []).some((chain) => this.escapes(chain, seen));
    if (escapes) this.nameMemo.set(name, true);
    return escapes;
  }

  /**
   * One question about a looked-up value, with the names it was followed through. A "no" followed every use
   * of every one of them to its end, so each is remembered as a name whose value is not called; a "yes" is
   * remembered only for the names it came through (nameEscapes). Without this a long script asks again for
   * each lookup, over every use of the same names.
   */
  private followed(question: (seen: Set<string>) => boolean): boolean {
    const seen = new Set<string>();
    const answer = question(seen);
    if (!answer) for (const name of seen) this.nameMemo.set(name, false);
    return answer;
  }

  /** A call that only reads its arguments as data (rmx.log, console.log, String, a handle's setText). */
  private readsData(call: CallExpression | NewExpression): boolean {
    if (call.type === 'NewExpression') return false;
    const callee = unwrap(call.callee);
    if (callee.type === 'Identifier') return DATA_FUNCTIONS.has(callee.name) && !this.bindings.isDeclared(callee.name);
    if (callee.type !== 'MemberExpression') return false;
    const name = this.folder.propertyName(callee);
    if (name === undefined || this.definesHidden || this.defined.has(name)) return false;
    const object = unwrap(callee.object);
    if (object.type === 'Identifier' && DATA_OBJECTS.has(object.name) && !this.bindings.isDeclared(object.name)) return true;
    if (this.rootedAtRmx(callee.object)) return RMX_DATA_METHODS.has(name);
    return DATA_METHODS.has(name);
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
        // const { [x]: f } = h: a value looked up by a computed name, off rmx, a global or any object.
        if (api || fromGlobal || this.followed((seen) => this.boundEscapes(p.value, seen))) this.found.add('cannot-tell', false, line, 'computed-call');
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
        const kind = RMX_MEMBER_KINDS[name];
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
