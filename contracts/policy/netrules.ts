// Context: shared (pure): the worker (at save, at activation and at every install of the rules),
// `npx remixlet check`, Node tests. Trusts nothing: rules.json is written by the assistant, possibly steered
// by a hostile page. It decides which declarativeNetRequest rules a remixlet may have, under the source
// document's limits, and returns a clean copy of each accepted rule (only known fields), so nothing the
// check did not read ever reaches Chrome. Scoping to the remixlet's pages is added at install.
import { failed, passed, quote, refusal } from './result';
import type { PolicyRefusal, PolicyResult } from './result';
import { coversEverySite, hostsOf } from './match-pattern';
import { isPlainHost, urlOnHosts } from './site';
import { isPublicSuffix, sameSite } from './registrable-domain';
import type { Manifest } from './manifest';

export const NETRULES_LIMITS = {
  rules: 100,
  regexRules: 5,
  domainsPerList: 50,
  headersPerRule: 10,
  urlFilterChars: 512,
  regexChars: 256,
  headerValueChars: 1_024,
  priorityMax: 100,
} as const;

/**
 * The only headers a rule may change, and how. An allowlist, not a list of what is refused: new security
 * headers keep arriving (Connection-Allowlist, Document-Policy, Supports-Loading-Mode), and a list of
 * refusals would let each through until someone added it. These change what a site serves or remembers,
 * never what protects the page: language, user agent, do-not-track, caching, and two informational
 * response headers. Content-Type, Location, Refresh and Link are refused too: they choose what a response
 * is, where it goes, or what else it loads.
 */
export const HEADERS_A_RULE_MAY_CHANGE = {
  request: { 'accept-language': ['set', 'append', 'remove'], 'user-agent': ['set', 'append', 'remove'], dnt: ['set', 'remove'], 'cache-control': ['set', 'append', 'remove'], pragma: ['set', 'remove'] },
  response: { 'cache-control': ['set', 'append', 'remove'], expires: ['set', 'remove'], pragma: ['set', 'remove'], server: ['remove'], 'x-powered-by': ['remove'] },
} as const satisfies Record<'request' | 'response', Record<string, readonly string[]>>;

/** Named so a refusal can say what a header protects; every header outside the allowlist is refused whether or not it is named here. */
const SECURITY_HEADERS: Array<[RegExp, string]> = [
  [/^content-security-policy/, 'content security policy'],
  [/^(set-cookie2?|cookie2?)$/, 'cookies'],
  [/^(access-control-|origin$|timing-allow-origin$)/, 'CORS'],
  [/^((proxy-)?authorization|www-authenticate|proxy-authenticate)$/, 'authorization'],
  [/^strict-transport-security$/, 'HSTS'],
  [/^(x-frame-options|frame-options)$/, 'frame options'],
  [/^cross-origin-/, 'cross-origin isolation'],
  [/^(permissions-policy|feature-policy|document-policy|require-document-policy|origin-agent-cluster)$/, 'document policy'],
  [/^(referer|referrer-policy)$/, 'referrer'],
  [/^(x-content-type-options|x-xss-protection|x-dns-prefetch-control|x-permitted-cross-domain-policies|x-download-options)$/, 'browser protections'],
  [/^(report-to|reporting-endpoints|nel)$/, 'reporting'],
  [/^connection-allowlist/, 'connection allowlist'],
  [/^(clear-site-data|supports-loading-mode|service-worker-allowed|sourcemap|x-sourcemap)$/, 'what the browser keeps or loads'],
  [/^(content-type|content-disposition|location|refresh|link)$/, 'what a response is or loads'],
  [/^(sec-|host$|upgrade-insecure-requests$)/, 'request metadata the browser owns'],
];

export const NETRULE_ACTIONS = ['block', 'allow', 'upgradeScheme', 'redirect', 'modifyHeaders'] as const;
const ACTIONS = NETRULE_ACTIONS;
const RESOURCE_TYPES = ['main_frame', 'sub_frame', 'stylesheet', 'script', 'image', 'font', 'object', 'xmlhttprequest', 'ping', 'csp_report', 'media', 'websocket', 'webtransport', 'webbundle', 'other'];
const METHODS = ['connect', 'delete', 'get', 'head', 'options', 'patch', 'post', 'put', 'other'];
export const NETRULE_CONDITION_KEYS = [
  'urlFilter',
  'regexFilter',
  'isUrlFilterCaseSensitive',
  'requestDomains',
  'excludedRequestDomains',
  'initiatorDomains',
  'excludedInitiatorDomains',
  'requestMethods',
  'excludedRequestMethods',
  'resourceTypes',
  'excludedResourceTypes',
  'domainType',
];
const CONDITION_KEYS = NETRULE_CONDITION_KEYS;

