// Context: page agent (isolated world). Which ports the page agent serves: only those opened by this
// extension's worker, known by what the browser fills in (sender id, no tab, and the worker script's own
// address). The extension's other pages (side panel, popup, manager) share the id and have no tab either,
// but could name any remixlet scope past the worker's grants, so the address must be the worker's.
type Runtime = Pick<typeof chrome.runtime, 'id' | 'getURL' | 'getManifest'>;

export function workerPortAdmission(runtime: Runtime): (port: chrome.runtime.Port) => boolean {
  const background = runtime.getManifest().background;
  const workerUrl = background && 'service_worker' in background ? runtime.getURL(background.service_worker) : undefined;
  return (port) => {
    const s = port.sender;
    return workerUrl !== undefined && port.name === 'worker' && s?.id === runtime.id && !s.tab && s.url === workerUrl;
  };
}
