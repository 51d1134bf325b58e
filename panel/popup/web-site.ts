// Context: extension UI pages (pure). Which site a tab is on, for pausing: its host name, and only for
// the web pages remixlets can run on (never chrome:// or an extension page).
export function webSiteOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.hostname : undefined;
  } catch {
    return undefined;
  }
}