export interface HeaderChange {
  header: string;
  operation: 'set' | 'append' | 'remove';
  value?: string;
}
export interface RuleAction {
  type: (typeof ACTIONS)[number];
  redirect?: { url: string } | { transform: { scheme: 'https'; path?: string; query?: string; queryTransform?: { removeParams?: string[]; addOrReplaceParams?: Array<{ key: string; value: string }> } } };
  requestHeaders?: HeaderChange[];
  responseHeaders?: HeaderChange[];
}
export interface RuleCondition {
  urlFilter?: string;
  regexFilter?: string;
  isUrlFilterCaseSensitive?: boolean;
  requestDomains?: string[];
  excludedRequestDomains?: string[];
  initiatorDomains?: string[];
  excludedInitiatorDomains?: string[];
  requestMethods?: string[];
  excludedRequestMethods?: string[];
  resourceTypes?: string[];
  excludedResourceTypes?: string[];
  domainType?: 'firstParty' | 'thirdParty';
}
/** A rule that passed, cleaned: only the fields above, its position in rules.json, and the id it was written with. */
export interface CheckedRule {
  index: number;
  writtenId: number | undefined;
  priority: number;
  action: RuleAction;
  condition: RuleCondition;
}

export interface NetrulesScope {
  /** Host specs of the remixlet's matches, as `hostsOf` gives them. */
  ownHosts: string[];
  everySite: boolean;
}

export function netrulesScopeOf(manifest: Pick<Manifest, 'matches'>): NetrulesScope {
  return { ownHosts: hostsOf(manifest.matches), everySite: coversEverySite(manifest.matches) };
}

/** The initiator domains of a some-sites remixlet: its hosts without port or `*.` (an initiator domain covers its subdomains). */
export function ownInitiatorDomains(scope: NetrulesScope): string[] {
  return [...new Set(scope.ownHosts.map((h) => h.replace(/:\d+$/, '').replace(/^\*\./, '')))];
}

type Problems = string[];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isAscii = (s: string) => /^[\x20-\x7e]*$/.test(s);

function unknownKeys(obj: Record<string, unknown>, allowed: readonly string[], where: string, problems: Problems): void {
  for (const key of Object.keys(obj)) if (!allowed.includes(key)) problems.push(`${where} has ${quote(key)}, which rules here may not use`);
}

function stringList(v: unknown, where: string, problems: Problems, check: (s: string) => string | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.length === 0 || v.length > NETRULES_LIMITS.domainsPerList || !v.every((x) => typeof x === 'string')) {
    problems.push(`${where} must be a list of 1 to ${NETRULES_LIMITS.domainsPerList} strings`);
    return undefined;
  }
  for (const s of v as string[]) {
    const why = check(s);
    if (why) problems.push(`${where}: ${quote(s)} ${why}`);
  }
  return [...(v as string[])];
}

const domainProblem = (s: string): string | undefined => {
  if (!isPlainHost(s) || s.includes(':')) return 'is not a plain host name';
  if (isPublicSuffix(s)) return 'is a public suffix: it would cover every site under it';
  return undefined;
};
const enumProblem = (values: readonly string[]) => (s: string) => (values.includes(s) ? undefined : `is not one of ${values.join(', ')}`);

/**
 * The host a urlFilter is anchored to (`||host^`, `||host/…`, `|https://host/…`), if any. The host must end
 * at a separator: `||shop.test` alone also matches shop.tester.com, so it names no host.
 */
export function urlFilterHost(filter: string): string | undefined {
  const m = /^(?:\|\||\|https?:\/\/)([a-z0-9._-]+)(?=[\^/:|])/.exec(filter.toLowerCase());
  return m?.[1];
}

/** The hosts a rule names: its requestDomains and the host its urlFilter is anchored to. */
export function namedHosts(condition: RuleCondition): string[] {
  const hosts = [...(condition.requestDomains ?? [])];
  const fromFilter = condition.urlFilter !== undefined ? urlFilterHost(condition.urlFilter) : undefined;
  if (fromFilter !== undefined) hosts.push(fromFilter);
  return [...new Set(hosts)];
}

