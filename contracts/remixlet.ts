// Context: shared (pure). The stored shapes of a remixlet: its files, versions, state and log.
// Trusts nothing: the worker parses what it reads back from IndexedDB with these too.
import { z } from 'zod';
import { Refusal } from './refusals';
import { RemixletId } from './remixlet-id';
import { SERVICE_LIMITS } from './boundaries/service-limits';

export { API_VERSION, SUPPORTED_API_VERSIONS } from './api-version';
export { RemixletId };

export const FILE_NAMES = ['manifest.json', 'script.js', 'style.css', 'rules.json'] as const;
export const FileName = z.enum(FILE_NAMES);
export type FileName = z.infer<typeof FileName>;

/** The files of one version, as text; at most four, manifest.json required. */
export const Files = z
  .object({
    'manifest.json': z.string(),
    'script.js': z.string().optional(),
    'style.css': z.string().optional(),
    'rules.json': z.string().optional(),
  })
  .strict();
export type Files = z.infer<typeof Files>;

export const VersionRecord = z
  .object({
    remixletId: RemixletId,
    version: z.number().int().min(1),
    files: Files,
    digest: z.string().regex(/^[0-9a-f]{64}$/),
    apiVersion: z.number().int(),
    extensionVersion: z.string(),
    savedAt: z.number(),
    origin: z.enum(['agent', 'restore', 'seed']),
    restoredFrom: z.number().int().optional(),
  })
  .strict();
export type VersionRecord = z.infer<typeof VersionRecord>;

/**
 * Which state wins: archived beats everything (never runs); then off (its switch); then a paused site
 * (nothing runs there). A remixlet runs on a page only when it is not archived, is on, and the site is not paused.
 */
export const RemixletHead = z
  .object({
    id: RemixletId,
    head: z.number().int().min(1),
    enabled: z.boolean(),
    archived: z.boolean(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .strict();
export type RemixletHead = z.infer<typeof RemixletHead>;

/** Longest page address kept with a log line; a page's address has no limit of its own. */
export const LOG_URL_CHARS = 2_000;

export const LogEntry = z
  .object({
    at: z.number(),
    level: z.enum(['info', 'warn', 'error', 'refusal']),
    message: z.string().max(SERVICE_LIMITS.logLineChars),
    refusal: z.optional(Refusal),
    source: z.enum(['remixlet', 'page-agent', 'worker', 'sandbox', 'offscreen']),
    url: z.string().max(LOG_URL_CHARS).optional(),
  })
  .strict();
export type LogEntry = z.infer<typeof LogEntry>;

/**
 * A log line cut to what LogEntry takes: a long message or a long page address (a page chooses its own)
 * must not turn the line, or the refusal it records, into a parse error.
 */
export function fitLogEntry(entry: LogEntry): LogEntry {
  const message = entry.message.length > SERVICE_LIMITS.logLineChars ? entry.message.slice(0, SERVICE_LIMITS.logLineChars) : entry.message;
  const url = entry.url !== undefined && entry.url.length > LOG_URL_CHARS ? `${entry.url.slice(0, LOG_URL_CHARS - 1)}…` : entry.url;
  return { ...entry, message, ...(url !== undefined ? { url } : {}) };
}

export const LOG_LIMIT = 500;

export const RemixletSummary = z
  .object({
    id: RemixletId,
    name: z.string(),
    description: z.string(),
    matches: z.array(z.string()),
    enabled: z.boolean(),
    archived: z.boolean(),
    version: z.number().int(),
    permissions: z.array(z.object({ name: z.string(), card: z.string() }).strict()),
    error: z.string().optional(),
  })
  .strict();
export type RemixletSummary = z.infer<typeof RemixletSummary>;
