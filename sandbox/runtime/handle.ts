// Context: remixlet runtime (dedicated worker). A handle is an opaque reference to one page element; it
// never exposes the element, only operations that the page agent checks. A call that answers one element
// answers a pending handle: awaited, the handle (or null); called on before that, the call travels in the
// same round trip, naming the element by the first call's place in the batch ({ ref }), so
// `dom.waitFor('#t').addClass('x')` is one round trip and lands as soon as the page has #t.
import { CHAINED_ON_NOTHING, type DomOp, type Handle, type HandleRef } from '../../contracts/dom/ops';
import { RemixletError, type Bridge } from './bridge';
import type { EventRouter, PageEventCopy } from './events';
import { handleIdOf as idOf } from './handle-id';

export interface SetHtmlResult {
  /** What the page policy left out of the markup, each with its reason. */
  removed: string[];
}

type OpWithoutHandle<T extends DomOp['op']> = Omit<Extract<DomOp, { op: T }>, 'op' | 'h'>;

/** The element a handle names: its id, or the answer of a call that will name it (a pending handle's). */
type Target = string | Promise<unknown>;


/**
 * Sends a call on `target`'s element: at once by id, in the same batch by { ref }, or after the answer that
 * names it. `answersNothing`: a change whose caller gets undefined (Bridge.dom).
 */
function sendOn(bridge: Bridge, target: Target, make: (h: HandleRef) => DomOp, answersNothing = false): Promise<unknown> {
  if (typeof target === 'string') return bridge.dom(make(target), undefined, answersNothing);
  const nothingToChainOn = () => new RemixletError({ code: 'HANDLE_UNKNOWN', reason: CHAINED_ON_NOTHING, op: `dom.${make('h0').op}` });
  const queued = bridge.queued(target);
  // The first call's own refusal is this one's to report (CHAINED_ON_NOTHING), not an unhandled rejection too.
  target.catch(() => undefined);
  if (queued) return bridge.dom(make(queued.ref), queued.op, answersNothing);
  return target.then(
    (v) => {
      const h = idOf(v);
      if (h) return bridge.dom(make(h), undefined, answersNothing);
      throw nothingToChainOn();
    },
    () => {
      throw nothingToChainOn();
    },
  );
}

/**
 * dom.create's children as the create call names them. Now, when each is a handle (by id) or a pending
 * handle whose call still waits to be sent ({ ref }, so `dom.create('ul', { children: [dom.create('li')] })`
 * is one round trip); else, once every pending child has answered, all by id (a ref would then name a
 * call of an earlier batch). A child that answers no element refuses the create (HANDLE_UNKNOWN); anything
 * that is not a handle names nothing, and the offscreen host's parse refuses the create as malformed.
 */
export function childRefs(bridge: Bridge, children: readonly unknown[]): unknown[] | Promise<unknown[]> {
  const now = children.map((c) => {
    if (!(c instanceof PendingElement)) return (c as { id?: unknown } | null)?.id || undefined;
    return bridge.queued(answers.get(c)!)?.ref;
  });
  if (children.every((c, i) => !(c instanceof PendingElement) || now[i] !== undefined)) return now;
  const nothing = () => new RemixletError({ code: 'HANDLE_UNKNOWN', reason: CHAINED_ON_NOTHING, op: 'dom.create' });
  return Promise.all(
    children.map((c, i) => {
      if (!(c instanceof PendingElement)) return now[i];
      const answer = answers.get(c)!;
      answer.catch(() => undefined);
      return answer.then(
        (v) => idOf(v) ?? Promise.reject(nothing()),
        () => Promise.reject(nothing()),
      );
    }),
  );
}

export class ElementHandle {
  readonly #bridge: Bridge;
  readonly #events: EventRouter;
  readonly #h: Target;
  readonly tag: string;

