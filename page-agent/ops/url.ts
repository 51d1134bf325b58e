// Context: page agent. dom.url: the page address.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import type { OpHandler } from '../op-context';

export const url: OpHandler<'url'> = () => location.href;
