// Context: shared (pure). The shape of every `dom` operation as it crosses sandbox → offscreen →
// worker → page agent. Trusts nothing: the page agent parses each op again before it runs it.
import { z } from '../zod-mini';
import { Refusal } from '../refusals';
import { lazyVariant } from '../zod-lazy-variant';
import { answerSchema } from '../zod-answer';

export const LIMITS = {
  selectorChars: 1_000,
  textChars: 100_000,
  htmlChars: 200_000,
  attrValueChars: 10_000,
  cssChars: 100_000,
  queryAllDefault: 100,
  queryAllMax: 1_000,
  batchOps: 2_000,
  waitForMaxMs: 30_000,
  markNameChars: 40,
  styleProps: 100,
  createChildren: 1_000,
  childrenMax: 1_000,
  computedValueChars: 2_000,
  notes: 50,
  watchSelectors: 32,
  watchHandles: 64,
} as const;

/** Strings up to a length, integers in a range, optional fields: the mini build's spelling, kept short. */
const upTo = (max: number) => z.string().check(z.maxLength(max));
const intIn = (min: number, max: number) => z.int().check(z.minimum(min), z.maximum(max));
const opt = z.optional;

/** A handle id's pattern, unanchored: runs pack many into one string (contracts/dom/runs.ts). */
export const HANDLE_ID_PATTERN = 'h[0-9a-z]{1,24}';
/** An opaque reference to one page element, meaningful only to the remixlet that received it. */
export const HandleId = z
  .string()
  .check(z.regex(new RegExp(`^${HANDLE_ID_PATTERN}$`)))
  .register(z.globalRegistry, { description: 'Opaque handle id' });
export const Handle = z.strictObject({ h: HandleId, tag: upTo(64) });
export type Handle = z.infer<typeof Handle>;

/** Inside a batch, an op may point at the handle another op of the same batch returned. */
export const HandleRef = z.union([HandleId, z.strictObject({ ref: intIn(0, LIMITS.batchOps) })]);
export type HandleRef = z.infer<typeof HandleRef>;

/**
 * Why a call chained on another (`dom.query(s).hide()`, sent as a { ref } in one batch) did nothing: the
 * page agent says it for a { ref }, the runtime for a chained call whose first call had already left.
 */
export const CHAINED_ON_NOTHING = 'The call this one was chained on answered no element (it found nothing, or was refused), so there was nothing to do this on.';

// Its description is part of the API snapshot; what a selector may say (`>>>`) is in SHADOW_SELECTOR_GUIDE.
const Selector = z.string().check(z.minLength(1), z.maxLength(LIMITS.selectorChars)).register(z.globalRegistry, { description: 'A CSS selector' });
const MarkName = z
  .string()
  .check(z.regex(/^[a-zA-Z][a-zA-Z0-9_-]*$/), z.maxLength(LIMITS.markNameChars))
  .register(z.globalRegistry, { description: 'A short name; the page agent writes it with the remixlet mark' });
const AttrName = z.string().check(z.regex(/^[a-zA-Z][a-zA-Z0-9_:.-]*$/), z.maxLength(100)).register(z.globalRegistry, { description: 'An attribute name' });
const StyleProps = z
  .record(z.string().check(z.maxLength(100)), z.string().check(z.maxLength(1_000)))
  .check(z.refine((r) => Object.keys(r).length <= LIMITS.styleProps, 'too many properties'));

/** Where remixlet code reaches an op, and what runs and the "can do" list make of it. */
export interface OpUse {
  /** Each way remixlet code calls it (`h.setText(text)`) with what that resolves to; none for an op only the runtime sends. */
  readonly methods?: Readonly<Record<string, string>>;
  /** It acts on one element and may travel in a run (contracts/dom/runs.ts). */
  readonly runs?: true;
  /** It answers from the page and changes nothing there, so it may be sent ahead of the call (sandbox/runtime/read-ahead.ts). */
  readonly reads?: true;
  /** Not a read, but it changes nothing on the page and runs none of the page's code (a watch, an observation, a wait). */
  readonly quiet?: true;
  /** The "can do" kind a call of it shows as, whatever its arguments; `by-arguments` when they decide (contracts/can-do/script.ts). */
  readonly canDo?: string;
}

