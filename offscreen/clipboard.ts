// Context: offscreen document (extension origin, holds the clipboardWrite permission). Writes plain text
// to the clipboard, the one way rmx.clipboard reaches it: only after the worker granted the call, and
// only text (a textarea's value, never markup). It reads nothing back.
export function writeClipboardText(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}
