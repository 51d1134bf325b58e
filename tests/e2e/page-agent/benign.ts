// Benign, real-world-shaped markup and CSS a remixlet would plausibly write (cards, tables, SVG icons,
// layouts, themes, form controls), written for this suite. The page policy must apply every one of them
// with zero refusals and nothing left out: a policy that refuses ordinary work is not a usable policy.

const ICON_PATHS = [
  'M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z',
  'M20.84 4.61a5.5 5.5 0 0 0-7.78 0L12 5.67l-1.06-1.06a5.5 5.5 0 0 0-7.78 7.78L12 21.23l8.84-8.84a5.5 5.5 0 0 0 0-7.78z',
  'M3 9l9-7 9 7v11a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  'M21 21l-4.35-4.35M19 11a8 8 0 1 1-16 0 8 8 0 0 1 16 0z',
  'M18 6L6 18M6 6l12 12',
  'M20 6L9 17l-5-5',
  'M12 5v14M5 12h14',
  'M4 4h16c1.1 0 2 .9 2 2v12c0 1.1-.9 2-2 2H4c-1.1 0-2-.9-2-2V6c0-1.1.9-2 2-2z',
  'M15 18l-6-6 6-6',
  'M9 18l6-6-6-6',
  'M6 9l6 6 6-6',
  'M22 12h-4l-3 9L9 3l-3 9H2',
];