  /** `handle`: one the page agent answered, or (for a pending handle's calls) the answer that will name it. */
  constructor(handle: Handle | Promise<unknown>, bridge: Bridge, events: EventRouter) {
    this.#bridge = bridge;
    this.#events = events;
    this.#h = handle instanceof Promise ? handle : handle.h;
    this.tag = handle instanceof Promise ? '' : handle.tag;
    Object.freeze(this);
  }

  /** The id the page agent knows this element by (meaningless anywhere else). */
  get id(): string {
    return typeof this.#h === 'string' ? this.#h : '';
  }

  #op<T extends DomOp['op']>(op: T, rest: OpWithoutHandle<T>): Promise<unknown> {
    return sendOn(this.#bridge, this.#h, (h) => ({ op, h, ...rest }) as DomOp);
  }
  /** A change: answers undefined once made. An element-only one on a known element costs no closure. */
  #change<T extends DomOp['op']>(op: T, rest?: OpWithoutHandle<T>): Promise<undefined> {
    const h = this.#h;
    if (typeof h === 'string' && rest === undefined) return this.#bridge.dom({ op, h } as DomOp, undefined, true) as Promise<undefined>;
    return sendOn(this.#bridge, h, (ref) => ({ op, h: ref, ...rest }) as DomOp, true) as Promise<undefined>;
  }
  #wrap = (v: unknown): ElementHandle | null => (v ? new ElementHandle(v as Handle, this.#bridge, this.#events) : null);
  #pending = (answer: Promise<unknown>): PendingHandle => pendingHandle(answer, this.#bridge, this.#events);

