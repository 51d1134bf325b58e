// A form's named fields shadow the form's own properties (form.localName is the field named "localName").
// Handles and the assistant's descriptions read forms through the prototypes' getters, so such a form is an
// ordinary element to them: a handle with its real tag, a selector that finds it.
import { expect, test } from 'vitest';
import { unitBrowser } from '../harness';
import type { Handle } from '../../../../contracts/dom/ops';

const { open } = unitBrowser();

const FORMS = `<main><form class="f"><input name="x"></form>
  <form class="f"><input name="localName"><input name="id" value="fake"><input name="tagName"><input name="parentElement"><input name="children"><input name="getBoundingClientRect"><input name="checkVisibility"><button>Go</button></form></main>`;

test('a handle to a form whose fields are named localName, id, tagName… has the tag form', async () => {
  const p = await open(FORMS);
  const forms = await p.ok<Handle[]>({ op: 'queryAll', sel: 'form.f', limit: 5 });
  expect(forms.map((f) => f.tag)).toEqual(['form', 'form']);
});

test("the assistant's query_elements gives a selector that finds that very form", async () => {
  const p = await open(FORMS);
  type Assistant = { __assistant: { queryElements: (i: unknown) => { elements: { selector: string }[] } } };
  const found = await p.page.evaluate(() => {
    const assistant = (window as unknown as Assistant).__assistant;
    const [, second] = assistant.queryElements({ selector: 'form.f' }).elements;
    const hit = document.querySelectorAll(second!.selector);
    return { selector: second!.selector, count: hit.length, same: hit[0] === document.querySelectorAll('form.f')[1] };
  });
  expect(found, found.selector).toMatchObject({ count: 1, same: true });
});

test("the assistant's outline shows such a form and what is in it", async () => {
  const p = await open(FORMS.replace('<button>Go</button>', '<input name="childNodes"><input name="attributes"><input name="classList"><button>Go</button>'));
  type Assistant = { __assistant: { outline: (i: unknown) => { outline: string } } };
  const outline = await p.page.evaluate(() => (window as unknown as Assistant).__assistant.outline({}).outline);
  expect(outline).toMatch(/form\.f/);
  expect(outline).toContain('Go');
});
