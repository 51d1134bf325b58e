// Context: background service worker. Decides, from its own records, which remixlets run in which
// document: starts a sandbox when a matching page reaches the manifest's runAt (or a single-page app
// moves onto a matching URL), and tears sandboxes down when the page goes, moves away, or the remixlet
// stops. Trusts page agents only for readyState and events, never for which remixlet is which.
import { loadAll, type ActiveRemixlet } from '../store/remixlets';
import { isSitePaused } from '../store/settings';
import { appendLog } from '../store/logs';
import { tokens, UNCOMMITTED, type TokenRecord } from '../ports/tokens';
import { sendToOffscreen } from '../ports/offscreen-host';
import { allPages, documentCommittedIn, pageFor, superseded, tabGone, type PageRecord } from './pages';
import { navigationNoted, sparesFor, tabForgotten } from './spare-pool';
import { runVerdict } from '../activation/remixlet-state';
import { API_VERSION } from '../../contracts/remixlet';
import { styleOf } from './style-insertion';
import { styleHold } from './style-hold';
import { hasShadowStep } from '../../contracts/dom/shadow-selector';
import { splitShadowSheet } from '../../contracts/dom/shadow-sheet';
import { documentUnpinned, pinPasswordFields } from './password-pin';
import type { PageEvent } from '../../contracts/dom/ops';
import { scopeOf } from './scope';
import { traced } from '../activation/pending';
import { observed, visitEnded, visitStarted } from '../health/health';
import { forgetTab, offInTab } from './tab-off';
import { isWebAddress } from '../../contracts/policy/site';
import { benchMark } from '../../contracts/bench-marks';
import { BENCH_MARKS } from '../../contracts/build-flags';


// Lifecycle changes run one at a time: two reconciles of one page racing between "is there a sandbox?" and
// "start one" would start two, and a page that goes while a start awaits would leave one behind. A
// document's commit goes ahead of what waits (`first`): what it prepares must be ready before the page is,
// and what waits is mostly about pages already gone (a stale page's reconcile leaves it alone: superseded).
const waiting: { first: Array<() => Promise<void>>; rest: Array<() => Promise<void>> } = { first: [], rest: [] };
let running = false;
function serially<T>(task: () => Promise<T>, name = task.name || 'task', first = false): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    (first ? waiting.first : waiting.rest).push(() => traced(`lifecycle ${name}`, task).then(resolve, reject));
    if (!running) void runWaiting();
  });
}
async function runWaiting(): Promise<void> {
  running = true;
  for (let next = waiting.first.shift() ?? waiting.rest.shift(); next; next = waiting.first.shift() ?? waiting.rest.shift()) await next();
  running = false;
}

/** A page busy in a loop answers nothing; the queue above must not wait on it forever. */
const PAGE_ANSWER_MS = 2_000;
function withinTime<T>(p: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([p, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), PAGE_ANSWER_MS))]);
}

/**
 * CSS inserted per (tab, document, remixlet), so it can be removed when a single-page app moves away. Set
 * before the stylesheet is read, so two insertions never both go ahead, even outside the lifecycle queue:
 * `reading`, the sheet as it goes in; `landed`, settled once the browser has put it in or gave up (the style
 * gate waits for it).
 */
const insertedCss = new Map<string, { reading: Promise<string | undefined>; landed: Promise<unknown> }>();
const cssKey = (tabId: number, documentId: string, id: string) => `${tabId}:${documentId}:${id}`;

/**
 * The remixlets that run on this address now (in this tab: one switched off there does not); `logRefused`
 * writes why one that may not run (its API version) does not.
 */
async function runnableOn(url: string, tabId: number, logRefused = true): Promise<ActiveRemixlet[]> {
  const paused = await isSitePaused(url);
  const offHere = await offInTab(tabId, url);
  const out: ActiveRemixlet[] = [];
  for (const loaded of await loadAll()) {
    if (!loaded.ok) continue;
    const verdict = runVerdict(loaded.remixlet, url, paused);
    if (verdict.runs) {
      if (!offHere.has(loaded.remixlet.head.id)) out.push(loaded.remixlet);
    } else if (logRefused && verdict.code === 'API_VERSION_UNSUPPORTED') {
      await appendLog(loaded.remixlet.head.id, { at: Date.now(), level: 'error', source: 'worker', message: verdict.reason, url });
    }
  }
  return out;
}