function checkCondition(raw: unknown, scope: NetrulesScope, problems: Problems): RuleCondition {
  if (!isObject(raw)) {
    problems.push('condition must be an object');
    return {};
  }
  if ('tabIds' in raw || 'excludedTabIds' in raw) problems.push('condition may not name tabs: the extension scopes every rule to the pages it may act on (a tab id of -1 would reach its own requests)');
  if ('domains' in raw || 'excludedDomains' in raw) problems.push('condition uses domains/excludedDomains; write initiatorDomains/excludedInitiatorDomains');
  unknownKeys(raw, [...CONDITION_KEYS, 'tabIds', 'excludedTabIds', 'domains', 'excludedDomains'], 'condition', problems);
  const c: RuleCondition = {};
  if (raw.urlFilter !== undefined) {
    if (typeof raw.urlFilter !== 'string' || raw.urlFilter.length === 0 || raw.urlFilter.length > NETRULES_LIMITS.urlFilterChars || !isAscii(raw.urlFilter)) {
      problems.push(`condition.urlFilter must be ASCII text of 1 to ${NETRULES_LIMITS.urlFilterChars} characters`);
    } else c.urlFilter = raw.urlFilter;
  }
  if (raw.regexFilter !== undefined) {
    if (typeof raw.regexFilter !== 'string' || raw.regexFilter.length === 0 || raw.regexFilter.length > NETRULES_LIMITS.regexChars || !isAscii(raw.regexFilter)) {
      problems.push(`condition.regexFilter must be ASCII text of 1 to ${NETRULES_LIMITS.regexChars} characters`);
    } else {
      try {
        new RegExp(raw.regexFilter);
        c.regexFilter = raw.regexFilter;
      } catch {
        problems.push('condition.regexFilter is not a valid regular expression');
      }
    }
  }
  if (c.urlFilter !== undefined && c.regexFilter !== undefined) problems.push('condition may have urlFilter or regexFilter, not both');
  if (raw.isUrlFilterCaseSensitive !== undefined) {
    if (typeof raw.isUrlFilterCaseSensitive !== 'boolean') problems.push('condition.isUrlFilterCaseSensitive must be true or false');
    else c.isUrlFilterCaseSensitive = raw.isUrlFilterCaseSensitive;
  }
  if (raw.domainType !== undefined) {
    if (raw.domainType !== 'firstParty' && raw.domainType !== 'thirdParty') problems.push('condition.domainType must be firstParty or thirdParty');
    else c.domainType = raw.domainType;
  }
  const lists: Array<[keyof RuleCondition, (s: string) => string | undefined]> = [
    ['requestDomains', domainProblem],
    ['excludedRequestDomains', domainProblem],
    ['initiatorDomains', domainProblem],
    ['excludedInitiatorDomains', domainProblem],
    ['requestMethods', enumProblem(METHODS)],
    ['excludedRequestMethods', enumProblem(METHODS)],
    ['resourceTypes', enumProblem(RESOURCE_TYPES)],
    ['excludedResourceTypes', enumProblem(RESOURCE_TYPES)],
  ];
  for (const [key, check] of lists) {
    const list = stringList(raw[key], `condition.${key}`, problems, check);
    if (list) (c as Record<string, unknown>)[key] = list;
  }
  const filterHost = c.urlFilter !== undefined ? urlFilterHost(c.urlFilter) : undefined;
  if (filterHost !== undefined && isPublicSuffix(filterHost)) problems.push(`condition.urlFilter is anchored to ${quote(filterHost)}, a public suffix: it would act on every site under it`);
  if (scope.everySite) {
    // One rule of an every-site remixlet acts on every page's requests; it must at least say to which hosts.
    if (namedHosts(c).length === 0) problems.push('a remixlet that runs on every site must name the hosts each rule acts on (condition.requestDomains, or a urlFilter that starts with ||host^ or ||host/); this rule would match every request');
  } else if (c.initiatorDomains) {
    const own = ownInitiatorDomains(scope);
    for (const d of c.initiatorDomains) {
      if (!own.some((o) => d === o || d.endsWith(`.${o}`))) problems.push(`condition.initiatorDomains: ${quote(d)} is not one of the remixlet's sites; its rules act only on requests its own pages make`);
    }
  }
  return c;
}

