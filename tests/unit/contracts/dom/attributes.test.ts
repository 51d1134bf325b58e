// The attribute policy for elements a remixlet made: what loads or runs is refused, href/src go to the
// address rule, ids and references must carry the remixlet's mark, and gadget attributes are refused.
import { describe, expect, test } from 'vitest';
import { checkCreatedAttribute } from '../../../../contracts/dom/attributes';
import { creatableTag, type Creatable } from '../../../../contracts/dom/elements';
import { isMarkedId, markAttribute, markClass } from '../../../../contracts/dom/marks';

const ID = 'abcd1234';
const el = (tag: string): Creatable => creatableTag(tag)!;
const verdict = (tag: string, name: string, value = 'x') => checkCreatedAttribute(el(tag), name, value, ID);

describe('refused attributes', () => {
  test.each([
    ['div', 'onclick', 'alert(1)'],
    ['img', 'onerror', 'alert(1)'],
    ['svg', 'onload', 'alert(1)'],
    ['div', 'ONMOUSEOVER', 'x'],
    ['div', 'src', 'https://attacker.example/'],
    ['input', 'src', 'https://attacker.example/i'],
    ['img', 'srcset', ',,,,,https://attacker.example/s 1x'],
    ['img', 'sizes', '100vw'],
    ['img', 'attributionsrc', 'https://attacker.example/attr'],
    ['img', 'referrerpolicy', 'unsafe-url'],
    ['img', 'fetchpriority', 'high'],
    ['img', 'usemap', '#m'],
    ['img', 'crossorigin', 'anonymous'],
    ['a', 'ping', 'https://attacker.example/ping'],
    ['a', 'download', 'x.txt'],
    ['a', 'target', '_blank'],
    ['a', 'rel', 'opener'],
    ['a', 'attributionsrc', ''],
    ['button', 'formaction', 'https://attacker.example/'],
    ['button', 'form', 'login'],
    ['button', 'type', 'submit'],
    ['button', 'popovertarget', 'menu'],
    ['button', 'popovertargetaction', 'show'],
    ['button', 'commandfor', 'dlg'],
    ['button', 'command', 'show-modal'],
    ['button', 'accesskey', 's'],
    ['input', 'autofocus', ''],
    ['input', 'type', 'password'],
    ['input', 'type', 'PASSWORD'],
    ['input', 'type', 'image'],
    ['input', 'type', 'submit'],
    ['input', 'type', 'file'],
    ['input', 'autocomplete', 'current-password'],
    ['input', 'autocomplete', 'on'],
    ['input', 'name', 'password'],
    ['img', 'name', 'cookie'],
    ['label', 'for', 'delete-account'],
    ['div', 'style', 'color:red'],
    ['div', 'srcdoc', '<script>'],
    ['div', 'action', '/x'],
    ['div', 'href', 'https://page.test/'],
    ['div', 'data-method', 'delete'],
    ['button', 'data-bs-toggle', 'tooltip'],
    ['div', 'hx-get', '/account/delete'],
    ['div', 'x-data', '{}'],
    ['div', 'ng-click', 'x()'],
    ['div', 'v-html', 'x'],
    ['div', ':class', 'x'],
    ['div', '@click', 'x'],
    ['div', 'is', 'my-element'],
    ['div', 'contenteditable', 'true'],
    ['div', 'popover', ''],
    ['div', 'slot', 'x'],
    ['blockquote', 'cite', 'https://attacker.example/'],
    ['svg', 'xmlns', 'http://attacker.example/ns'],
    ['path', 'href', 'https://attacker.example/s.svg'],
    ['path', 'xlink:href', 'https://attacker.example/s.svg'],
    ['rect', 'clip-path', 'url(https://attacker.example/c.svg#c)'],
    ['rect', 'fill', 'u\\72l(https://attacker.example/)'],
    ['rect', 'filter', 'url(#f)'],
    ['rect', 'mask', 'url(#m)'],
    ['rect', 'fill', 'image-set("https://attacker.example/x" 1x)'],
    ['rect', 'fill', 'var(--x)'],
    ['div', 'id', 'has space'],
    ['div', 'id', '1starts-with-digit'],
    ['div', 'aria-labelledby', 'ok not!ok'],
    ['rect', 'fill', 'url(#bad!name)'],
    ['svg', 'style', 'x'],
  ])('%s %s=%j is refused with a reason', (tag, name, value) => {
    const v = verdict(tag, name, value);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.reason.length).toBeGreaterThan(30);
  });

  test('reasons tell the author what to do instead', () => {
    const reason = (tag: string, name: string, value = 'x') => {
      const v = verdict(tag, name, value);
      return v.ok ? '' : v.reason;
    };
    expect(reason('div', 'onclick')).toContain('h.on("click"');
    expect(reason('div', 'style')).toContain('h.setStyle');
    expect(reason('div', 'src')).toContain('only on <img>');
    expect(reason('a', 'id', 'con fig')).toContain('rmx-<remixlet id>-<name>');
    expect(reason('div', 'data-method')).toContain('script gadgets');
    expect(reason('input', 'type', 'password')).toContain('password fields');
    expect(reason('button', 'form')).toContain("page's own elements");
  });
});

