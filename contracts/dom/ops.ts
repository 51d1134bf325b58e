// Context: shared (pure). The shape of every `dom` operation as it crosses sandbox → offscreen →
// worker → page agent. Trusts nothing: the page agent parses each op again before it runs it.
import { z } from '../zod-mini';
import { Refusal } from '../refusals';

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

/** One op's schema, described in place (registered, not cloned: every sandbox evaluates these as it starts). */
const op = <T extends string, S extends z.core.$ZodLooseShape>(name: T, shape: S, description: string) =>
  z.strictObject({ op: z.literal(name), ...shape }).register(z.globalRegistry, { description });

export const DomOp = z.discriminatedUnion('op', [
  op('query', { sel: Selector, scope: opt(HandleRef) }, 'First element matching the selector, or null.'),
  op('queryAll', { sel: Selector, scope: opt(HandleRef), limit: opt(intIn(1, LIMITS.queryAllMax)) }, 'Elements matching the selector, up to the limit.'),
  op('waitFor', { sel: Selector, scope: opt(HandleRef), timeout: opt(intIn(0, LIMITS.waitForMaxMs)) }, 'Waits until an element matches, or null after the timeout.'),
  op('url', {}, 'The page address.'),
  op('title', {}, 'The page title.'),
  op('text', { h: HandleRef }, 'Text content, capped; a password field\'s text is left out.'),
  op('attr', { h: HandleRef, name: z.string().check(z.minLength(1), z.maxLength(100)) }, "An attribute value. On the page's own elements a short name reads this remixlet's mark (data-rmx-<id>-<name>) when it set one, else the page's attribute; a password field's value reads empty."),
  op('value', { h: HandleRef }, 'A form control value; password fields read empty.'),
  op('html', { h: HandleRef }, 'Outer HTML, capped; every password field in it has its value blanked.'),
  op('rect', { h: HandleRef }, 'The bounding rectangle; refused while the page has an editable password field or a password select, checkbox or radio button.'),
  op('computedStyle', { h: HandleRef, props: z.array(upTo(100)).check(z.maxLength(LIMITS.styleProps)) }, 'Computed values of the named properties; all read empty while the page has an editable password field or a password select, checkbox or radio button.'),
  op('matches', { h: HandleRef, sel: Selector }, 'Whether the element matches the selector.'),
  op('closest', { h: HandleRef, sel: Selector }, 'The element or its nearest ancestor matching the selector, walking out of a shadow root through its host.'),
  op('parent', { h: HandleRef }, "The parent element; at the top of a shadow root, the root's host."),
  op('children', { h: HandleRef }, 'The child elements, up to 1000.'),
  op('setText', { h: HandleRef, text: upTo(LIMITS.textChars) }, 'Replaces the text content.'),
  op('setAttr', { h: HandleRef, name: AttrName, value: upTo(LIMITS.attrValueChars) }, "Sets an attribute. On the page's own elements the short name is written as the mark data-rmx-<id>-<name> (href on a link and src on an image are real, under the address rule); on elements the remixlet created, real names under the attribute policy."),
  op('removeAttr', { h: HandleRef, name: AttrName }, "Removes an attribute the remixlet set: its mark on the page's own elements, the real attribute on its own."),
  op('addClass', { h: HandleRef, name: MarkName }, "Adds a class: rmx-<id>-<name> on the page's own elements, the name itself on elements the remixlet created."),
  op('removeClass', { h: HandleRef, name: MarkName }, 'Removes a class addClass added.'),
  op('setStyle', { h: HandleRef, props: StyleProps }, 'Sets inline style properties (no url( or relatives, however spelled); answers { ignored } with the properties the browser did not accept.'),
  op('hide', { h: HandleRef }, 'Hides the element.'),
  op('show', { h: HandleRef }, 'Undoes hide.'),
  op('remove', { h: HandleRef }, 'Removes the element.'),
  op('setValue', { h: HandleRef, value: upTo(LIMITS.textChars) }, 'Sets a form control value.'),
  op('setHTML', { h: HandleRef, html: upTo(LIMITS.htmlChars) }, 'Replaces the content with HTML parsed in an inert document: refused elements dropped, refused attributes stripped, addresses checked; answers { removed } with what was left out.'),
  op('clone', { h: HandleRef }, 'A detached copy the remixlet owns; password values start empty, and id, name and form are left off so it cannot stand in for the original; ping, attributionsrc and every form* attribute (formaction, formmethod, formenctype, formtarget, formnovalidate) are left off too.'),
  op(
    'create',
    {
      tag: z.string().check(z.minLength(1), z.maxLength(32)),
      attrs: opt(z.record(upTo(100), upTo(LIMITS.attrValueChars))),
      text: opt(upTo(LIMITS.textChars)),
      children: opt(z.array(HandleRef).check(z.maxLength(LIMITS.createChildren))),
    },
    'Creates a detached element from the fixed list of layout, text, form-control, image and simple SVG elements; attributes under the attribute policy, href and src under the address rule; children are appended in order.',
  ),
  op('insert', { h: HandleRef, where: z.enum(['append', 'prepend', 'before', 'after', 'replaceWith']), node: HandleRef }, 'Moves or inserts an element; the page\'s password fields, and elements holding one, never move or get replaced.'),
  op('addStyle', { css: upTo(LIMITS.cssChars) }, 'Adds a stylesheet (rules with `>>>` go into the shadow roots they name); no url( or relatives, no var() where a url() would load, no attr(value), field-sizing or -webkit-text-security, no selector that depends on a field value.'),
  op('click', { h: HandleRef }, "Clicks, checked against everything it would activate: links and form destinations, and every URL of a link's ping and attributionsrc, under the address rule, controls reached through a label; anything with formaction, formmethod, formenctype or formtarget is refused."),
  op('focus', { h: HandleRef }, 'Focuses the element.'),
  op(
    'on',
    {
      h: HandleRef,
      type: z.string().check(z.regex(/^[a-z]{2,32}$/)),
      preventDefault: opt(z.boolean()),
      stopPropagation: opt(z.boolean()),
    },
    'Forwards serialized copies of an event.',
  ),
  op('off', { listener: upTo(40) }, 'Stops forwarding an event.'),
  op(
    'observe',
    { sel: Selector, existing: opt(z.boolean()) },
    'Reports matching elements as they are added to the page (and, with existing: true, those already there).',
  ),
  op('unobserve', { observer: upTo(40) }, 'Stops an observation.'),
  op(
    'watch',
    { sels: opt(z.array(Selector).check(z.minLength(1), z.maxLength(LIMITS.watchSelectors))), hs: opt(z.array(HandleId).check(z.minLength(1), z.maxLength(LIMITS.watchHandles))) },
    'Reports, at most once per animation frame (by a timer while the tab is hidden), that the page changed (for rmx.keep). With sels and/or hs, only changes in, to or around the elements the selectors match and the handles name: inside one, one added, removed or replaced, or an attribute of one or of its ancestors. Sent again, it replaces what is watched.',
  ),
]);
export type DomOp = z.infer<typeof DomOp>;
export type DomOpName = DomOp['op'];