const svgIcon = (d: string, i: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="${16 + (i % 3) * 4}" height="${16 + (i % 3) * 4}" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="icon"><path d="${d}"/></svg>`;

const PRODUCTS = ['Blue Mug', 'Green Teapot', 'Red Kettle', 'Oak Tray', 'Linen Napkins', 'Copper Pan', 'Stone Bowl', 'Glass Jar'];

const HANDWRITTEN_HTML: string[] = [
  '<article class="card"><h2 class="card-title">Summer reading</h2><p class="card-body">Ten books to take to the beach this year.</p><a class="card-link" href="/about.html">Read more</a></article>',
  '<div class="banner" role="status"><strong>Heads up:</strong> this page was tidied by a remixlet.</div>',
  '<table class="prices"><caption>Price history</caption><thead><tr><th scope="col">Date</th><th scope="col">Price</th></tr></thead><tbody><tr><td><time datetime="2024-05-01">1 May</time></td><td>$12.00</td></tr><tr><td><time datetime="2024-06-01">1 June</time></td><td>$10.50</td></tr></tbody></table>',
  '<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/about.html">About</a></li><li aria-current="page">Team</li></ol></nav>',
  '<details class="faq"><summary>What does this remixlet do?</summary><p>It hides the promotions and adds a price history.</p></details>',
  '<figure class="figure"><img src="/logo.svg" alt="Lab logo" width="64" height="64" loading="lazy"><figcaption>The lab, in 16 pixels.</figcaption></figure>',
  '<ul class="tags"><li class="tag">kitchen</li><li class="tag">ceramics</li><li class="tag">gifts</li></ul>',
  '<div class="toolbar" role="toolbar" aria-label="Sort"><button type="button" class="btn">Price</button><button type="button" class="btn">Rating</button><button class="btn">Newest</button></div>',
  '<dl class="specs"><dt>Weight</dt><dd>420 g</dd><dt>Material</dt><dd>Stoneware</dd><dt>Dishwasher safe</dt><dd>Yes</dd></dl>',
  '<section class="notice"><h3>Price dropped</h3><p>Was <del>$34.50</del>, now <ins>$29.00</ins>.</p></section>',
  '<label class="filter">Only in stock <input type="checkbox" checked></label>',
  '<div class="search"><input type="search" placeholder="Filter products" autocomplete="off" aria-label="Filter products"><button type="button">Go</button></div>',
  '<select class="sort" aria-label="Sort by"><option value="price">Price</option><option value="rating" selected>Rating</option><optgroup label="Other"><option value="new">Newest</option></optgroup></select>',
  '<textarea class="note" rows="3" cols="40" placeholder="Your note about this product"></textarea>',
  '<p class="meta">Updated <time datetime="2024-07-14T10:00">14 July</time> by <abbr title="Remixlet">RMX</abbr>.</p>',
  '<div class="progress"><progress value="70" max="100">70%</progress><meter value="0.7" min="0" max="1" low="0.3" high="0.8" optimum="1">70%</meter></div>',
  '<pre class="snippet"><code>const total = items.reduce((sum, i) =&gt; sum + i.price, 0);</code></pre>',
  '<p class="shortcut">Press <kbd>Ctrl</kbd> + <kbd>K</kbd> to search.</p>',
  '<blockquote class="quote"><p>Simplicity is prerequisite for reliability.</p><footer>— <cite>Edsger Dijkstra</cite></footer></blockquote>',
  '<div class="grid"><div class="cell">1</div><div class="cell">2</div><div class="cell">3</div><div class="cell">4</div></div>',
  '<header class="page-head"><h1>Deals</h1><p class="lede">Hand-picked, updated daily.</p><hr></header>',
  '<aside class="sidebar" aria-label="Related"><h4>Related</h4><ul><li><a href="/about.html?topic=mugs">Mugs</a></li><li><a href="/about.html?topic=pots">Teapots</a></li></ul></aside>',
  '<footer class="foot"><small>Made with a remixlet &middot; <a href="/about.html">About</a></small></footer>',
  '<div class="rating" role="img" aria-label="4 out of 5 stars"><span class="star on">★</span><span class="star on">★</span><span class="star on">★</span><span class="star on">★</span><span class="star">☆</span></div>',
  '<div class="empty"><p>No results. Try a <mark>shorter</mark> search.</p></div>',
  '<ol class="steps" start="3" reversed><li>Preheat</li><li>Mix</li><li>Bake</li></ol>',
  '<table class="compare"><colgroup><col span="1" class="label"><col span="2" class="values"></colgroup><tr><th scope="row">Capacity</th><td>300 ml</td><td>450 ml</td></tr><tr><th scope="row">Colour</th><td colspan="2">Blue or green</td></tr></table>',
  '<div class="chat"><p class="msg mine">Is it back in stock?</p><p class="msg theirs">Yes, since Monday!</p></div>',
  '<ruby class="reading">漢<rp>(</rp><rt>kan</rt><rp>)</rp>字<rp>(</rp><rt>ji</rt><rp>)</rp></ruby>',
  '<p class="formula">E = mc<sup>2</sup>, H<sub>2</sub>O, and <var>x</var> + <var>y</var>.</p>',
  '<div class="toast" role="alert" aria-live="polite"><span class="toast-text">Saved to your list.</span><button type="button" class="toast-close" aria-label="Close">×</button></div>',
  '<section class="hero"><h2 class="hero-title">Autumn sale</h2><p class="hero-sub">Up to 30% off stoneware.</p><a class="hero-cta" href="/about.html?sale=autumn">Shop now</a></section>',
  '<fieldset class="prefs"><legend>Show me</legend><label><input type="radio" checked> Everything</label><label><input type="radio"> Only deals</label></fieldset>',
  '<div class="avatar-row"><img class="avatar" src="/logo.svg" alt="A" width="24" height="24"><img class="avatar" src="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=" alt="B" width="24" height="24"></div>',
  '<div class="kbd-help"><h5>Keyboard</h5><dl><dt><kbd>j</kbd></dt><dd>Next</dd><dt><kbd>k</kbd></dt><dd>Previous</dd></dl></div>',
  '<p class="bidi">Name: <bdi>إيان</bdi>: 3 points. <bdo dir="rtl">reversed</bdo></p>',
  '<div class="stat"><data value="1520">1,520</data> <span class="unit">views</span></div>',
  '<p class="inline-icons">Saved ' +
    svgIcon(ICON_PATHS[0]!, 0) +
    ' and shared ' +
    svgIcon(ICON_PATHS[11]!, 1) +
    '</p>',
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 20" width="100" height="20" role="img" aria-label="Spark line"><title>Price trend</title><polyline points="0,15 20,12 40,14 60,6 80,8 100,2" fill="none" stroke="teal" stroke-width="2"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><circle cx="16" cy="16" r="14" fill="#fde68a" stroke="#92400e"/><ellipse cx="11" cy="13" rx="2" ry="3" fill="#92400e"/><ellipse cx="21" cy="13" rx="2" ry="3" fill="#92400e"/><path d="M9 20q7 6 14 0" fill="none" stroke="#92400e" stroke-width="2"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40" height="40"><defs><linearGradient id="fade" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#60a5fa"/><stop offset="1" stop-color="#1e3a8a"/></linearGradient></defs><rect x="2" y="2" width="36" height="36" rx="8" fill="url(#fade)"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40" height="40"><defs><radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#f59e0b"/></radialGradient><clipPath id="round"><circle cx="20" cy="20" r="18"/></clipPath></defs><rect width="40" height="40" fill="url(#glow)" clip-path="url(#round)"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60" width="120" height="60"><rect x="5" y="30" width="20" height="25" fill="#94a3b8"/><rect x="35" y="15" width="20" height="40" fill="#64748b"/><rect x="65" y="5" width="20" height="50" fill="#334155"/><line x1="0" y1="55" x2="120" y2="55" stroke="#000"/><text x="95" y="20" font-size="10" font-family="sans-serif">+12%</text></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24"><g transform="rotate(45 12 12)" fill="currentColor" opacity="0.8"><rect x="10" y="2" width="4" height="20" rx="2"/><rect x="2" y="10" width="20" height="4" rx="2"/></g></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24"><polygon points="12,2 22,22 2,22" fill="#ef4444"/><text x="12" y="19" text-anchor="middle" font-size="12" fill="#fff"><tspan font-weight="bold">!</tspan></text></svg>',
];

/** Product cards, list rows and badges: the shapes a remixlet repeats over a page's items. */
const GENERATED_HTML: string[] = [
  ...PRODUCTS.map(
    (name, i) =>
      `<article class="product-card" aria-labelledby="p${i}"><img src="/logo.svg" alt="" width="48" height="48"><h3 id="p${i}" class="product-name">${name}</h3><p class="product-price">$${(9 + i * 3.5).toFixed(2)}</p><button type="button" class="add">Add to list</button></article>`,
  ),
  ...PRODUCTS.map((name, i) => `<li class="row${i % 2 ? ' odd' : ''}"><span class="name">${name}</span> <span class="qty">× ${i + 1}</span> <a class="more" href="/about.html?item=${i}">details</a></li>`),
  ...PRODUCTS.map((name, i) => `<span class="badge badge-${['new', 'sale', 'hot', 'last'][i % 4]}" title="${name}">${['New', 'Sale', 'Hot', 'Last one'][i % 4]}</span>`),
  ...ICON_PATHS.map((d, i) => `<button type="button" class="icon-btn" aria-label="Action ${i}">${svgIcon(d, i)}</button>`),
  ...ICON_PATHS.map((d, i) => `<a class="icon-link" href="/about.html?icon=${i}">${svgIcon(d, i)}<span class="label">Link ${i}</span></a>`),
  ...[1, 2, 3, 4, 5, 6].map(
    (n) =>
      `<table class="stats"><thead><tr>${Array.from({ length: n }, (_, c) => `<th scope="col">Col ${c + 1}</th>`).join('')}</tr></thead><tbody>${Array.from({ length: 3 }, (_, r) => `<tr>${Array.from({ length: n }, (_, c) => `<td>${r * n + c}</td>`).join('')}</tr>`).join('')}</tbody></table>`,
  ),
  ...['info', 'success', 'warning', 'error', 'neutral'].map((kind) => `<div class="alert alert-${kind}" role="${kind === 'error' ? 'alert' : 'status'}"><strong class="alert-title">${kind}</strong> <span class="alert-text">Something ${kind}-worthy happened.</span></div>`),
  ...['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day, i) => `<div class="day"><h4>${day}</h4><ul class="slots"><li>${9 + i}:00</li><li>${13 + (i % 3)}:30</li></ul></div>`),
  ...[2, 3, 4].map((cols) => `<div class="columns columns-${cols}">${Array.from({ length: cols }, (_, c) => `<section class="column"><h5>Part ${c + 1}</h5><p>Column text ${c + 1}.</p></section>`).join('')}</div>`),
  ...['Shipping', 'Returns', 'Warranty', 'Payment'].map((topic) => `<details class="accordion"><summary class="accordion-head">${topic}</summary><div class="accordion-body"><p>All about ${topic.toLowerCase()}.</p></div></details>`),
];

export const BENIGN_HTML: Array<{ id: string; html: string }> = [...HANDWRITTEN_HTML, ...GENERATED_HTML].map((html, i) => ({ id: `benign-html-${i}`, html }));

// The themes below pass var() to the background shorthand: each names a custom property the same sheet
// defines, which the page agent renames to the remixlet's own (contracts/policy/css-own-variables.ts), so no
// page rule can put a url() there. :invalid in a stylesheet goes in guarded (never true of a password
// field), so the submit hint is written with it.
const HANDWRITTEN_CSS: string[] = [
  ':root { --rmx-bg: #0f172a; --rmx-fg: #e2e8f0; --rmx-accent: #38bdf8; }\nbody.rmx-dark { background: var(--rmx-bg); color: var(--rmx-fg); }',
  '.card { border: 1px solid #e5e7eb; border-radius: 12px; padding: 16px; box-shadow: 0 1px 2px rgb(0 0 0 / 0.06), 0 4px 12px rgb(0 0 0 / 0.04); }',
  '.card:hover { transform: translateY(-2px); transition: transform 150ms ease-out, box-shadow 150ms ease-out; }',
  '.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap: 12px; }',
  '.toolbar { display: flex; gap: 8px; align-items: center; justify-content: space-between; flex-wrap: wrap; }',
  '.btn { font: inherit; padding: 6px 12px; border-radius: 6px; border: 1px solid currentColor; background: transparent; cursor: pointer; }\n.btn:focus-visible { outline: 2px solid #2563eb; outline-offset: 2px; }',
  'table.prices { border-collapse: collapse; width: 100%; }\ntable.prices th, table.prices td { padding: 4px 8px; border-bottom: 1px solid #ddd; text-align: left; }\ntable.prices tr:nth-child(even) td { background: #f9fafb; }',
  '.promo, .sponsored, [aria-label="Advertisement"] { display: none !important; }',
  '@media (prefers-color-scheme: dark) { .card { background: #111827; color: #f9fafb; border-color: #374151; } }',
  '@media (max-width: 600px) { .grid { grid-template-columns: 1fr; } .toolbar { flex-direction: column; } }',
  '@keyframes rmx-pulse { 0% { opacity: 1; } 50% { opacity: 0.4; } 100% { opacity: 1; } }\n.loading { animation: rmx-pulse 1.2s ease-in-out infinite; }',
  '.banner { background: linear-gradient(90deg, #fef3c7, #fde68a); padding: 8px 12px; border-left: 4px solid #f59e0b; }',
  '.hero { background-image: radial-gradient(circle at 20% 20%, #dbeafe, transparent 60%), linear-gradient(135deg, #eff6ff, #e0e7ff); }',
  '.tag { display: inline-block; padding: 2px 8px; border-radius: 999px; background: #eef2ff; color: #3730a3; font-size: 0.8em; }\n.tag + .tag { margin-left: 4px; }',
  'h1, h2, h3 { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; letter-spacing: -0.01em; line-height: 1.2; }',
  'body { font-size: clamp(15px, 1rem + 0.2vw, 18px); line-height: 1.6; -webkit-font-smoothing: antialiased; }',
  '.container { max-width: 72rem; margin-inline: auto; padding-inline: clamp(1rem, 3vw, 2rem); }',
  '.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }',
  '.steps { counter-reset: step; list-style: none; }\n.steps li::before { counter-increment: step; content: counter(step) ". "; font-weight: 600; }',
  '.rating .star { color: #d1d5db; }\n.rating .star.on { color: #f59e0b; }',
  '@supports (display: grid) { .columns { display: grid; grid-auto-flow: column; } }',
  '.card-list { container-type: inline-size; }\n@container (min-width: 500px) { .card { display: flex; gap: 16px; } }',
  'form:has(input:invalid) .submit-hint { display: block; color: #b91c1c; }',
  '.card { & .card-title { font-size: 1.25rem; margin: 0 0 4px; } &:focus-within { outline: 2px solid #6366f1; } }',
  '.toast { position: fixed; inset: auto 16px 16px auto; background: #111; color: #fff; padding: 10px 14px; border-radius: 8px; z-index: 1000; }',
  '.truncate { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }\n.clamp-3 { display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden; }',
  '.sticky-head thead th { position: sticky; top: 0; background: Canvas; }',
  '.chat .msg { max-width: 70%; padding: 6px 10px; border-radius: 12px; }\n.chat .mine { margin-left: auto; background: #dcfce7; }\n.chat .theirs { background: #f3f4f6; }',
  'mark { background: #fef08a; color: inherit; padding: 0 2px; }',
  'kbd { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; border: 1px solid #ccc; border-bottom-width: 2px; border-radius: 4px; padding: 0 4px; }',
  'pre code { display: block; overflow-x: auto; padding: 12px; background: #0b1020; color: #c9d1d9; border-radius: 8px; tab-size: 2; }',
  '::selection { background: #bfdbfe; }\n:focus:not(:focus-visible) { outline: none; }',
  '.skeleton { background: linear-gradient(90deg, #eee 25%, #f5f5f5 37%, #eee 63%); background-size: 400% 100%; animation: rmx-shimmer 1.4s ease infinite; }\n@keyframes rmx-shimmer { 0% { background-position: 100% 50%; } 100% { background-position: 0 50%; } }',
  '.avatar { width: 24px; height: 24px; border-radius: 50%; object-fit: cover; }\n.avatar-row .avatar + .avatar { margin-left: -8px; box-shadow: 0 0 0 2px #fff; }',
  '.icon { vertical-align: -0.125em; flex-shrink: 0; }\n.icon-btn { display: inline-grid; place-items: center; width: 32px; height: 32px; border-radius: 8px; }',
  'details.faq > summary { cursor: pointer; list-style: none; }\ndetails.faq > summary::-webkit-details-marker { display: none; }\ndetails[open].faq > summary { font-weight: 600; }',
  '.layout { display: grid; grid-template-areas: "head head" "side main" "foot foot"; grid-template-columns: 220px 1fr; min-height: 100vh; }',
  '.layout > header { grid-area: head; }\n.layout > aside { grid-area: side; }\n.layout > main { grid-area: main; }\n.layout > footer { grid-area: foot; }',
  'img { max-width: 100%; height: auto; }\nfigure { margin: 0; }\nfigcaption { font-size: 0.85em; color: #6b7280; }',
  '.alert { padding: 8px 12px; border-radius: 6px; }\n.alert-info { background: #e0f2fe; }\n.alert-success { background: #dcfce7; }\n.alert-warning { background: #fef9c3; }\n.alert-error { background: #fee2e2; }',
  '@media print { nav, aside, .toolbar { display: none; } a::after { content: " (" attr(href) ")"; } }',
  '.scroll-snap { scroll-snap-type: x mandatory; overflow-x: auto; display: flex; }\n.scroll-snap > * { scroll-snap-align: start; flex: 0 0 80%; }',
  '.bidi { unicode-bidi: isolate; }\n.reading rt { font-size: 0.6em; }',
  '.fade-in { animation: rmx-fade 200ms ease-out both; }\n@keyframes rmx-fade { from { opacity: 0; transform: translateY(4px); } to { opacity: 1; transform: none; } }',
  '@layer rmx { .card { color: inherit; } }\n@layer rmx { .tag { font-weight: 500; } }',
  '.product-card:has(.badge-sale) { border-color: #dc2626; }\n.product-card .product-price { font-variant-numeric: tabular-nums; }',
  'input[type="search"] { padding: 6px 10px; border: 1px solid #d1d5db; border-radius: 6px; min-width: 12rem; }\ninput[type="checkbox"] { accent-color: #2563eb; }',
  'select, textarea { font: inherit; border-radius: 6px; border: 1px solid #d1d5db; padding: 4px 8px; }\ntextarea { resize: vertical; }',
  'progress, meter { width: 8rem; height: 0.6rem; vertical-align: middle; }',
  '.stats td, .stats th { text-align: right; font-variant-numeric: tabular-nums; }\n.stats th:first-child, .stats td:first-child { text-align: left; }',
];

const PALETTES: Array<[string, string, string]> = [
  ['#fffbeb', '#78350f', '#d97706'],
  ['#f0fdf4', '#14532d', '#16a34a'],
  ['#eff6ff', '#1e3a8a', '#2563eb'],
  ['#fdf2f8', '#831843', '#db2777'],
  ['#f5f3ff', '#4c1d95', '#7c3aed'],
  ['#ecfeff', '#164e63', '#0891b2'],
  ['#fafaf9', '#1c1917', '#57534e'],
  ['#fef2f2', '#7f1d1d', '#dc2626'],
];

/** Themes and component styles over a few palettes: what "make this site calmer / darker / denser" looks like. */
const GENERATED_CSS: string[] = [
  ...PALETTES.map(([bg, fg, accent], i) => `.rmx-theme-${i} { --bg: ${bg}; --fg: ${fg}; --accent: ${accent}; background: var(--bg); color: var(--fg); }\n.rmx-theme-${i} a { color: var(--accent); text-decoration-thickness: 2px; }`),
  ...PALETTES.map(([bg, fg, accent], i) => `.badge-${['new', 'sale', 'hot', 'last', 'a', 'b', 'c', 'd'][i]} { background: ${bg}; color: ${fg}; border: 1px solid ${accent}; border-radius: 4px; padding: 0 6px; }`),
  ...PALETTES.map(([, fg, accent], i) => `.btn-${i} { color: #fff; background: ${accent}; border-color: ${accent}; }\n.btn-${i}:hover { background: color-mix(in srgb, ${accent} 85%, ${fg}); }`),
  ...[4, 8, 12, 16, 24, 32].map((n) => `.gap-${n} { gap: ${n}px; }\n.p-${n} { padding: ${n}px; }\n.m-${n} { margin: ${n}px; }`),
  ...[1, 2, 3, 4, 5, 6].map((n) => `.cols-${n} { display: grid; grid-template-columns: repeat(${n}, minmax(0, 1fr)); }`),
  ...['compact', 'cozy', 'roomy'].map((d, i) => `body.rmx-${d} { line-height: ${1.3 + i * 0.2}; }\nbody.rmx-${d} p, body.rmx-${d} li { margin-block: ${0.2 + i * 0.3}em; }`),
  ...[12, 14, 16, 18, 20].map((px) => `.text-${px} { font-size: ${px}px; }`),
  ...['left', 'center', 'right', 'justify'].map((a) => `.align-${a} { text-align: ${a}; }`),
  ...['ease', 'linear', 'ease-in-out'].map((e, i) => `.slide-${i} { transition: transform 200ms ${e}, opacity 200ms ${e}; }\n.slide-${i}.hidden { transform: translateX(-100%); opacity: 0; }`),
  ...[0.05, 0.1, 0.2].map((a, i) => `.shadow-${i} { box-shadow: 0 ${2 + i * 4}px ${6 + i * 8}px rgb(0 0 0 / ${a}); }`),
];

export const BENIGN_CSS: Array<{ id: string; css: string }> = [...HANDWRITTEN_CSS, ...GENERATED_CSS].map((css, i) => ({ id: `benign-css-${i}`, css }));

/** Inline styles through h.setStyle: property maps a remixlet sets on one element. */
const STYLE_MAPS: Array<Record<string, string>> = [
  { display: 'none' },
  { display: 'flex', gap: '8px', 'align-items': 'center' },
  { outline: '2px solid rgb(37, 99, 235)', 'outline-offset': '2px' },
  { 'background-color': '#fef3c7', color: '#78350f' },
  { 'font-weight': '600', 'font-size': '1.1rem' },
  { opacity: '0.5' },
  { border: '1px dashed #999', 'border-radius': '8px', padding: '4px 8px' },
  { position: 'sticky', top: '0', 'z-index': '10' },
  { 'max-height': '200px', 'overflow-y': 'auto' },
  { background: 'linear-gradient(90deg, #fff, #eee)' },
  { 'box-shadow': '0 2px 8px rgb(0 0 0 / 0.1)' },
  { transform: 'scale(1.05)', transition: 'transform 100ms ease' },
  { filter: 'grayscale(1)' },
  { 'text-decoration': 'line-through', color: 'gray' },
  { '--rmx-accent': 'teal', color: 'var(--rmx-accent)' },
  { 'grid-template-columns': 'repeat(3, 1fr)', display: 'grid' },
  { width: 'min(100%, 40rem)', 'margin-inline': 'auto' },
  { 'white-space': 'nowrap', overflow: 'hidden', 'text-overflow': 'ellipsis' },
  { cursor: 'pointer', 'user-select': 'none' },
  { visibility: 'hidden' },
  { 'font-family': '"Iowan Old Style", Georgia, serif' },
  { 'letter-spacing': '0.02em', 'text-transform': 'uppercase' },
  { 'background-color': 'rgb(220 252 231 / 0.6)', 'border-left': '4px solid #16a34a' },
  { 'pointer-events': 'none' },
  { 'accent-color': '#7c3aed' },
  { 'aspect-ratio': '16 / 9', 'object-fit': 'cover' },
  { order: '-1' },
  { 'clip-path': 'inset(0 round 8px)' },
  { 'mask-image': 'linear-gradient(to bottom, black 80%, transparent)' },
  { color: 'red !important' },
  { animation: 'none' },
  { 'content-visibility': 'auto', 'contain-intrinsic-size': 'auto 300px' },
  { 'scroll-margin-top': '64px' },
  { 'backdrop-filter': 'blur(4px)' },
  { 'font-variant-numeric': 'tabular-nums' },
  { 'line-height': '1.4', 'margin-block': '0.5em' },
  { 'border-collapse': 'collapse' },
  { 'list-style': 'none', 'padding-left': '0' },
  { 'text-align': 'center', 'vertical-align': 'middle' },
  { 'background-image': 'repeating-linear-gradient(45deg, #fafafa 0 10px, #f0f0f0 10px 20px)' },
];
export const BENIGN_STYLES: Array<{ id: string; props: Record<string, string> }> = STYLE_MAPS.map((props, i) => ({ id: `benign-style-${i}`, props }));
