// Context: shared (pure). A stylesheet (style.css, dom.addStyle) reaches inside shadow roots the way a
// selector does (contracts/dom/shadow-selector.ts): `my-card >>> .title { color: red }` styles the .title
// inside every <my-card>'s shadow root. A page's stylesheet cannot reach there, so such a rule is split off:
// the page agent adopts `.title { color: red }` into each of those roots (with the @media, @supports,
// @layer or @container rules around it), and the rest of the sheet stays one sheet for the document.
// Trusts nothing: the sheet was checked as a whole before it is split (every part of it, `>>>` rules
// included, passes the same load and value checks), and splitting only moves rules.
import parse from 'css-tree/parser';
import generate from 'css-tree/generator';
import type { CssNode } from 'css-tree';
import { hasShadowStep, shadowPaths } from './shadow-selector';

/** The rules of a sheet that go into the shadow roots of the elements `hosts` finds (a `>>>` path, outermost first). */
export interface ShadowRules {
  hosts: string[];
  css: string;
}

export interface SplitSheet {
  /** The sheet without its `>>>` rules. */
  documentCss: string;
  /** One entry per distinct host path, rules in sheet order. */
  shadow: ShadowRules[];
}

const GROUPING = new Set(['media', 'supports', 'layer', 'container', 'document', 'scope', 'starting-style']);

type Node = CssNode & { type: string };

export function splitShadowSheet(css: string): SplitSheet {
  if (!hasShadowStep(css)) return { documentCss: css, shadow: [] };
  const ast = parse(css, { parseRulePrelude: false, parseValue: false, parseAtrulePrelude: false, parseCustomProperty: false }) as Node;
  const byHosts = new Map<string, ShadowRules>();
  const add = (hosts: string[], rule: string) => {
    const key = hosts.join('\u0000');
    const entry = byHosts.get(key) ?? { hosts, css: '' };
    entry.css += `${rule}\n`;
    byHosts.set(key, entry);
  };
  const visit = (block: Node, around: string[]) => {
    const children = (block as unknown as { children?: { forEach(fn: (n: Node, item: unknown, list: { remove(item: unknown): void }) => void): void } }).children;
    children?.forEach((node, item, list) => {
      if (node.type === 'Atrule') {
        const at = node as unknown as { name: string; prelude: Node | null; block: Node | null };
        if (at.block && GROUPING.has(at.name.toLowerCase())) visit(at.block, [...around, `@${at.name} ${at.prelude ? generate(at.prelude) : ''}`.trim()]);
        return;
      }
      if (node.type !== 'Rule') return;
      const rule = node as unknown as { prelude: Node & { value?: string }; block: Node };
      const prelude = rule.prelude.type === 'Raw' ? (rule.prelude.value ?? '') : generate(rule.prelude);
      if (!hasShadowStep(prelude)) return;
      const split = shadowPaths(prelude);
      // A malformed `>>>` is left where it is: the browser drops the rule, as it drops any invalid selector.
      if (!split.ok) return;
      const body = generate(rule.block);
      const plain: string[] = [];
      for (const path of split.paths) {
        if (path.length === 1) {
          plain.push(path[0]!);
          continue;
        }
        const inner = `${path[path.length - 1]!}${body}`;
        add(path.slice(0, -1), around.reduceRight((text, wrapper) => `${wrapper}{${text}}`, inner));
      }
      if (plain.length) rule.prelude = { type: 'Raw', value: plain.join(', ') } as unknown as Node & { value: string };
      else list.remove(item);
    });
  };
  visit(ast, []);
  return { documentCss: generate(ast), shadow: [...byHosts.values()] };
}
