// Context: background service worker. Puts the page agent's server bundle (page-agent-server.js: its schemas,
// router and operations, page-agent/server-main.ts) into one document, beside the start the registration put
// there (registration.ts), when the worker first connects to a page where no script's registration brought it
// (a chat's tab, a style.css with `>>>` rules). Trusts the browser's ids for the document; the page agent
// admits the worker's port by its browser-filled sender, and a second copy of the bundle builds nothing.

export const PAGE_AGENT_SERVER_FILE = 'page-agent-server.js';

/** Runs the server bundle in the page agent's isolated world of exactly this document (top frame). */
export async function injectPageAgentServer(tabId: number, documentId: string): Promise<void> {
  await chrome.scripting.executeScript({ target: { tabId, documentIds: [documentId] }, files: [PAGE_AGENT_SERVER_FILE], world: 'ISOLATED' });
}
