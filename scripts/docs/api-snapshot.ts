// The API that stored code can call or see, as plain data: every dom/handle method with its operation's
// parameter schema, every rmx member with its permission and schemas, and every refusal code. The committed
// snapshot per API version may only grow (tests/unit/api/api-snapshot.test.ts).
import { z } from 'zod';
import { DOM_HELPERS, DOM_METHODS, RMX_API } from '../../contracts/api/surface';
import { DOM_OP_NAMES, domOpSchema, type DomOpSchema } from '../../contracts/dom/ops';
import { z as mini } from '../../contracts/zod-mini';
import type { Schema } from '../../contracts/rpc';
import { REFUSAL_CODES } from '../../contracts/refusals';
import { API_VERSION } from '../../contracts/remixlet';

export interface ApiSnapshot {
  api: number;
  /** op is null for a helper that sends no operation of its own (dom.batch). */
  dom: Record<string, { op: string | null; returns: string; params: unknown }>;
  rmx: Record<string, { permission: string | null; params: unknown; result: unknown }>;
  refusalCodes: string[];
}

const schema = (s: Schema): unknown => z.toJSONSchema(s, { unrepresentable: 'any', io: 'input' });

export function opSchemas(): Map<string, DomOpSchema> {
  return new Map(DOM_OP_NAMES.map((name) => [name, domOpSchema(name)]));
}

/** An operation's parameters: its schema without the op name. */
export const paramsOf = (op: DomOpSchema): Schema => mini.omit(op, { op: true });

export function currentSnapshot(): ApiSnapshot {
  const ops = opSchemas();
  const dom: ApiSnapshot['dom'] = {};
  for (const m of DOM_METHODS) {
    const op = ops.get(m.op);
    if (!op) throw new Error(`${m.signature} names an operation that does not exist: ${m.op}`);
    dom[m.signature] = { op: m.op, returns: m.returns, params: schema(paramsOf(op)) };
  }
  for (const h of DOM_HELPERS) dom[h.signature] = { op: null, returns: h.returns, params: schema(h.params) };
  const rmx: ApiSnapshot['rmx'] = {};
  for (const m of RMX_API) rmx[m.signature] = { permission: m.permission, params: schema(m.params), result: schema(m.result) };
  return { api: API_VERSION, dom, rmx, refusalCodes: [...REFUSAL_CODES] };
}

/** JSON with every object's keys sorted; arrays keep their order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

export const snapshotPath = (api: number): string => `contracts/api/snapshot-v${api}.json`;

/** Adds what is new to the committed snapshot and never removes or rewrites an entry. */
export function grow(committed: ApiSnapshot | undefined, current: ApiSnapshot): ApiSnapshot {
  if (!committed) return current;
  const dom = { ...committed.dom };
  for (const [k, v] of Object.entries(current.dom)) if (!(k in dom)) dom[k] = v;
  const rmx = { ...committed.rmx };
  for (const [k, v] of Object.entries(current.rmx)) if (!(k in rmx)) rmx[k] = v;
  const refusalCodes = [...committed.refusalCodes, ...current.refusalCodes.filter((c) => !committed.refusalCodes.includes(c))];
  return { api: committed.api, dom, rmx, refusalCodes };
}

/** What changed between the committed snapshot and the code: anything but an addition is a break. */
export function compareSnapshots(committed: ApiSnapshot, current: ApiSnapshot): { breaks: string[]; additions: string[] } {
  const breaks: string[] = [];
  const additions: string[] = [];
  // A schema's meaning does not depend on the order of its keys (zod's two builds write a description first or last).
  const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
  for (const kind of ['dom', 'rmx'] as const) {
    const before = committed[kind] as Record<string, unknown>;
    const now = current[kind] as Record<string, unknown>;
    for (const [name, entry] of Object.entries(before)) {
      if (!(name in now)) breaks.push(`${name} was removed or renamed`);
      else if (!same(entry, now[name])) breaks.push(`${name} changed (its parameters, result, operation or permission differ)`);
    }
    for (const name of Object.keys(now)) if (!(name in before)) additions.push(name);
  }
  for (const code of committed.refusalCodes) if (!current.refusalCodes.includes(code)) breaks.push(`refusal code ${code} was removed`);
  for (const code of current.refusalCodes) if (!committed.refusalCodes.includes(code)) additions.push(`refusal code ${code}`);
  return { breaks, additions };
}
