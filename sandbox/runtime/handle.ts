// Context: remixlet runtime (dedicated worker). A handle is an opaque reference to one page element; it
// never exposes the element, only operations that the page agent checks.
import { DomOp, type Handle } from '../../contracts/dom/ops';
import { RemixletError, type Bridge } from './bridge';
import type { EventRouter, PageEventCopy } from './events';

/**
 * Sends one dom call, after checking its shape here: a malformed call (a huge string, a selector that is
 * not a string, a handle that is not one) is refused on its own, with a log line, instead of spoiling the
 * batch it would have travelled in. The offscreen host and the page agent check it again.
 */
export function sendOp(bridge: Bridge, op: DomOp): Promise<unknown> {
  const parsed = DomOp.safeParse(op);
  if (parsed.success) return bridge.dom(parsed.data);
  const name = `dom.${String((op as { op?: unknown } | null)?.op).slice(0, 40)}`;
  const issue = parsed.error.issues[0];
  const reason = `Malformed ${issue?.path.join('.') || 'call'}: ${issue?.message ?? 'invalid'}.`;
  void bridge.call('log', { level: 'error', message: `${name} refused: ${reason}` }).catch(() => undefined);
  return Promise.reject(new RemixletError({ code: 'MALFORMED_MESSAGE', reason, op: name }));
}

export interface SetHtmlResult {
  /** What the page policy left out of the markup, each with its reason. */
  removed: string[];
}

type OpWithoutHandle<T extends DomOp['op']> = Omit<Extract<DomOp, { op: T }>, 'op' | 'h'>;

export class ElementHandle {
  readonly #bridge: Bridge;
  readonly #events: EventRouter;
  readonly #h: string;
  readonly tag: string;

  constructor(handle: Handle, bridge: Bridge, events: EventRouter) {
    this.#bridge = bridge;
    this.#events = events;
    this.#h = handle.h;
    this.tag = handle.tag;
    Object.freeze(this);
  }

  /** The id the page agent knows this element by (meaningless anywhere else). */
  get id(): string {
    return this.#h;
  }

  #op<T extends DomOp['op']>(op: T, rest: OpWithoutHandle<T>): Promise<unknown> {
    return sendOp(this.#bridge, { op, h: this.#h, ...rest } as DomOp);
  }
  #wrap = (v: unknown): ElementHandle | null => (v ? new ElementHandle(v as Handle, this.#bridge, this.#events) : null);

  query(sel: string) {
    return sendOp(this.#bridge, { op: 'query', sel, scope: this.#h }).then(this.#wrap);
  }
  queryAll(sel: string, opts: { limit?: number } = {}) {
    return sendOp(this.#bridge, { op: 'queryAll', sel, scope: this.#h, ...opts }).then((list) => (list as Handle[]).map((h) => this.#wrap(h)!));
  }
  waitFor(sel: string, opts: { timeout?: number } = {}) {
    return sendOp(this.#bridge, { op: 'waitFor', sel, scope: this.#h, ...opts }).then(this.#wrap);
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
    return this.#op('closest', { sel }).then(this.#wrap);
  }
  parent() {
    return this.#op('parent', {}).then(this.#wrap);
  }
  children() {
    return this.#op('children', {}).then((list) => (list as Handle[]).map((h) => this.#wrap(h)!));
  }
  setText(text: string) {
    return this.#op('setText', { text }).then(() => undefined);
  }
  setAttr(name: string, value: string) {
    return this.#op('setAttr', { name, value }).then(() => undefined);
  }
  removeAttr(name: string) {
    return this.#op('removeAttr', { name }).then(() => undefined);
  }
  addClass(name: string) {
    return this.#op('addClass', { name }).then(() => undefined);
  }
  removeClass(name: string) {
    return this.#op('removeClass', { name }).then(() => undefined);
  }
  /** Sets inline style properties; answers which ones the browser ignored (unknown name or value). */
  setStyle(props: Record<string, string>) {
    return this.#op('setStyle', { props }) as Promise<{ ignored: string[] }>;
  }
  hide() {
    return this.#op('hide', {}).then(() => undefined);
  }
  show() {
    return this.#op('show', {}).then(() => undefined);
  }
  remove() {
    return this.#op('remove', {}).then(() => undefined);
  }
  setValue(value: string) {
    return this.#op('setValue', { value }).then(() => undefined);
  }
  /** Replaces the content with checked HTML; answers what the page policy left out. */
  setHTML(html: string) {
    return this.#op('setHTML', { html }) as Promise<SetHtmlResult>;
  }
  clone() {
    return this.#op('clone', {}).then(this.#wrap);
  }
  #insert(where: 'append' | 'prepend' | 'before' | 'after' | 'replaceWith', node: ElementHandle) {
    return this.#op('insert', { where, node: node?.id }).then(() => undefined);
  }
  append(node: ElementHandle) {
    return this.#insert('append', node);
  }
  prepend(node: ElementHandle) {
    return this.#insert('prepend', node);
  }
  before(node: ElementHandle) {
    return this.#insert('before', node);
  }
  after(node: ElementHandle) {
    return this.#insert('after', node);
  }
  replaceWith(node: ElementHandle) {
    return this.#insert('replaceWith', node);
  }
  click() {
    return this.#op('click', {}).then(() => undefined);
  }
  focus() {
    return this.#op('focus', {}).then(() => undefined);
  }
  async on(type: string, handler: (event: PageEventCopy) => void, opts: { preventDefault?: boolean; stopPropagation?: boolean } = {}) {
    const listener = (await this.#op('on', { type, ...opts })) as string;
    this.#events.onEvent(listener, handler);
    return { off: () => sendOp(this.#bridge, { op: 'off', listener }).then(() => this.#events.offEvent(listener)) };
  }
}