  query(sel: string) {
    return this.#pending(sendOn(this.#bridge, this.#h, (scope) => ({ op: 'query', sel, scope })));
  }
  queryAll(sel: string, opts: { limit?: number } = {}) {
    return sendOn(this.#bridge, this.#h, (scope) => ({ op: 'queryAll', sel, scope, ...opts })).then((list) => (list as Handle[]).map((h) => this.#wrap(h)!));
  }
  waitFor(sel: string, opts: { timeout?: number } = {}) {
    return this.#pending(sendOn(this.#bridge, this.#h, (scope) => ({ op: 'waitFor', sel, scope, ...opts })));
  }
  text() {
    return this.#op('text', {}) as Promise<string>;
  }
  attr(name: string) {
    return this.#op('attr', { name }) as Promise<string | null>;
  }
  value() {
    return this.#op('value', {}) as Promise<string>;
  }
  html() {
    return this.#op('html', {}) as Promise<string>;
  }
  rect() {
    return this.#op('rect', {}) as Promise<{ x: number; y: number; width: number; height: number }>;
  }
  computedStyle(props: string[]) {
    return this.#op('computedStyle', { props }) as Promise<Record<string, string>>;
  }
  matches(sel: string) {
    return this.#op('matches', { sel }) as Promise<boolean>;
  }
  closest(sel: string) {
    return this.#pending(this.#op('closest', { sel }));
  }
  parent() {
    return this.#pending(this.#op('parent', {}));
  }
  children() {
    return this.#op('children', {}).then((list) => (list as Handle[]).map((h) => this.#wrap(h)!));
  }
  setText(text: string) {
    return this.#change('setText', { text });
  }
  setAttr(name: string, value: string) {
    return this.#change('setAttr', { name, value });
  }
  removeAttr(name: string) {
    return this.#change('removeAttr', { name });
  }
  addClass(name: string) {
    return this.#change('addClass', { name });
  }
  removeClass(name: string) {
    return this.#change('removeClass', { name });
  }
  /** Sets inline style properties; answers which ones the browser ignored (unknown name or value). */
  setStyle(props: Record<string, string>) {
    return this.#op('setStyle', { props }) as Promise<{ ignored: string[] }>;
  }
  hide() {
    return this.#change('hide');
  }
  show() {
    return this.#change('show');
  }
  remove() {
    return this.#change('remove');
  }
  setValue(value: string) {
    return this.#change('setValue', { value });
  }
  /** Replaces the content with checked HTML; answers what the page policy left out. */
  setHTML(html: string) {
    return this.#op('setHTML', { html }) as Promise<SetHtmlResult>;
  }
  clone() {
    return this.#pending(this.#op('clone', {}));
  }
  #insert(where: 'append' | 'prepend' | 'before' | 'after' | 'replaceWith', node: ElementHandle | PendingHandle): Promise<undefined> {
    // A pending node (`h.append(dom.create('p'))`) is waited for: an insert names its node by id only.
    if (node instanceof PendingElement) return node.then((n) => this.#insert(where, n!));
    return this.#change('insert', { where, node: node?.id });
  }
  append(node: ElementHandle | PendingHandle) {
    return this.#insert('append', node);
  }
  prepend(node: ElementHandle | PendingHandle) {
    return this.#insert('prepend', node);
  }
  before(node: ElementHandle | PendingHandle) {
    return this.#insert('before', node);
  }
  after(node: ElementHandle | PendingHandle) {
    return this.#insert('after', node);
  }
  replaceWith(node: ElementHandle | PendingHandle) {
    return this.#insert('replaceWith', node);
  }
  click() {
    return this.#change('click');
  }
  focus() {
    return this.#change('focus');
  }
  async on(type: string, handler: (event: PageEventCopy) => void, opts: { preventDefault?: boolean; stopPropagation?: boolean } = {}) {
    const listener = (await this.#op('on', { type, ...opts })) as string;
    this.#events.onEvent(listener, handler);
    return { off: () => this.#bridge.dom({ op: 'off', listener }).then(() => this.#events.offEvent(listener)) };
  }
}

/** What a pending handle can be asked before it is awaited: every call of a handle. */
type HandleCalls = Omit<ElementHandle, 'id' | 'tag'>;
const HANDLE_CALLS = Object.getOwnPropertyNames(ElementHandle.prototype).filter((k) => k !== 'constructor' && k !== 'id') as Array<keyof HandleCalls>;

/** Each pending handle's answer, for runtime code that names it in another call (childRefs); never given to remixlet code. */
const answers = new WeakMap<PendingElement, Promise<unknown>>();

/**
 * The answer of a call that finds or makes one element. Awaited (it is a thenable), the handle or null;
 * asked a handle's call first, that call is chained: sent in the same batch when the first one has not
 * left yet, and refused (HANDLE_UNKNOWN, CHAINED_ON_NOTHING) when the first one answers no element.
 */
class PendingElement {
  readonly #answer: Promise<unknown>;
  readonly #calls: ElementHandle;
  readonly #wrap: (v: unknown) => ElementHandle | null;

  constructor(answer: Promise<unknown>, bridge: Bridge, events: EventRouter) {
    this.#answer = answer;
    answers.set(this, answer);
    this.#calls = new ElementHandle(answer, bridge, events);
    this.#wrap = (v) => (v ? new ElementHandle(v as Handle, bridge, events) : null);
    Object.freeze(this);
  }

  then<A = ElementHandle | null, B = never>(onFulfilled?: ((h: ElementHandle | null) => A | PromiseLike<A>) | null, onRejected?: ((e: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    return this.#answer.then(this.#wrap).then(onFulfilled, onRejected);
  }
  catch<B = never>(onRejected?: ((e: unknown) => B | PromiseLike<B>) | null): Promise<ElementHandle | null | B> {
    return this.then(undefined, onRejected);
  }
  finally(onFinally?: (() => void) | null): Promise<ElementHandle | null> {
    return this.#answer.then(this.#wrap).finally(onFinally);
  }

  static {
    for (const name of HANDLE_CALLS) {
      Object.defineProperty(PendingElement.prototype, name, {
        value(this: PendingElement, ...args: unknown[]) {
          return (this.#calls[name] as (...a: unknown[]) => unknown)(...args);
        },
        writable: false,
        configurable: false,
      });
    }
  }
}

export type PendingHandle = PendingElement & HandleCalls;
export function pendingHandle(answer: Promise<unknown>, bridge: Bridge, events: EventRouter): PendingHandle {
  return new PendingElement(answer, bridge, events) as PendingHandle;
}
