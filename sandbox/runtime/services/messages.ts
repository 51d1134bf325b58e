// Context: remixlet runtime (dedicated worker). rmx.messages: what schedules queued, parsed where it arrives.
import { z } from '../../../contracts/zod-mini';
import { QueuedMessage } from '../../../contracts/boundaries/service-answers';
import type { ServiceKit } from './kit';

export const messages =
  ({ bridge }: ServiceKit) =>
  async () =>
    z.array(QueuedMessage).parse(await bridge.call('messages', {}));
