// Context: background service worker. request_permissions from the assistant: a "Remixlet needs permission"
// card on the chat's tab whose rows are fixed extension text per permission; the model's reasons are
// never shown. Only a click in the panel (the UI role) can decide it, and its "Allow" serves only this
// chat's saves.
import { RemixletRefusal } from '../../contracts/refusals';
import { parsePermissionName, permissionCardText } from '../../contracts/policy/manifest';
import type { ChatBinding } from '../../contracts/assistant/chat';
import { createApproval } from '../activation/approvals';

export async function requestPermissions(chat: ChatBinding, permissions: Array<{ name: string; reason: string }>): Promise<{ approvalId: string }> {
  const names: string[] = [];
  for (const p of permissions) {
    if (!parsePermissionName(p.name).ok) throw new RemixletRefusal('MANIFEST_INVALID', `"${p.name.slice(0, 100)}" is not a permission Remixlet knows.`);
    if (!names.includes(p.name)) names.push(p.name);
  }
  const approval = await createApproval({
    kind: 'permissions',
    chatId: chat.chatId,
    tabId: chat.tabId,
    site: chat.site,
    rows: names.map((name) => ({ name, text: permissionCardText(name) ?? 'Unknown permission' })),
    permissionNames: names,
    reasons: [],
    sites: [chat.site],
  });
  return { approvalId: approval.approvalId };
}
