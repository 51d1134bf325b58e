// Context: shared (pure): the page agent (setAttr, addClass, attr reads on the page's own elements, ids on
// created elements) and Node tests. Trusts nothing: short names come from remixlet code.
// A mark is the remixlet's id in a fixed form, so every attribute or class a remixlet adds to the page's
// own elements names the remixlet that wrote it.

export const MARK_NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,39}$/;

/** `data-rmx-<id>-<name>`: HTML lowercases attribute names, so the mark is written and read in lower case. */
export function markAttribute(remixletId: string, name: string): string {
  return `data-rmx-${remixletId}-${name.toLowerCase()}`;
}

/** `rmx-<id>-<name>`: class names keep their case, as CSS selectors do. */
export function markClass(remixletId: string, name: string): string {
  return `rmx-${remixletId}-${name}`;
}

/** An id on an element the remixlet created must carry its mark, so it cannot shadow a page global or id. */
export function isMarkedId(remixletId: string, id: string): boolean {
  const prefix = `rmx-${remixletId}-`;
  return id.startsWith(prefix) && MARK_NAME.test(id.slice(prefix.length));
}

/** Any mark of any remixlet, for telling a remixlet's own additions from the page's. */
export const ANY_MARK_ATTRIBUTE = /^data-rmx-[a-z0-9]{8,16}-/;