describe('allowed attributes', () => {
  test.each([
    ['div', 'class', 'card'],
    ['div', 'title', 'Hello'],
    ['div', 'role', 'note'],
    ['div', 'aria-label', 'Close'],
    ['div', 'hidden', ''],
    ['div', 'lang', 'en'],
    ['div', 'dir', 'rtl'],
    ['div', 'tabindex', '0'],
    ['div', 'id', `rmx-${ID}-panel`],
    ['div', 'aria-labelledby', `rmx-${ID}-title`],
    ['a', 'rel', 'noopener noreferrer'],
    ['a', 'target', '_self'],
    ['img', 'alt', 'A cat'],
    ['img', 'width', '120'],
    ['img', 'loading', 'lazy'],
    ['td', 'colspan', '2'],
    ['td', 'headers', `rmx-${ID}-col1`],
    ['th', 'scope', 'col'],
    ['button', 'type', 'button'],
    ['button', 'disabled', ''],
    ['input', 'type', 'checkbox'],
    ['input', 'type', 'search'],
    ['input', 'placeholder', 'Filter…'],
    ['input', 'autocomplete', 'off'],
    ['input', 'list', `rmx-${ID}-choices`],
    ['select', 'multiple', ''],
    ['option', 'value', 'a'],
    ['textarea', 'rows', '4'],
    ['details', 'open', ''],
    ['time', 'datetime', '2024-01-01'],
    ['meter', 'value', '0.5'],
  ])('%s %s=%j is allowed', (tag, name, value) => {
    expect(verdict(tag, name, value)).toEqual({ ok: true, kind: 'plain', name, value });
  });

  // Chromium does not trim enumerated values: a button of type " button" submits its form, a link with
  // target=" _self" opens a new window. What is written is the value that was checked.
  test.each([
    ['button', 'type', ' button', 'button'],
    ['button', 'type', 'BUTTON\n', 'button'],
    ['a', 'target', ' _self', '_self'],
    ['a', 'target', '_SELF ', '_self'],
    ['input', 'type', ' checkbox ', 'checkbox'],
    ['img', 'loading', 'LAZY', 'lazy'],
    ['div', 'dir', ' rtl', 'rtl'],
    ['input', 'autocomplete', 'off ', 'off'],
  ])('%s %s=%j is written as the value checked, %j', (tag, name, value, written) => {
    expect(verdict(tag, name, value)).toEqual({ ok: true, kind: 'plain', name, value: written });
  });

  test('href on a link and src on an image go to the address rule', () => {
    expect(verdict('a', 'href', 'https://x.test/')).toEqual({ ok: true, kind: 'address', name: 'href', addressKind: 'link' });
    expect(verdict('img', 'SRC', 'data:image/png;base64,AA')).toEqual({ ok: true, kind: 'address', name: 'src', addressKind: 'image' });
  });

  test('SVG attributes keep the case SVG knows, and may point only at the remixlet\'s own elements', () => {
    expect(verdict('svg', 'viewbox', '0 0 24 24')).toEqual({ ok: true, kind: 'plain', name: 'viewBox', value: '0 0 24 24' });
    expect(verdict('svg', 'xmlns', 'http://www.w3.org/2000/svg').ok).toBe(true);
    expect(verdict('path', 'd', 'M0 0L10 10Z').ok).toBe(true);
    expect(verdict('path', 'fill', 'rgb(10, 20, 30)').ok).toBe(true);
    expect(verdict('path', 'transform', 'rotate(45 12 12) translate(2,3)').ok).toBe(true);
    expect(verdict('rect', 'fill', `url(#rmx-${ID}-grad)`).ok).toBe(true);
    expect(verdict('rect', 'fill', `url('#rmx-${ID}-grad') red`).ok).toBe(true);
    expect(verdict('stop', 'stop-color', '#fff').ok).toBe(true);
    expect(verdict('linearGradient', 'gradientunits', 'userSpaceOnUse')).toMatchObject({ ok: true, name: 'gradientUnits' });
    expect(verdict('circle', 'd', 'M0').ok).toBe(false);
  });
});