function checkHeaders(raw: unknown, direction: 'request' | 'response', problems: Problems): HeaderChange[] | undefined {
  if (raw === undefined) return undefined;
  const where = `action.${direction}Headers`;
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > NETRULES_LIMITS.headersPerRule) {
    problems.push(`${where} must be a list of 1 to ${NETRULES_LIMITS.headersPerRule} header changes`);
    return undefined;
  }
  const allowed: Record<string, readonly string[]> = HEADERS_A_RULE_MAY_CHANGE[direction];
  const out: HeaderChange[] = [];
  for (const entry of raw) {
    if (!isObject(entry) || typeof entry.header !== 'string' || typeof entry.operation !== 'string') {
      problems.push(`${where}: each change needs a header and an operation`);
      continue;
    }
    unknownKeys(entry, ['header', 'operation', 'value'], where, problems);
    const name = entry.header.toLowerCase();
    const ops = Object.prototype.hasOwnProperty.call(allowed, name) ? allowed[name] : undefined;
    if (!ops) {
      const family = SECURITY_HEADERS.find(([re]) => re.test(name));
      problems.push(
        family
          ? `${where}: ${quote(entry.header)} is a security header (${family[1]}); no rule may touch it`
          : `${where}: ${quote(entry.header)} is not one of the ${direction} headers a rule may change (${Object.keys(allowed).join(', ')})`,
      );
      continue;
    }
    if (!ops.includes(entry.operation)) {
      problems.push(`${where}: ${quote(entry.header)} may only be changed with ${ops.join(', ')}`);
      continue;
    }
    const operation = entry.operation as HeaderChange['operation'];
    if (operation === 'remove') {
      if (entry.value !== undefined && entry.value !== null) problems.push(`${where}: removing ${quote(entry.header)} takes no value`);
      out.push({ header: name, operation });
      continue;
    }
    if (typeof entry.value !== 'string' || entry.value.length > NETRULES_LIMITS.headerValueChars || !isAscii(entry.value)) {
      problems.push(`${where}: ${quote(entry.header)} needs a value of printable ASCII, at most ${NETRULES_LIMITS.headerValueChars} characters`);
      continue;
    }
    out.push({ header: name, operation, value: entry.value });
  }
  return out;
}

