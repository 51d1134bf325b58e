// Context: page agent. dom.url: the page address.
import type { OpHandler } from '../op-context';

export const url: OpHandler<'url'> = () => location.href;
