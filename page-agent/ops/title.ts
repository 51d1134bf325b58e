// Context: page agent. dom.title: the page title, capped.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { LIMITS } from '../../contracts/dom/ops';
import type { OpHandler } from '../op-context';

export const title: OpHandler<'title'> = () => document.title.slice(0, LIMITS.textChars);