function checkRedirect(raw: unknown, condition: RuleCondition, scope: NetrulesScope, problems: Problems): RuleAction['redirect'] {
  if (!isObject(raw)) {
    problems.push('a redirect rule needs action.redirect');
    return undefined;
  }
  if ('regexSubstitution' in raw) problems.push('action.redirect.regexSubstitution is refused: it can carry any part of the original address, tokens included, to the new one');
  if ('extensionPath' in raw) problems.push('action.redirect.extensionPath is refused: pages are never sent to an extension page');
  unknownKeys(raw, ['url', 'transform', 'regexSubstitution', 'extensionPath'], 'action.redirect', problems);
  const methods = condition.requestMethods;
  if (methods && !(methods.length === 1 && methods[0] === 'get')) problems.push('a redirect applies only to GET requests; set condition.requestMethods to ["get"] or leave it out');
  const named = namedHosts(condition);
  const destination = scope.everySite
    ? 'on the same site as the hosts the rule names'
    : "on the remixlet's own sites";
  if (raw.url !== undefined) {
    let url: URL | undefined;
    try {
      url = typeof raw.url === 'string' ? new URL(raw.url) : undefined;
    } catch {
      url = undefined;
    }
    if (!url) {
      problems.push('action.redirect.url is not an address');
      return undefined;
    }
    if (url.protocol !== 'https:') problems.push(`a redirect must go to an https address; ${quote(raw.url as string)} is not one`);
    if (url.username || url.password) problems.push('a redirect address may not carry a user name or password');
    const onTarget = scope.everySite ? named.length > 0 && named.every((h) => sameSite(h, url)) : urlOnHosts(url, scope.ownHosts);
    if (!onTarget) problems.push(`a redirect must go to an https address ${destination}; ${quote(url.host)} is not`);
    return { url: url.href };
  }
  if (raw.transform !== undefined) {
    const t = raw.transform;
    if (!isObject(t)) {
      problems.push('action.redirect.transform must be an object');
      return undefined;
    }
    for (const key of ['host', 'port', 'fragment', 'username', 'password']) {
      if (key in t) problems.push(`action.redirect.transform may not change the ${key}: the request would leave for another address or carry data in it`);
    }
    unknownKeys(t, ['scheme', 'path', 'query', 'queryTransform', 'host', 'port', 'fragment', 'username', 'password'], 'action.redirect.transform', problems);
    if (t.scheme !== 'https') problems.push('action.redirect.transform must set scheme to "https": a redirect must go to an https address');
    // The host stays the request's own, so the rule must name it, and (on some sites) name only the remixlet's own.
    if (named.length === 0) problems.push('a transform redirect must name the hosts it acts on (condition.requestDomains or a urlFilter starting with ||host^ or ||host/)');
    else if (!scope.everySite) {
      for (const h of named) if (!urlOnHosts(new URL(`https://${h}/`), scope.ownHosts)) problems.push(`a redirect must go to an https address ${destination}; ${quote(h)} is not`);
    }
    const out: { scheme: 'https'; path?: string; query?: string; queryTransform?: { removeParams?: string[]; addOrReplaceParams?: Array<{ key: string; value: string }> } } = { scheme: 'https' };
    if (t.path !== undefined) {
      if (typeof t.path !== 'string' || !t.path.startsWith('/') || t.path.length > 1_000 || !isAscii(t.path)) problems.push('action.redirect.transform.path must be an ASCII path starting with /');
      else out.path = t.path;
    }
    if (t.query !== undefined) {
      if (typeof t.query !== 'string' || !(t.query === '' || t.query.startsWith('?')) || t.query.length > 1_000 || !isAscii(t.query)) problems.push('action.redirect.transform.query must be empty or an ASCII query starting with ?');
      else out.query = t.query;
    }
    if (t.queryTransform !== undefined) {
      const q = t.queryTransform;
      const params = (v: unknown) => Array.isArray(v) && v.length <= 50 && v.every((s) => typeof s === 'string' && s.length <= 200 && isAscii(s));
      const pairs = (v: unknown) => Array.isArray(v) && v.length <= 50 && v.every((p) => isObject(p) && Object.keys(p).every((k) => k === 'key' || k === 'value') && typeof p.key === 'string' && typeof p.value === 'string' && isAscii(p.key) && isAscii(p.value) && p.key.length + p.value.length <= 400);
      if (!isObject(q) || Object.keys(q).some((k) => k !== 'removeParams' && k !== 'addOrReplaceParams') || (q.removeParams !== undefined && !params(q.removeParams)) || (q.addOrReplaceParams !== undefined && !pairs(q.addOrReplaceParams))) {
        problems.push('action.redirect.transform.queryTransform may only have removeParams (names) and addOrReplaceParams ({ key, value }), in ASCII');
      } else {
        out.queryTransform = {
          ...(q.removeParams !== undefined ? { removeParams: [...(q.removeParams as string[])] } : {}),
          ...(q.addOrReplaceParams !== undefined ? { addOrReplaceParams: (q.addOrReplaceParams as Array<{ key: string; value: string }>).map((p) => ({ key: p.key, value: p.value })) } : {}),
        };
      }
    }
    return { transform: out };
  }
  if (!('regexSubstitution' in raw) && !('extensionPath' in raw)) problems.push('action.redirect needs a url or a transform');
  return undefined;
}

