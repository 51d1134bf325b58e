// Context: page agent. dom.title: the page title, capped.
import { LIMITS } from '../../contracts/dom/ops';
import type { OpHandler } from '../op-context';

export const title: OpHandler<'title'> = () => document.title.slice(0, LIMITS.textChars);