/**
 * One op, declared once: its schema, described in place (registered, not cloned), and its uses. The schema
 * is built the first time it is needed (a call of that op parsed, or `schema()` asked for): the page agent
 * and every sandbox evaluate this module as they start, and most pages see a few of these ops. The API
 * surface, runs, the "can do" list and the docs read them here.
 */
const op = <T extends string, S extends z.core.$ZodLooseShape, const U extends OpUse>(name: T, shape: () => S, description: string, use: U) => {
  let built: ReturnType<typeof strictOp<T, S>> | undefined;
  return { name, use, schema: () => (built ??= strictOp(name, shape(), description)) };
};
const strictOp = <T extends string, S extends z.core.$ZodLooseShape>(name: T, shape: S, description: string) =>
  z.strictObject({ op: z.literal(name), ...shape }).register(z.globalRegistry, { description });

const DECLARED = [
  op('query', () => ({ sel: Selector, scope: opt(HandleRef) }), 'First element matching the selector, or null.', { reads: true, methods: { 'dom.query(selector)': 'Promise<Handle | null>', 'h.query(selector)': 'Promise<Handle | null>' } }),
  op('queryAll', () => ({ sel: Selector, scope: opt(HandleRef), limit: opt(intIn(1, LIMITS.queryAllMax)) }), 'Elements matching the selector, up to the limit.', { reads: true, methods: { 'dom.queryAll(selector, { limit })': 'Promise<Handle[]>', 'h.queryAll(selector, { limit })': 'Promise<Handle[]>' } }),
  op('waitFor', () => ({ sel: Selector, scope: opt(HandleRef), timeout: opt(intIn(0, LIMITS.waitForMaxMs)) }), 'Waits until an element matches, or null after the timeout.', { quiet: true, methods: { 'dom.waitFor(selector, { timeout })': 'Promise<Handle | null>', 'h.waitFor(selector, { timeout })': 'Promise<Handle | null>' } }),
  op('url', () => ({}), 'The page address.', { reads: true, methods: { 'dom.url()': 'Promise<string>' } }),
  op('title', () => ({}), 'The page title.', { reads: true, methods: { 'dom.title()': 'Promise<string>' } }),
  op('text', () => ({ h: HandleRef }), 'Text content, capped; a password field\'s text is left out.', { reads: true, methods: { 'h.text()': 'Promise<string>' }, runs: true, canDo: 'reads-page' }),
  op('attr', () => ({ h: HandleRef, name: z.string().check(z.minLength(1), z.maxLength(100)) }), "An attribute value. On the page's own elements a short name reads this remixlet's mark (data-rmx-<id>-<name>) when it set one, else the page's attribute; a password field's value reads empty.", { reads: true, methods: { 'h.attr(name)': 'Promise<string | null>' }, runs: true, canDo: 'reads-page' }),
  op('value', () => ({ h: HandleRef }), 'A form control value; password fields read empty.', { reads: true, methods: { 'h.value()': 'Promise<string>' }, runs: true, canDo: 'reads-forms' }),
  op('html', () => ({ h: HandleRef }), 'Outer HTML, capped; every password field in it has its value blanked.', { reads: true, methods: { 'h.html()': 'Promise<string>' }, canDo: 'reads-page' }),
  op('rect', () => ({ h: HandleRef }), 'The bounding rectangle; refused while the page has an editable password field or a password select, checkbox or radio button.', { reads: true, methods: { 'h.rect()': 'Promise<{ x, y, width, height }>' }, runs: true }),
  op('computedStyle', () => ({ h: HandleRef, props: z.array(upTo(100)).check(z.maxLength(LIMITS.styleProps)) }), 'Computed values of the named properties; all read empty while the page has an editable password field or a password select, checkbox or radio button.', { reads: true, methods: { 'h.computedStyle(props)': 'Promise<Record<string, string>>' }, runs: true }),
  op('matches', () => ({ h: HandleRef, sel: Selector }), 'Whether the element matches the selector.', { reads: true, methods: { 'h.matches(selector)': 'Promise<boolean>' }, runs: true }),
  op('closest', () => ({ h: HandleRef, sel: Selector }), 'The element or its nearest ancestor matching the selector, walking out of a shadow root through its host.', { reads: true, methods: { 'h.closest(selector)': 'Promise<Handle | null>' }, runs: true }),
  op('parent', () => ({ h: HandleRef }), "The parent element; at the top of a shadow root, the root's host.", { reads: true, methods: { 'h.parent()': 'Promise<Handle | null>' }, runs: true }),
  op('children', () => ({ h: HandleRef }), 'The child elements, up to 1000.', { reads: true, methods: { 'h.children()': 'Promise<Handle[]>' } }),
  op('setText', () => ({ h: HandleRef, text: upTo(LIMITS.textChars) }), 'Replaces the text content.', { methods: { 'h.setText(text)': 'Promise<void>' }, runs: true, canDo: 'changes-page' }),
  op('setAttr', () => ({ h: HandleRef, name: AttrName, value: upTo(LIMITS.attrValueChars) }), "Sets an attribute. On the page's own elements the short name is written as the mark data-rmx-<id>-<name> (href on a link and src on an image are real, under the address rule); on elements the remixlet created, real names under the attribute policy.", { methods: { 'h.setAttr(name, value)': 'Promise<void>' }, runs: true, canDo: 'changes-page' }),
  op('removeAttr', () => ({ h: HandleRef, name: AttrName }), "Removes an attribute the remixlet set: its mark on the page's own elements, the real attribute on its own.", { methods: { 'h.removeAttr(name)': 'Promise<void>' }, runs: true, canDo: 'changes-page' }),
  op('addClass', () => ({ h: HandleRef, name: MarkName }), "Adds a class: rmx-<id>-<name> on the page's own elements, the name itself on elements the remixlet created.", { methods: { 'h.addClass(name)': 'Promise<void>' }, runs: true, canDo: 'changes-page' }),
  op('removeClass', () => ({ h: HandleRef, name: MarkName }), 'Removes a class addClass added.', { methods: { 'h.removeClass(name)': 'Promise<void>' }, runs: true, canDo: 'changes-page' }),
  op('setStyle', () => ({ h: HandleRef, props: StyleProps }), 'Sets inline style properties (no url( or relatives, however spelled); answers { ignored } with the properties the browser did not accept.', { methods: { 'h.setStyle(props)': 'Promise<void>' }, runs: true, canDo: 'styles' }),
  op('hide', () => ({ h: HandleRef }), 'Hides the element.', { methods: { 'h.hide()': 'Promise<void>' }, runs: true, canDo: 'changes-page' }),
  op('show', () => ({ h: HandleRef }), 'Undoes hide.', { methods: { 'h.show()': 'Promise<void>' }, runs: true, canDo: 'changes-page' }),
  op('remove', () => ({ h: HandleRef }), 'Removes the element.', { methods: { 'h.remove()': 'Promise<void>' }, runs: true, canDo: 'changes-page' }),
  op('setValue', () => ({ h: HandleRef, value: upTo(LIMITS.textChars) }), 'Sets a form control value.', { methods: { 'h.setValue(value)': 'Promise<void>' }, canDo: 'types' }),
  op('setHTML', () => ({ h: HandleRef, html: upTo(LIMITS.htmlChars) }), 'Replaces the content with HTML parsed in an inert document: refused elements dropped, refused attributes stripped, addresses checked; answers { removed } with what was left out.', { methods: { 'h.setHTML(html)': 'Promise<void>' }, canDo: 'changes-page' }),
  op('clone', () => ({ h: HandleRef }), 'A detached copy the remixlet owns; password values start empty, and id, name and form are left off so it cannot stand in for the original; ping, attributionsrc and every form* attribute (formaction, formmethod, formenctype, formtarget, formnovalidate) are left off too.', { methods: { 'h.clone()': 'Promise<Handle>' } }),
  op(
    'create',
    () => ({
      tag: z.string().check(z.minLength(1), z.maxLength(32)),
      attrs: opt(z.record(upTo(100), upTo(LIMITS.attrValueChars))),
      text: opt(upTo(LIMITS.textChars)),
      children: opt(z.array(HandleRef).check(z.maxLength(LIMITS.createChildren))),
    }),
    'Creates a detached element from the fixed list of layout, text, form-control, image and simple SVG elements; attributes under the attribute policy, href and src under the address rule; children are appended in order.',
    { methods: { 'dom.create(tag, { attrs, text })': 'Promise<Handle>' }, canDo: 'changes-page' },
  ),
  op('insert', () => ({ h: HandleRef, where: z.enum(['append', 'prepend', 'before', 'after', 'replaceWith']), node: HandleRef }), 'Moves or inserts an element; the page\'s password fields, and elements holding one, never move or get replaced.', { methods: { 'h.append(handle)': 'Promise<void>', 'h.prepend(handle)': 'Promise<void>', 'h.before(handle)': 'Promise<void>', 'h.after(handle)': 'Promise<void>', 'h.replaceWith(handle)': 'Promise<void>' }, canDo: 'changes-page' }),
  op('addStyle', () => ({ css: upTo(LIMITS.cssChars) }), 'Adds a stylesheet (rules with `>>>` go into the shadow roots they name); no url( or relatives, no var() where a url() would load, no attr(value), field-sizing or -webkit-text-security, no selector that depends on a field value.', { methods: { 'dom.addStyle(css)': 'Promise<void>' }, canDo: 'styles' }),
  op('click', () => ({ h: HandleRef }), "Clicks, checked against everything it would activate: links and form destinations, and every URL of a link's ping and attributionsrc, under the address rule, controls reached through a label; anything with formaction, formmethod, formenctype or formtarget is refused.", { methods: { 'h.click()': 'Promise<void>' }, canDo: 'clicks' }),
  op('focus', () => ({ h: HandleRef }), 'Focuses the element.', { methods: { 'h.focus()': 'Promise<void>' } }),
  op(
    'on',
    () => ({
      h: HandleRef,
      type: z.string().check(z.regex(/^[a-z]{2,32}$/)),
      preventDefault: opt(z.boolean()),
      stopPropagation: opt(z.boolean()),
    }),
    'Forwards serialized copies of an event.',
    { methods: { 'h.on(type, handler, { preventDefault, stopPropagation })': 'Promise<{ off() }>' }, canDo: 'by-arguments' },
  ),
  op('off', () => ({ listener: upTo(40) }), 'Stops forwarding an event.', { quiet: true }),
  op(
    'observe',
    () => ({ sel: Selector, existing: opt(z.boolean()) }),
    'Reports matching elements as they are added to the page (and, with existing: true, those already there).',
    { methods: { 'dom.observe(selector, handler)': 'Promise<{ stop() }>' }, quiet: true },
  ),
  op('unobserve', () => ({ observer: upTo(40) }), 'Stops an observation.', { quiet: true }),
  op(
    'watch',
    () => ({ sels: opt(z.array(Selector).check(z.minLength(1), z.maxLength(LIMITS.watchSelectors))), hs: opt(z.array(HandleId).check(z.minLength(1), z.maxLength(LIMITS.watchHandles))) }),
    'Reports, at most once per animation frame (by a timer while the tab is hidden), that the page changed (for rmx.keep). With sels and/or hs, only changes in, to or around the elements the selectors match and the handles name: inside one, one added, removed or replaced, or an attribute of one or of its ancestors. Sent again, it replaces what is watched.',
    { quiet: true },
  ),
] as const;
type DeclaredOp = (typeof DECLARED)[number];
type SchemasOf<T extends readonly unknown[]> = { -readonly [K in keyof T]: T[K] extends { schema: () => infer S } ? S : never };

