// Context: shared (pure, no chrome API). Every permission a manifest can ask for, declared once: its name
// (or, for a permission on a host, its prefix), the fixed card text a person approves, and the "can do"
// kind code that uses it shows as. The manifest check and its error text, the cards, the docs and the
// "can do" list read this; the rmx services (rmx-services.ts) name the permission each needs from it.
// Trusts nothing: the names here are ours, and a host in a card is one the manifest check proved plain.

/** How code using a permission shows in the "can do" list: its kind, and its line when the code plainly does it and when it may (`{}` is the host). */
interface CanDoWords {
  kind: string;
  does: string;
  may: string;
}

interface NamedPermission {
  /** What a permission card says: fixed extension text, never the model's reason. */
  card: string;
  /** How code using it shows in the "can do" list; null when no code uses it (rules.json is read as a file). */
  canDo: CanDoWords | null;
  /** What the manifest reference adds after its name: how far the permission goes. */
  bounds?: string;
}

interface HostPermission {
  /** The name before the host: `fetch:` in `fetch:api.example.com`. */
  prefix: string;
  card: (host: string) => string;
  canDo: CanDoWords;
}

export const NAMED_PERMISSIONS = {
  storage: { card: 'Keep its own data in your browser', canDo: { kind: 'storage', does: 'Keeps data between visits (storage)', may: 'May keep data between visits (storage)' } },
  clipboard: { card: 'Write to your clipboard', canDo: { kind: 'clipboard', does: 'Writes to the clipboard', may: 'May write to the clipboard' }, bounds: 'write only' },
  notifications: { card: 'Show text notifications', canDo: { kind: 'notifications', does: 'Shows notifications', may: 'May show notifications' }, bounds: 'text only' },
  menu: { card: "Add an entry to the page's right-click menu", canDo: { kind: 'menu', does: 'Adds entries to the right-click menu', may: 'May add entries to the right-click menu' } },
  schedule: { card: 'Act later on a schedule (notify, open its own page, or leave a message)', canDo: { kind: 'schedule', does: 'Schedules actions for later', may: 'May schedule actions for later' } },
  netrules: { card: 'Change what pages load', canDo: null },
} as const satisfies Record<string, NamedPermission>;

export const HOST_PERMISSIONS = {
  fetch: { prefix: 'fetch:', card: (host) => `Send requests to ${host}, signed in as you`, canDo: { kind: 'fetch', does: 'Sends requests, signed in as you, to {}', may: 'May send requests, signed in as you, to {}' } },
  'network:observe': { prefix: 'network:observe:', card: (host) => `Read the responses this page receives from ${host}`, canDo: { kind: 'observes-network', does: "Reads the page's network responses from {}", may: "May read the page's network responses from {}" } },
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
export function canDoOfPermission(name: string): { kind: PermissionCanDoKind; host?: string } | undefined {
  const parts = permissionParts(name);
  if (!parts) return undefined;
  if ('host' in parts) return { kind: HOST_PERMISSIONS[parts.kind].canDo.kind, host: parts.host };
  const canDo: CanDoWords | null = NAMED_PERMISSIONS[parts.kind].canDo;
  return canDo ? { kind: canDo.kind as PermissionCanDoKind } : undefined;
}

type NamedCanDo = Exclude<(typeof NAMED_PERMISSIONS)[NamedPermissionName]['canDo'], null>;
/** The "can do" kinds of code using a permission: on a host first, then by name, in declaration order. */
export type PermissionCanDoKind = (typeof HOST_PERMISSIONS)[HostPermissionKind]['canDo']['kind'] | NamedCanDo['kind'];
export const HOST_CAN_DO = HOST_PERMISSION_KINDS.map((k) => HOST_PERMISSIONS[k].canDo);
export const NAMED_CAN_DO = NAMED_PERMISSION_NAMES.flatMap((k): CanDoWords[] => {
  const canDo: CanDoWords | null = NAMED_PERMISSIONS[k].canDo;
  return canDo ? [canDo] : [];
});

/** The hosts that permissions of one kind name, from a manifest's permission names (`fetch:a.test` → `a.test`). */
export function permittedHosts(kind: HostPermissionKind, names: readonly string[]): string[] {
  const { prefix } = HOST_PERMISSIONS[kind];
  return names.filter((name) => name.startsWith(prefix)).map((name) => name.slice(prefix.length));
}
