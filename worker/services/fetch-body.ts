// Context: background service worker. Reads a response body for rmx.fetch without ever holding more than
// the cap: a declared length over the cap is refused before reading, and a body that grows past it (or
// never ends) is cancelled as soon as it does. Trusts nothing the server says about its size.
import { RemixletRefusal } from '../../contracts/refusals';

export async function readCapped(res: Response, cap: number, host: string): Promise<string> {
  const tooLarge = () => new RemixletRefusal('PAYLOAD_TOO_LARGE', `The response from ${host} is larger than ${cap} bytes; it was not read.`);
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > cap) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder('utf-8');
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