/** Each op's schema, in the order above: the runtime, the run schemas, the generated reference and the tests read them here. */
export const DOM_OP_SCHEMAS = DomOp.def.options;
export type DomOpSchema = (typeof DOM_OP_SCHEMAS)[number];
export const opNameOf = (schema: DomOpSchema): DomOpName => schema.shape.op.def.values[0]!;

export const Rect = z.strictObject({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

/**
 * Every op answers with a value (JSON) or a refusal; a batch answers one of these per op. `notes` tell the
 * author what an op that succeeded left out (e.g. the parts of h.setHTML's markup that were dropped); the
 * worker writes them to the remixlet's log.
 */
export const OpResult = z.union([
  z.strictObject({ ok: z.literal(true), value: z.unknown(), notes: opt(z.array(upTo(1_000)).check(z.maxLength(LIMITS.notes))) }),
  z.strictObject({ ok: z.literal(false), refusal: Refusal }),
]);
export type OpResult = z.infer<typeof OpResult>;

export const DomBatch = z.array(DomOp).check(z.minLength(1), z.maxLength(LIMITS.batchOps));

/** A serialized copy of a page event; keys typed into a password field never appear. */
export const PageEventPayload = z.strictObject({
  type: z.string(),
  key: opt(z.string()),
  target: opt(Handle),
  value: opt(z.string()),
  clientX: opt(z.number()),
  clientY: opt(z.number()),
});

export const PageEvent = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('event'), remixletId: z.string(), listener: z.string(), event: PageEventPayload }),
  z.strictObject({ kind: z.literal('observed'), remixletId: z.string(), observer: z.string(), handles: z.array(Handle) }),
  /** An observer the page agent stopped on its own (a password field appeared): the worker logs the refusal. */
  z.strictObject({ kind: z.literal('observerEnded'), remixletId: z.string(), observer: z.string(), refusal: Refusal }),
  z.strictObject({ kind: z.literal('mutated'), remixletId: z.string() }),
  z.strictObject({ kind: z.literal('navigated'), url: z.string() }),
  z.strictObject({ kind: z.literal('lifecycle'), readyState: z.enum(['loading', 'interactive', 'complete']) }),
]);
export type PageEvent = z.infer<typeof PageEvent>;