const hasScript = (r: ActiveRemixlet) => Boolean(r.version.files['script.js']?.trim());

/**
 * Resolves once the insertion is recorded and asked of the browser; `inserted` once the browser is done
 * (or gave up). A later removeCSS is asked after it, so the browser sees them in that order either way.
 */
async function insertStyle(page: { tabId: number; documentId: string; url: string }, r: ActiveRemixlet): Promise<{ inserted: Promise<unknown> }> {
  const key = cssKey(page.tabId, page.documentId, r.head.id);
  const none = { inserted: Promise.resolve() };
  // Asked for already: this caller waits for the same sheet to land.
  const known = insertedCss.get(key);
  if (known) return { inserted: known.landed };
  // The document's part: `>>>` rules, which no document sheet can apply (and which would take the rest of
  // their rule down with them), go to the page agent instead (shareShadowStyle).
  const reading = styleOf(r).then((css) => (css && hasShadowStep(css) ? splitShadowSheet(css).documentCss : css));
  let land!: (done: Promise<unknown>) => void;
  const entry = { reading, landed: new Promise<unknown>((resolve) => (land = resolve)).catch(() => undefined) };
  insertedCss.set(key, entry);
  const ours = () => insertedCss.get(key) === entry;
  let css: string | undefined;
  try {
    css = await reading;
  } catch (e) {
    land(Promise.resolve());
    if (ours()) insertedCss.delete(key);
    throw e;
  }
  const hold = styleHold();
  if (hold) await hold;
  // Removed meanwhile (the remixlet stopped, the page went): nothing to insert.
  if (!ours() || !css) {
    land(Promise.resolve());
    if (ours()) insertedCss.delete(key);
    return none;
  }
  const inserted = withinTime(chrome.scripting.insertCSS({ target: { tabId: page.tabId, documentIds: [page.documentId] }, css, origin: 'AUTHOR' }), undefined);
  land(inserted);
  // A sheet the browser refused is not in the document: nothing to remove, and a later insertion may try again.
  inserted.catch(() => ours() && insertedCss.delete(key));
  return { inserted };
}

/**
 * Settles once every style.css that runs on this page now is in the document (or failed, with its log
 * line), and the password pin before them: the style gate holds the page's first paint until then
 * (contracts/boundaries/style-gate.ts). A sheet already asked for (at the commit) is waited for, not asked
 * again.
 */
export async function stylesIn(page: PageRecord): Promise<void> {
  const url = page.url;
  if (!isWebAddress(url)) return;
  const runnable = await runnableOn(url, page.tabId, false);
  // Outside the lifecycle queue: a page that went, or moved on, meanwhile is the queue's to reconcile.
  if (pageFor(page.tabId) !== page || page.url !== url) return;
  await Promise.all(runnable.map((r) => insertStyleLogged(page, r)));
}

async function removeStyle(tabId: number, documentId: string, id: string): Promise<void> {
  const key = cssKey(tabId, documentId, id);
  const known = insertedCss.get(key);
  if (known === undefined) return;
  insertedCss.delete(key);
  const css = await known.reading.catch(() => undefined);
  if (css === undefined) return;
  await withinTime(chrome.scripting.removeCSS({ target: { tabId, documentIds: [documentId] }, css, origin: 'AUTHOR' }).catch(() => undefined), undefined);
}

/** A top-frame document, as the browser named it. */
interface DocumentRef {
  tabId: number;
  documentId: string;
}

async function liveTokenFor(page: DocumentRef, id: string): Promise<TokenRecord | undefined> {
  return (await tokens.all()).map(([, rec]) => rec).find((rec) => rec.tabId === page.tabId && rec.documentId === page.documentId && rec.remixletId === id);
}

