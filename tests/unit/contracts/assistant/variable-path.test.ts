// Script-variable paths are data: parsed into plain segments, and refused when they step through a store
// the assistant never reads (cookies, storage, IndexedDB, caches, credentials) or the document.
import { describe, expect, it } from 'vitest';
import { parseVariablePath } from '../../../../contracts/assistant/variable-path';

describe('parseVariablePath', () => {
  it('splits names, dots, indexes and quoted keys', () => {
    expect(parseVariablePath('shop.cart.items[0].name')).toEqual({ ok: true, segments: ['shop', 'cart', 'items', '0', 'name'] });
    expect(parseVariablePath('window["app"].state')).toEqual({ ok: true, segments: ['app', 'state'] });
    expect(parseVariablePath("globalThis['x-y']")).toEqual({ ok: true, segments: ['x-y'] });
  });

  it.each([
    'localStorage',
    'window.sessionStorage',
    'self["indexedDB"]',
    'caches',
    'navigator.credentials',
    'document.cookie',
    'app.cookieStore',
    'window.document.forms[0]',
    'top.localStorage',
    'frames[0].localStorage',
  ])('refuses %s', (path) => {
    const v = parseVariablePath(path);
    expect(v.ok).toBe(false);
    expect(v.ok ? '' : v.reason).toMatch(/is refused/);
  });

  it.each(['a + b', 'fetch("x")', 'a[b]', 'a.__proto__.x', 'x.constructor', '(0,eval)("1")', '', 'window'])('refuses what is not a plain path: %s', (path) => {
    expect(parseVariablePath(path).ok).toBe(false);
  });
});
