// Context: remixlet runtime (dedicated worker). rmx.clipboard: write only; the offscreen host writes the text
// after the worker grants the call.
import type { ServiceKit } from './kit';

export const clipboard = ({ bridge }: ServiceKit) => Object.freeze({ write: (text: string) => bridge.call('clipboard', { text }).then(() => undefined) });
