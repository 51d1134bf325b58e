// Context: page agent. h.text(): text content, capped. A password field's value is never text content.
import { LIMITS } from '../../contracts/dom/ops';
import type { OpHandler } from '../op-context';

export const text: OpHandler<'text'> = (op, ctx) => (ctx.element(op.h).textContent ?? '').slice(0, LIMITS.textChars);
