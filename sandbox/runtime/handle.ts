// Context: remixlet runtime (dedicated worker). A handle is an opaque reference to one page element; it
// never exposes the element, only operations that the page agent checks.
import type { DomOp, Handle } from '../../contracts/dom/ops';
import type { Bridge } from './bridge';
import type { EventRouter, PageEventCopy } from './events';

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
    return this.#bridge.dom({ op, h: this.#h, ...rest } as DomOp);
  }
  #wrap = (v: unknown): ElementHandle | null => (v ? new ElementHandle(v as Handle, this.#bridge, this.#events) : null);

  query(sel: string) {
    return this.#bridge.dom({ op: 'query', sel, scope: this.#h }).then(this.#wrap);
  }
  queryAll(sel: string, opts: { limit?: number } = {}) {
    return this.#bridge.dom({ op: 'queryAll', sel, scope: this.#h, ...opts }).then((list) => (list as Handle[]).map((h) => this.#wrap(h)!));
  }
  waitFor(sel: string, opts: { timeout?: number } = {}) {
    return this.#bridge.dom({ op: 'waitFor', sel, scope: this.#h, ...opts }).then(this.#wrap);
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
  setStyle(props: Record<string, string>) {
    return this.#op('setStyle', { props }).then(() => undefined);
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
  setHTML(html: string) {
    return this.#op('setHTML', { html }).then(() => undefined);
  }
  clone() {
    return this.#op('clone', {}).then(this.#wrap);
  }
  #insert(where: 'append' | 'prepend' | 'before' | 'after' | 'replaceWith', node: ElementHandle) {
    return this.#op('insert', { where, node: node.id }).then(() => undefined);
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
    return { off: () => this.#bridge.dom({ op: 'off', listener }).then(() => this.#events.offEvent(listener)) };
  }
}