/** Every op, each option built the first time a call of it is parsed (contracts/zod-lazy-variant.ts). */
export const DomOp = z.discriminatedUnion('op', DECLARED.map((d) => lazyVariant('op', d.name, d.schema as () => z.core.$ZodType)) as unknown as SchemasOf<typeof DECLARED>);
export type DomOp = z.infer<typeof DomOp>;
export type DomOpName = DomOp['op'];
export type DomOpSchema = SchemasOf<typeof DECLARED>[number];

/** Each op's name, in the order above. */
export const DOM_OP_NAMES: readonly DomOpName[] = DECLARED.map((d) => d.name);
const SCHEMA_OF = new Map<DomOpName, () => DomOpSchema>(DECLARED.map((d) => [d.name, d.schema as () => DomOpSchema]));
/** One op's schema (built now if no call of it was parsed yet): the run schemas, the generated reference and the tests read it here. */
export const domOpSchema = (name: DomOpName): DomOpSchema => SCHEMA_OF.get(name)!();

/** Each op's uses, by name, in the order above. */
export const DOM_OP_USES: ReadonlyMap<DomOpName, OpUse> = new Map(DECLARED.map((d) => [d.name, d.use]));
/** The ops that only read the page (OpUse.reads). */
export const READ_OPS: ReadonlySet<DomOpName> = new Set(DECLARED.flatMap((d) => ('reads' in d.use ? [d.name] : [])));
/** The ops that change nothing on the page: the reads and the quiet ones (OpUse.quiet); any other may. */
export const QUIET_OPS: ReadonlySet<DomOpName> = new Set(DECLARED.flatMap((d) => ('reads' in d.use || 'quiet' in d.use ? [d.name] : [])));
/** The ops that may travel in a run: those that act on one element and say so. */
export type RunKind = Extract<DeclaredOp, { use: { runs: true } }>['name'];
export const RUN_KINDS: readonly RunKind[] = DECLARED.flatMap((d) => ('runs' in d.use ? [d.name as RunKind] : []));

