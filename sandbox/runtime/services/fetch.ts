// Context: remixlet runtime (dedicated worker). rmx.fetch: sent by the worker to approved hosts; the answer
// is parsed where it arrives, before remixlet code sees it.
import { FetchResult } from '../../../contracts/boundaries/service-answers';
import { pick, type ServiceKit } from './kit';

export const fetch =
  ({ bridge }: ServiceKit) =>
  async (url: string, init: Record<string, unknown> = {}) =>
    Object.freeze(FetchResult.parse(await bridge.call('fetch', { url: String(url), ...pick(init, ['method', 'headers', 'body', 'as', 'timeoutMs']) })));