/** The page's address and title now: the hello's while the page is where and as ready as it said (no round trip to a page agent that may still be building its router), a fresh status once it moved on. */
async function pageNow(page: PageRecord): Promise<{ url: string; title: string }> {
  const hello = page.hello && page.hello.url === page.url && page.hello.readyState === page.readyState ? page.hello : undefined;
  const unknown = { url: page.url, title: '', readyState: page.readyState };
  const status = hello ?? (await withinTime(page.agent.status({}).catch(() => unknown), unknown));
  return { url: status.url, title: status.title };
}

/**
 * A page runs a remixlet's script from the moment its document commits: the page agent answers its dom
 * calls from the manifest's runAt on (page-agent/ready.ts), and a call made before the page agent has
 * connected waits for it in the grant middleware (pages.ts pageWhenThere). The sandbox is made ready
 * earlier still: when the navigation starts (navigationStarted) it is created held (frame, runtime, APIs and
 * the script compiled; nothing run, so it makes no call), and the commit binds it to the document and
 * starts it, so by the runAt its first calls are already waiting in the page agent
 * (bench/time-to-effect.bench.ts).
 */
async function startSandbox(page: PageRecord, r: ActiveRemixlet): Promise<void> {
  if (!hasScript(r)) return;
  const live = await liveTokenFor(page, r.head.id);
  if (!live) return createSandbox(page, r, await pageNow(page), false);
  if (live.held) await startHeld((rec) => rec.sandboxId === live.sandboxId, () => pageNow(page));
}

/** Marks the held sandboxes `pred` picks started (once: tokens.startHeld) and starts them with what the page is. */
async function startHeld(pred: (rec: TokenRecord) => boolean, pageInfo: () => Promise<{ url: string; title: string }>): Promise<void> {
  const starting = await tokens.startHeld(pred);
  if (!starting.length) return;
  sendStarts(starting, await pageInfo());
}

function sendStarts(starting: readonly TokenRecord[], page: { url: string; title: string }): void {
  for (const rec of starting) {
    if (BENCH_MARKS) benchMark('w:start-sent');
    sendToOffscreen({ type: 'start', sandboxId: rec.sandboxId, page });
    visitStarted(rec, page.url);
  }
}

/** `hold`: until its navigation commits (navigationStarted). */
async function createSandbox(doc: DocumentRef, r: ActiveRemixlet, page: { url: string; title: string }, hold: boolean): Promise<void> {
  const issued = { remixletId: r.head.id, tabId: doc.tabId, frameId: 0, documentId: doc.documentId, ...(hold ? { held: true } : {}) };
  // The frame gets going while the token is saved: the page is loading meanwhile.
  await tokens.issue(issued, ({ token, record }) => {
    sendToOffscreen({
      type: 'create',
      sandboxId: record.sandboxId,
      token,
      remixletId: r.head.id,
      script: r.version.files['script.js']!,
      page,
      apiVersion: API_VERSION,
      extensionVersion: chrome.runtime.getManifest().version,
      ...(hold ? { hold: true } : {}),
    });
    if (!hold) visitStarted(record, page.url);
  });
}

/** Starts what should run on this page now, and stops what no longer should. */
export function reconcilePage(page: PageRecord): Promise<void> {
  return serially(() => reconcileNow(page), `reconcile tab ${page.tabId}`);
}

