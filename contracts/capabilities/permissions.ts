// Context: shared (pure, no chrome API). Every permission a manifest can ask for, declared once: its name
// (or, for a permission on a host, its prefix), the fixed card text a person approves, and the "can do"
// kind code that uses it shows as. The manifest check and its error text, the cards, the docs and the
// "can do" list read this; the rmx services (rmx-services.ts) name the permission each needs from it.
// Trusts nothing: the names here are ours, and a host in a card is one the manifest check proved plain.
import type { CanDoKind } from '../can-do/items';

interface NamedPermission {
  /** What a permission card says: fixed extension text, never the model's reason. */
  card: string;
  /** The "can do" kind code using it shows as; null when no code uses it (rules.json is read as a file). */
  canDo: CanDoKind | null;
  /** What the manifest reference adds after its name: how far the permission goes. */
  bounds?: string;
}

interface HostPermission {
  /** The name before the host: `fetch:` in `fetch:api.example.com`. */
  prefix: string;
  card: (host: string) => string;
  canDo: CanDoKind;
}

export const NAMED_PERMISSIONS = {
  storage: { card: 'Keep its own data in your browser', canDo: 'storage' },
  clipboard: { card: 'Write to your clipboard', canDo: 'clipboard', bounds: 'write only' },
  notifications: { card: 'Show text notifications', canDo: 'notifications', bounds: 'text only' },
  menu: { card: "Add an entry to the page's right-click menu", canDo: 'menu' },
  schedule: { card: 'Act later on a schedule (notify, open its own page, or leave a message)', canDo: 'schedule' },
  netrules: { card: 'Change what pages load', canDo: null },
} as const satisfies Record<string, NamedPermission>;

export const HOST_PERMISSIONS = {
  fetch: { prefix: 'fetch:', card: (host) => `Send requests to ${host}, signed in as you`, canDo: 'fetch' },
  'network:observe': { prefix: 'network:observe:', card: (host) => `Read the responses this page receives from ${host}`, canDo: 'observes-network' },
} as const satisfies Record<string, HostPermission>;

export type NamedPermissionName = keyof typeof NAMED_PERMISSIONS;
export type HostPermissionKind = keyof typeof HOST_PERMISSIONS;

export const NAMED_PERMISSION_NAMES = Object.keys(NAMED_PERMISSIONS) as NamedPermissionName[];
export const HOST_PERMISSION_KINDS = Object.keys(HOST_PERMISSIONS) as HostPermissionKind[];

/** Every permission as a manifest spells it, a host one with `<host>`: `storage`, …, `fetch:<host>`. */
export const PERMISSION_SPELLINGS: readonly string[] = [...NAMED_PERMISSION_NAMES, ...HOST_PERMISSION_KINDS.map((k) => `${HOST_PERMISSIONS[k].prefix}<host>`)];

/** The permissions in words for the manifest reference: `storage, clipboard (write only), …, fetch:<host> or network:observe:<host>`. */
export function permissionList(): string {
  const words = PERMISSION_SPELLINGS.map((name) => {
    const bounds = isNamedPermission(name) ? (NAMED_PERMISSIONS[name] as NamedPermission).bounds : undefined;
    return bounds ? `${name} (${bounds})` : name;
  });
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

export const isNamedPermission = (name: string): name is NamedPermissionName => Object.hasOwn(NAMED_PERMISSIONS, name);

/** A permission name split into its kind and the rest, by spelling alone (whether the host is plain is the manifest check's). */
export function permissionParts(name: string): { kind: NamedPermissionName } | { kind: HostPermissionKind; host: string } | undefined {
  if (isNamedPermission(name)) return { kind: name };
  for (const kind of HOST_PERMISSION_KINDS) {
    const { prefix } = HOST_PERMISSIONS[kind];
    if (name.startsWith(prefix)) return { kind, host: name.slice(prefix.length) };
  }
  return undefined;
}

/** The "can do" kind code using a permission shows as, with its host for one on a host. */
export function canDoOfPermission(name: string): { kind: CanDoKind; host?: string } | undefined {
  const parts = permissionParts(name);
  if (!parts) return undefined;
  if ('host' in parts) return { kind: HOST_PERMISSIONS[parts.kind].canDo, host: parts.host };
  const kind = NAMED_PERMISSIONS[parts.kind].canDo;
  return kind ? { kind } : undefined;
}