export const Rect = z.strictObject({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

/**
 * Every op answers with a value (JSON) or a refusal; a batch answers one of these per op. `notes` tell the
 * author what an op that succeeded left out (e.g. the parts of h.setHTML's markup that were dropped); the
 * worker writes them to the remixlet's log.
 */
export const OpResult = answerSchema(() =>
  z.union([
    z.strictObject({ ok: z.literal(true), value: z.unknown(), notes: opt(z.array(upTo(1_000)).check(z.maxLength(LIMITS.notes))) }),
    z.strictObject({ ok: z.literal(false), refusal: Refusal }),
  ]),
);
export type OpResult = z.infer<typeof OpResult>;

/**
 * A remixlet's batches the page agent has received, counted from 1 on this page; each batch's answer says its
 * number, and each change report the number before which every change behind it was made (PageEvent 'mutated'
 * before). rmx.keep needs no check for a report whose changes came before all of its latest check's reads.
 */
export const BatchNumber = intIn(1, Number.MAX_SAFE_INTEGER);

/** A batch's answer: one result per operation, and the batch's number (BatchNumber). */
export const BatchAnswer = answerSchema(() => z.strictObject({ batch: BatchNumber, results: z.array(OpResult) }));
export type BatchAnswer = z.infer<typeof BatchAnswer>;

export const DomBatch = z.array(DomOp).check(z.minLength(1), z.maxLength(LIMITS.batchOps));

/** A serialized copy of a page event; keys typed into a password field never appear. */
const pageEventPayload = () =>
  z.strictObject({
    type: z.string(),
    key: opt(z.string()),
    target: opt(Handle),
    value: opt(z.string()),
    clientX: opt(z.number()),
    clientY: opt(z.number()),
  });

export const PageEvent = answerSchema(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('event'), remixletId: z.string(), listener: z.string(), event: pageEventPayload() }),
    z.strictObject({ kind: z.literal('observed'), remixletId: z.string(), observer: z.string(), handles: z.array(Handle) }),
    /** An observer the page agent stopped on its own (a password field appeared): the worker logs the refusal. */
    z.strictObject({ kind: z.literal('observerEnded'), remixletId: z.string(), observer: z.string(), refusal: Refusal }),
    // own: every change behind the report was made by this remixlet's own calls (page-agent/ops/watch.ts), which a check begun after they were answered has seen.
    // before: every change behind it was made before the page agent received this remixlet's batch of that number (BatchNumber).
    z.strictObject({ kind: z.literal('mutated'), remixletId: z.string(), own: z.optional(z.literal(true)), before: z.optional(BatchNumber) }),
    z.strictObject({ kind: z.literal('navigated'), url: z.string() }),
    z.strictObject({ kind: z.literal('lifecycle'), readyState: z.enum(['loading', 'interactive', 'complete']) }),
  ]),
);
export type PageEvent = z.infer<typeof PageEvent>;
export type PageEventPayload = Extract<PageEvent, { kind: 'event' }>['event'];