async function reconcileNow(page: PageRecord): Promise<void> {
  if (pageFor(page.tabId) !== page || superseded(page)) return;
  const runnable = await runnableOn(page.url, page.tabId);
  // A script will call the page agent: its router is built while the styles go in and the sandboxes start.
  if (runnable.some(hasScript)) page.connect();
  const runnableIds = new Set(runnable.map((r) => r.head.id));
  // Sandboxes of an earlier document in this tab go too (one the worker missed while it was asleep).
  await stopNow((rec) => rec.tabId === page.tabId && (rec.documentId !== page.documentId || !runnableIds.has(rec.remixletId)), 'no longer runs on this page');
  for (const key of [...insertedCss.keys()]) {
    const [tab, doc, id] = key.split(':');
    if (Number(tab) === page.tabId && doc === page.documentId && id && !runnableIds.has(id)) await removeStyle(page.tabId, page.documentId, id);
  }
  for (const key of [...sharedShadowCss]) {
    const [tab, doc, id] = key.split(':');
    if (Number(tab) !== page.tabId || !id || (doc === page.documentId && runnableIds.has(id))) continue;
    sharedShadowCss.delete(key);
    if (doc === page.documentId) await withinTime(page.agent.insertStyle({ remixletId: id, css: '' }).catch(() => undefined), undefined);
  }
  for (const r of runnable) {
    await insertStyleLogged(page, r);
    await shareShadowStyle(page, r);
    await startSandbox(page, r);
  }
}

/** The documents a remixlet's `>>>` rules were handed to (cssKey), so they can be taken out when it stops there. */
const sharedShadowCss = new Set<string>();

/** The `>>>` rules of a remixlet's checked style.css, handed to the page agent, which adopts them into shadow roots. */
async function shareShadowStyle(page: PageRecord, r: ActiveRemixlet): Promise<void> {
  const css = await styleOf(r).catch(() => undefined);
  if (!css || !hasShadowStep(css)) return;
  try {
    sharedShadowCss.add(cssKey(page.tabId, page.documentId, r.head.id));
    await withinTime(page.agent.insertStyle({ remixletId: r.head.id, css }), undefined);
  } catch (e) {
    await appendLog(r.head.id, { at: Date.now(), level: 'error', source: 'worker', message: `style.css rules with ">>>" were not put into shadow roots: ${String(e)}`, url: page.url });
  }
}

/** Inserts style.css and logs a failure; `wait: false` returns once the insertion is asked for, not done. */
async function insertStyleLogged(page: { tabId: number; documentId: string; url: string }, r: ActiveRemixlet, wait = true): Promise<void> {
  const failed = (e: unknown) => appendLog(r.head.id, { at: Date.now(), level: 'error', source: 'worker', message: `style.css was not inserted: ${String(e)}`, url: page.url });
  // Asked of the browser before the remixlet's own sheet and before its script can read the page.
  const pinning = pinPasswordFields(page.tabId, page.documentId);
  try {
    if (wait) await pinning;
    const { inserted } = await insertStyle(page, r);
    const done = inserted.catch(failed);
    if (wait) await done;
  } catch (e) {
    await failed(e);
  }
}

/**
 * A top-frame navigation started: the sandbox of each script that runs at its address is created held
 * (frame, runtime, script compiled) and bound to no document, while the request is still on its way; the
 * commit binds it to the document (or stops it: the address changed on the way, the remixlet no longer
 * runs there). A page that commits tens of milliseconds after its request and is parsed soon after then
 * finds its sandboxes ready (bench/time-to-effect.bench.ts). Nothing here touches a page.
 */
export function navigationStarted(tabId: number, url: string): Promise<void> {
  navigationNoted(tabId, performance.now());
  return serially(async () => {
    // A navigation of this tab that never committed (stopped, replaced by this one) leaves its sandboxes here.
    await stopUncommitted(tabId, 'the navigation was replaced before it committed');
    if (!isWebAddress(url)) return;
    const scripts = (await runnableOn(url, tabId, false)).filter(hasScript);
    // Made together: each frame is asked for as its token is issued, and the tokens share one write (tokens.ts).
    await Promise.all(scripts.map((r) => createSandbox({ tabId, documentId: UNCOMMITTED }, r, { url, title: '' }, true)));
    // The frames these took are replaced now, not at the commit: a runtime takes 100–250 ms to be ready on a
    // busy machine, and the next navigation may come soon after this page loads (offscreen/spares.ts).
    if (scripts.length) sendToOffscreen({ type: 'prewarm', count: sparesFor(tabId, scripts.length) });
  }, `navigating tab ${tabId}`, true);
}

