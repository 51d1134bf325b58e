// Context: shared (pure). The network:observe recorder's boundary: the recorder runs in the page's main
// world and hands what the page received to a relay in the isolated world, which keeps the entries from
// observed hosts and sends them to the worker with chrome.runtime.sendMessage. The worker trusts only the
// browser-filled sender (tab, frame, document) and parses every entry as untrusted data: the main world
// belongs to the page.
import { z } from 'zod';
import { ObservedResponse, SERVICE_LIMITS } from './service-calls';
import { RECORDER_MESSAGE_KIND, RECORDER_WINDOW_TAG } from './recorder-tags';

export { RECORDER_MESSAGE_KIND, RECORDER_WINDOW_TAG } from './recorder-tags';

/**
 * The relay's settings: data only, computed by the worker from the approved manifests. They stay in the
 * isolated world; the recorder in the page's world gets none (the page would read them).
 */
export const RecorderSettings = z.object({ hosts: z.array(z.string().max(260)).max(50) }).strict();
export type RecorderSettings = z.infer<typeof RecorderSettings>;

export const RecorderMessage = z.discriminatedUnion('type', [
  z.object({ kind: z.literal(RECORDER_MESSAGE_KIND), type: z.literal('hello') }).strict(),
  z.object({ kind: z.literal(RECORDER_MESSAGE_KIND), type: z.literal('entries'), entries: z.array(ObservedResponse).max(SERVICE_LIMITS.observeKeptPerHost) }).strict(),
]);
export type RecorderMessage = z.infer<typeof RecorderMessage>;

/**
 * What the recorder in the page's world posts to the relay for each response. The page can read and forge
 * it: the relay reads only the address (to keep observed hosts), and the worker parses every entry as
 * ObservedResponse.
 */
export const RecorderWindowMessage = z.object({ [RECORDER_WINDOW_TAG]: z.literal('entry'), entry: ObservedResponse }).strict();
