// The extension manifest. Host access is broad because remixlets may be approved for any site, but the
// page agent is registered only for the sites an active remixlet matches (worker/pages/registration.ts).
import { defineManifest } from '@crxjs/vite-plugin';
import pkg from './package.json' with { type: 'json' };

/**
 * The sandbox page's CSP: no network of any kind, no eval, no forms, no frames, no popups or navigation of
 * the top (the sandbox flags grant scripts only); blob: scripts and workers for local code. Only extension
 * pages may frame it. Resource hints (preconnect, dns-prefetch) are outside CSP, which is one reason
 * remixlet code never runs in this page's window but in a worker it starts (sandbox/main.ts).
 */
export const SANDBOX_CSP = [
  'sandbox allow-scripts',
  "default-src 'none'",
  "script-src 'self' blob:",
  'worker-src blob:',
  "child-src 'none'",
  "connect-src 'none'",
  "img-src 'none'",
  "media-src 'none'",
  "font-src 'none'",
  "style-src 'none'",
  "object-src 'none'",
  "frame-src 'none'",
  "manifest-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

export default defineManifest({
  manifest_version: 3,
  name: 'Remixlet',
  description: 'Reshape the websites you use by chatting with an AI agent.',
  version: pkg.version,
  minimum_chrome_version: '116',
  background: { service_worker: 'worker/main.ts', type: 'module' },
  action: { default_title: 'Remixlet', default_popup: 'panel/popup.html' },
  side_panel: { default_path: 'panel/panel.html' },
  options_page: 'panel/manager.html',
  sandbox: { pages: ['sandbox/sandbox.html'] },
  permissions: [
    'scripting',
    'storage',
    'unlimitedStorage',
    'offscreen',
    'sidePanel',
    'tabs',
    'webNavigation',
    'alarms',
    'contextMenus',
    'notifications',
    'clipboardWrite',
    'declarativeNetRequestWithHostAccess',
    // rmx.fetch reads each redirect's Location from its own request's response headers before deciding
    // whether to follow it (worker/services/fetch.ts); observation only, never blocking.
    'webRequest',
  ],
  host_permissions: ['<all_urls>'],
  content_security_policy: {
    extension_pages: "script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; img-src 'self' data:",
    sandbox: SANDBOX_CSP,
  },
});