/** A top-frame navigation ended without a document (aborted, a download, an error before commit): what it prepared goes. */
export function navigationFailed(tabId: number): Promise<void> {
  return serially(() => stopUncommitted(tabId, 'the navigation ended without a page'), `navigation failed tab ${tabId}`, true);
}

/** The held sandboxes a tab's navigation made before committing; they never started, so nothing is released. */
function stopUncommitted(tabId: number, reason: string): Promise<void> {
  return stopNow((rec) => Boolean(rec.held) && rec.tabId === tabId && rec.documentId === UNCOMMITTED, reason, { release: false });
}

/**
 * A top-frame document committed. What will run there gets ready while the page loads, with the same
 * checks a page agent's arrival runs: style.css goes in now, before the page agent (which a page takes tens
 * of milliseconds to evaluate) has said hello, so the first paint already has it; and each script's
 * sandbox made when the navigation started is bound to the document and started (one missing is created
 * and started now): its calls wait for the page agent, and its dom calls for the runAt (startSandbox).
 */
export function documentCommitted(tabId: number, documentId: string, url: string): Promise<void> {
  documentCommittedIn(tabId, documentId);
  // Web pages only: elsewhere (file:, the browser's own pages) the page agent's arrival decides, as before.
  const web = isWebAddress(url);
  // Read once, for the style now and the sandboxes in the queue: commits go first there, so nothing queued
  // before it (a remixlet saved and restarted) would have changed the answer.
  const reading = web ? runnableOn(url, tabId, false) : Promise.resolve([]);
  // style.css at once, not behind the queue (a navigation's sandboxes may still be being made): the first
  // paint comes tens of milliseconds after the commit. insertStyle is safe outside the queue.
  void reading.then((runnable) => Promise.all(runnable.map((r) => insertStyleLogged({ tabId, documentId, url }, r, false)))).catch(() => undefined);
  return serially(async () => {
    const runnable = await reading;
    const runs = new Set(runnable.map((r) => r.head.id));
    // The sandboxes made when the navigation started, for what still runs at the address it committed at:
    // bound to this document and started in one step (their calls wait for the page agent; the title is not
    // known before it says it).
    const page = { url, title: '' };
    const pending = (rec: TokenRecord) => rec.tabId === tabId && rec.documentId === UNCOMMITTED && runs.has(rec.remixletId);
    await tokens.startHeld(pending, { documentId, whileSaving: (starting) => sendStarts(starting, page) });
    // Held sandboxes of anything else go: made for an address the navigation left on the way, or for an
    // earlier document whose page agent never came to say goodbye (an error page). They never started, so
    // nothing of theirs is on a page and no page agent is asked to release anything.
    await stopNow((rec) => Boolean(rec.held) && rec.tabId === tabId && rec.documentId !== documentId, 'the page went away before it was ready', { release: false });
    const scripts = runnable.filter(hasScript);
    for (const r of scripts) {
      if (!(await liveTokenFor({ tabId, documentId }, r.head.id))) await createSandbox({ tabId, documentId }, r, page, false);
    }
    // Then frames for the next page: one more than this page needs, since a frame takes longer to load than
    // a quick next page takes to commit. Asked for after this page's sandboxes took theirs, and loaded only
    // once those have booted (offscreen/spares.ts): every sandbox frame shares one process.
    if (scripts.length) {
      // Frames wait for this page's load as well (offscreen/spares.ts): unless it is loaded already.
      const current = pageFor(tabId);
      const loaded = current?.documentId === documentId && current.readyState === 'complete';
      if (!loaded) sendToOffscreen({ type: 'pageLoading', tabId, loading: true });
      sendToOffscreen({ type: 'prewarm', count: sparesFor(tabId, scripts.length) });
    }
  }, `committed tab ${tabId}`, true);
}

/** A closed tab: whatever it ran goes, also sandboxes whose page agent never came. */
export function tabClosed(tabId: number): Promise<void> {
  sendToOffscreen({ type: 'pageLoading', tabId, loading: false });
  tabGone(tabId);
  tabForgotten(tabId);
  void forgetTab(tabId).catch(() => undefined);
  return stopSandboxes((rec) => rec.tabId === tabId, 'the tab was closed');
}

