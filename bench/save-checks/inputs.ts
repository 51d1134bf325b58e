// Deterministic inputs for the save-time check benchmark: a ~200 KB script.js and a ~100 KB style.css
// written the way remixlets are (dom and rmx calls, keeps, handlers, literals, selectors, media queries,
// images on the remixlet's own host), so both parsers and every rule of the checks get realistic work.
// Both pass the checks: a refused file could stop a check early and flatter it.

export const HOST = 'shop.example';

function scriptUnit(i: number): string {
  const n = `u${i.toString(36)}`;
  return `
// Section ${i}: keeps the ${n} panel tidy while the site redraws it.
const ${n}Config = Object.freeze({ selector: '.panel-${i} .item', limit: ${20 + (i % 50)}, label: \`Panel \${${i}}\`, hide: ['.promo-${i}', '.ad-${i % 7}'] });
let ${n}Seen = 0;
class ${n}Tracker {
  #count = 0;
  constructor(name = '${n}') { this.name = name; }
  add(by = 1) { this.#count += by; return this.#count; }
  get total() { return this.#count; }
}
const ${n}T = new ${n}Tracker();
async function ${n}Check() {
  const items = await dom.queryAll(${n}Config.selector, { limit: ${n}Config.limit });
  for (const sel of ${n}Config.hide) {
    const el = await dom.query(sel);
    if (el && !(await el.matches('[hidden], .gone'))) return false;
  }
  return items.length <= ${n}Config.limit && ${n}T.total >= 0;
}
async function ${n}Repair() {
  const panel = await dom.query('.panel-${i}');
  if (!panel) return;
  await dom.batch(async () => {
    for (const sel of ${n}Config.hide) {
      const el = await panel.query(sel);
      el?.hide();
    }
    panel.addClass('tidy-${i % 13}');
    panel.setAttr('state', \`ok-\${${n}T.add()}\`);
  });
  const badge = await dom.create('span', { attrs: { class: 'badge-${i}', title: ${n}Config.label }, text: String(++${n}Seen) });
  await panel.append(badge);
  const img = await dom.create('img', { attrs: { alt: 'icon ${i}' } });
  await img.setAttr('src', 'https://${HOST}/icons/${i % 40}.png');
}
rmx.keep('${n}', { check: ${n}Check, repair: ${n}Repair });
const ${n}Words = ${JSON.stringify(Array.from({ length: 6 }, (_, k) => `word-${i}-${k}`))};
const ${n}Pattern = /^(?:panel|card)-${i}-(\\d+)$/u;
function ${n}Format(value, { prefix = '#', pad = 3 } = {}) {
  const m = ${n}Pattern.exec(String(value));
  const digits = m ? m[1] : String(value ?? '').replace(/\\D+/g, '');
  return prefix + digits.padStart(pad, '0') + ' ' + ${n}Words[${i} % ${n}Words.length];
}
(await dom.query('#title-${i}'))?.on('click', (e) => { rmx.log('clicked', ${n}Format(e.target?.tag ?? ${i})); });
try {
  const stored = await rmx.storage.get('${n}-state');
  if (stored && typeof stored === 'object' && 'count' in stored) ${n}T.add(Number(stored.count) || 0);
} catch (err) {
  rmx.warn('storage unavailable for ${n}', err instanceof Error ? err.message : String(err));
}
const ${n}Totals = [${Array.from({ length: 8 }, (_, k) => (i * 7 + k) % 97).join(', ')}].map((x, k) => x * (k + 1)).filter((x) => x % 3 !== 0).reduce((a, b) => a + b, 0);
switch (${n}Totals % 4) {
  case 0: rmx.log('${n} even', ${n}Totals); break;
  case 1: rmx.log('${n} odd', ${n}Totals); break;
  default: rmx.log('${n} other', { totals: ${n}Totals, words: ${n}Words.length });
}
`;
}

function styleUnit(i: number): string {
  return `
/* Card ${i}: compact layout, a quieter palette and the remixlet's own badge. */
:root { --card-${i}-gap: ${4 + (i % 12)}px; --card-${i}-accent: hsl(${(i * 37) % 360} 60% 45%); }
.panel-${i} > .item:nth-child(2n + 1), .panel-${i} .item.is-active:not(.gone) { display: grid; grid-template-columns: 1fr auto; gap: var(--card-${i}-gap); padding: 0.25rem 0.5rem; }
.panel-${i} .item > h3::before { content: "\\2022  "; color: var(--card-${i}-accent, #333); font-weight: 600; }
.tidy-${i % 13} .promo-${i}, .tidy-${i % 13} .ad-${i % 7} { display: none !important; }
.badge-${i} { background: url("https://${HOST}/badges/${i % 40}.svg") no-repeat center / contain; inline-size: 1.25em; block-size: 1.25em; border-radius: 50%; }
@media (min-width: ${600 + (i % 5) * 100}px) and (prefers-reduced-motion: no-preference) {
  .panel-${i} { transition: opacity 120ms ease-in-out, transform 200ms cubic-bezier(0.2, 0, 0, 1); }
  .panel-${i}:hover { transform: translateY(-1px) scale(1.01); box-shadow: 0 1px 3px rgb(0 0 0 / 0.2), 0 4px 12px rgb(0 0 0 / 0.1); }
}
@supports (container-type: inline-size) { .panel-${i} { container: card-${i} / inline-size; } }
`;
}

function grow(unit: (i: number) => string, bytes: number): string {
  let out = '';
  for (let i = 0; out.length < bytes; i++) out += unit(i);
  return out;
}

export const SCRIPT = grow(scriptUnit, 200 * 1024);
export const STYLE = `@keyframes rmx-pulse { from { opacity: 0.6; } to { opacity: 1; } }\n${grow(styleUnit, 100 * 1024)}`;