describe('ids are marks', () => {
  test('an id, and every reference to one, is written as rmx-<remixlet id>-<name>', () => {
    expect(verdict('a', 'id', 'config')).toEqual({ ok: true, kind: 'plain', name: 'id', value: `rmx-${ID}-config` });
    expect(verdict('img', 'ID', 'location')).toEqual({ ok: true, kind: 'plain', name: 'id', value: `rmx-${ID}-location` });
    expect(verdict('div', 'id', `rmx-${ID}-already`)).toMatchObject({ value: `rmx-${ID}-already` });
    expect(verdict('div', 'aria-labelledby', 'title  sub')).toMatchObject({ value: `rmx-${ID}-title rmx-${ID}-sub` });
    expect(verdict('div', 'aria-controls', 'page-menu')).toMatchObject({ value: `rmx-${ID}-page-menu` });
    expect(verdict('input', 'list', 'choices')).toMatchObject({ value: `rmx-${ID}-choices` });
    expect(verdict('td', 'headers', 'h1 h2')).toMatchObject({ value: `rmx-${ID}-h1 rmx-${ID}-h2` });
    expect(verdict('svg', 'id', 'icon')).toMatchObject({ value: `rmx-${ID}-icon` });
    expect(verdict('rect', 'fill', 'url(#grad)')).toMatchObject({ value: `url(#rmx-${ID}-grad)` });
    expect(verdict('rect', 'clip-path', "url('#clip')")).toMatchObject({ value: `url('#rmx-${ID}-clip')` });
    // Another remixlet's mark is just a name to this one: it gets this one's prefix too.
    expect(verdict('div', 'id', 'rmx-otherid99-x')).toMatchObject({ value: `rmx-${ID}-rmx-otherid99-x` });
  });
});

describe('marks', () => {
  test('a mark names the remixlet that wrote it', () => {
    expect(markAttribute(ID, 'Seen')).toBe(`data-rmx-${ID}-seen`);
    expect(markClass(ID, 'Highlight')).toBe(`rmx-${ID}-Highlight`);
    expect(isMarkedId(ID, `rmx-${ID}-a`)).toBe(true);
    expect(isMarkedId(ID, 'rmx-otherid99-a')).toBe(false);
    expect(isMarkedId(ID, `rmx-${ID}-`)).toBe(false);
    expect(isMarkedId(ID, `rmx-${ID}-a b`)).toBe(false);
  });
});
