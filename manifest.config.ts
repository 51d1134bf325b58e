// The extension manifest. Host access is broad because remixlets may be approved for any site, but the
// page agent is registered only for the sites an active remixlet matches (worker/registration.ts).
import { defineManifest } from '@crxjs/vite-plugin';
import pkg from './package.json' with { type: 'json' };

/** The sandbox page's CSP: no network of any kind, no eval, no forms, no frames; blob: scripts and workers only. */
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
  ],
  host_permissions: ['<all_urls>'],
  content_security_policy: {
    extension_pages: "script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    sandbox: SANDBOX_CSP,
  },
});