/** Checks one rule; `index` is its position in rules.json (0-based). */
export function checkRule(raw: unknown, index: number, scope: NetrulesScope): { ok: true; rule: CheckedRule } | { ok: false; problems: string[] } {
  const problems: Problems = [];
  if (!isObject(raw)) return { ok: false, problems: ['a rule must be an object with an action and a condition'] };
  unknownKeys(raw, ['id', 'priority', 'action', 'condition'], 'the rule', problems);
  let writtenId: number | undefined;
  if (raw.id !== undefined) {
    if (typeof raw.id !== 'number' || !Number.isInteger(raw.id) || raw.id < 1) problems.push('id must be a positive whole number');
    else writtenId = raw.id;
  }
  let priority = 1;
  if (raw.priority !== undefined) {
    if (typeof raw.priority !== 'number' || !Number.isInteger(raw.priority) || raw.priority < 1 || raw.priority > NETRULES_LIMITS.priorityMax) {
      problems.push(`priority must be a whole number from 1 to ${NETRULES_LIMITS.priorityMax}`);
    } else priority = raw.priority;
  }
  const condition = checkCondition(raw.condition, scope, problems);
  const a = raw.action;
  if (!isObject(a) || typeof a.type !== 'string') return { ok: false, problems: [...problems, 'action must be an object with a type'] };
  if (!(ACTIONS as readonly string[]).includes(a.type)) {
    problems.push(a.type === 'allowAllRequests' ? 'allowAllRequests is not supported; use allow' : `action.type ${quote(a.type)} is not one of ${ACTIONS.join(', ')}`);
    return { ok: false, problems };
  }
  const type = a.type as RuleAction['type'];
  const action: RuleAction = { type };
  if (type === 'redirect') {
    unknownKeys(a, ['type', 'redirect'], 'action', problems);
    const redirect = checkRedirect(a.redirect, condition, scope, problems);
    if (redirect) action.redirect = redirect;
    condition.requestMethods = ['get'];
  } else if (type === 'modifyHeaders') {
    unknownKeys(a, ['type', 'requestHeaders', 'responseHeaders'], 'action', problems);
    const req = checkHeaders(a.requestHeaders, 'request', problems);
    const res = checkHeaders(a.responseHeaders, 'response', problems);
    if (req === undefined && res === undefined && a.requestHeaders === undefined && a.responseHeaders === undefined) problems.push('a modifyHeaders rule needs requestHeaders or responseHeaders');
    if (req?.length) action.requestHeaders = req;
    if (res?.length) action.responseHeaders = res;
  } else {
    unknownKeys(a, ['type'], 'action', problems);
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, rule: { index, writtenId, priority, action, condition } };
}

/** A rule's name in a refusal or a log line: its position, and the id it was written with. */
export const ruleLabel = (index: number, writtenId: number | undefined): string => `rule ${index + 1}${writtenId !== undefined ? ` (id ${writtenId})` : ''}`;

export interface RulesVerdict {
  rules: CheckedRule[];
  refused: Array<{ index: number; writtenId: number | undefined; problems: string[] }>;
  /** Set when the file as a whole is unusable (not JSON, not a list, too many rules). */
  fileProblem?: string;
}

/** Every rule of a rules.json checked on its own, so an install can keep the good ones. */
export function checkRulesText(text: string, manifest: Pick<Manifest, 'matches'>): RulesVerdict {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { rules: [], refused: [], fileProblem: `rules.json is not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (!Array.isArray(json)) return { rules: [], refused: [], fileProblem: 'rules.json must be a JSON list of rules' };
  if (json.length > NETRULES_LIMITS.rules) return { rules: [], refused: [], fileProblem: `rules.json has ${json.length} rules; the limit is ${NETRULES_LIMITS.rules}` };
  const scope = netrulesScopeOf(manifest);
  const verdict: RulesVerdict = { rules: [], refused: [] };
  let regexes = 0;
  json.forEach((raw, index) => {
    const checked = checkRule(raw, index, scope);
    const writtenId = isObject(raw) && typeof raw.id === 'number' ? raw.id : undefined;
    if (!checked.ok) {
      verdict.refused.push({ index, writtenId, problems: checked.problems });
      return;
    }
    if (checked.rule.condition.regexFilter !== undefined && ++regexes > NETRULES_LIMITS.regexRules) {
      verdict.refused.push({ index, writtenId, problems: [`at most ${NETRULES_LIMITS.regexRules} rules may use regexFilter`] });
      return;
    }
    verdict.rules.push(checked.rule);
  });
  return verdict;
}

/** The save-time form: every refused rule is a RULE_REFUSED refusal naming the rule and why. */
export function checkRulesFile(text: string, manifest: Pick<Manifest, 'matches'>): PolicyResult<{ rules: CheckedRule[] }> {
  const verdict = checkRulesText(text, manifest);
  if (verdict.fileProblem) return failed([refusal('RULE_REFUSED', verdict.fileProblem, { file: 'rules.json' })]);
  const refusals: PolicyRefusal[] = verdict.refused.map((r) =>
    refusal('RULE_REFUSED', `rules.json ${ruleLabel(r.index, r.writtenId)}: ${r.problems.join('; ')}`, { file: 'rules.json' }),
  );
  return refusals.length ? failed(refusals) : passed({ rules: verdict.rules });
}