export function stopSandboxes(pred: (rec: TokenRecord) => boolean, reason: string): Promise<void> {
  return serially(() => stopNow(pred, reason), `stop (${reason})`);
}

/**
 * `release`: ask the page agent to drop the sandbox's listeners and observers (not for sandboxes that never
 * started). `waitForWrite`: whether the queue waits for the revocation to be saved (tokens.revokeWhere).
 */
async function stopNow(pred: (rec: TokenRecord) => boolean, reason: string, opts: { release?: boolean; waitForWrite?: boolean } = {}): Promise<void> {
  const release = opts.release ?? true;
  const gone = await tokens.revokeWhere(pred, { waitForWrite: opts.waitForWrite });
  for (const [, rec] of gone) {
    sendToOffscreen({ type: 'destroy', sandboxId: rec.sandboxId, reason });
    visitEnded(rec.sandboxId);
    if (!release) continue;
    const page = pageFor(rec.tabId);
    if (page && page.documentId === rec.documentId) await withinTime(page.agent.release({ remixletId: rec.remixletId }).catch(() => ({ released: false })), { released: false });
  }
}

export function pageGone(tabId: number, documentId: string): Promise<void> {
  return serially(async () => {
    for (const key of [...insertedCss.keys()]) if (key.startsWith(`${tabId}:${documentId}:`)) insertedCss.delete(key);
    documentUnpinned(tabId, documentId);
    // The next page of the tab commits about now, and its start waits in this queue: the revocation's
    // storage write (10-45 ms during a navigation, measured) is not waited for (bench/HISTORY.md, seventh pass).
    await stopNow((rec) => rec.tabId === tabId && rec.documentId === documentId, 'the page went away', { waitForWrite: false });
  }, `page gone tab ${tabId}`);
}

/** The offscreen host tore a sandbox down on its own (it loaded a second document, or flooded): release its page side too. */
export function sandboxEnded(sandboxId: string, reason: string): Promise<void> {
  return stopSandboxes((rec) => rec.sandboxId === sandboxId, reason);
}

export async function routePageEvent(page: PageRecord, event: PageEvent): Promise<void> {
  if (event.kind === 'lifecycle' && event.readyState === 'complete') sendToOffscreen({ type: 'pageLoading', tabId: page.tabId, loading: false });
  if (event.kind === 'lifecycle' || event.kind === 'navigated') {
    await reconcilePage(page);
    if (event.kind !== 'navigated') return;
  }
  const all = await tokens.all();
  let running = false;
  for (const [, rec] of all) {
    if (rec.tabId !== page.tabId || rec.documentId !== page.documentId) continue;
    if ('remixletId' in event && event.remixletId !== rec.remixletId) continue;
    running = true;
    sendToOffscreen({ type: 'event', sandboxId: rec.sandboxId, event });
  }
  if (event.kind === 'observed' && running) observed(page.tabId, page.documentId, event.remixletId, event.handles.length);
  // An observer the page agent ended on its own: a refusal like any other, in the log of a remixlet running here.
  if (event.kind === 'observerEnded' && running) {
    await appendLog(event.remixletId, { at: Date.now(), level: 'refusal', source: 'page-agent', message: event.refusal.reason, refusal: event.refusal, url: page.url });
  }
}

/** After a remixlet changes (saved, switched, paused, deleted), bring every open page in line. */
export function reconcileAll(): Promise<void> {
  return serially(async () => {
    for (const page of allPages()) await reconcileNow(page);
  }, 'reconcile all');
}

export function restartRemixlet(id: string, reason: string): Promise<void> {
  return serially(async () => {
    await stopNow((rec) => rec.remixletId === id, reason);
    for (const key of [...insertedCss.keys()]) {
      const [tab, doc, rid] = key.split(':');
      if (rid === id) await removeStyle(Number(tab), doc!, id);
    }
    for (const page of allPages()) await reconcileNow(page);
  }, `restart ${id}`);
}

export { scopeOf };
