// Context: page agent. Page elements whose content a remixlet may not write: setText, setHTML and inserting
// into a script, style, template, frame, object and the like would change code, a stylesheet or markup
// parsed later. The list lives in contracts/dom/elements.ts.
// Trusts the element's namespace and local name, which the browser sets.
import { isContentLocked } from '../../contracts/dom/elements';
import { RemixletRefusal } from '../../contracts/refusals';

export function checkContentWritable(el: Element, op: string): void {
  if (isContentLocked(el.namespaceURI, el.localName)) {
    throw new RemixletRefusal('NOT_APPLICABLE', `The content of <${el.localName}> cannot be written: it is code, a stylesheet, a template or another document.`, op);
  }
}
