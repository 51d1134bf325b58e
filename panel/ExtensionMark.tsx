// Context: side panel, popup and manager. The extension's mark on its own cards and dialogs: its icon and
// its name, drawn by our code. A model reply cannot draw it: reply HTML keeps a few text tags with no
// attribute but href (panel/chat/markdown.ts), and every image in a reply is removed, so the icon, the
// class and the layout here can only come from the extension.
export function ExtensionMark() {
  return (
    <p class="rmx-mark">
      <img src="/icons/remixlet-128.png" alt="" width="16" height="16" />
      <span>Remixlet</span>
    </p>
  );
}
